/// What the router makes of a URL before any stage runs: parsed, rewritten, matched.
enum Resolution: Sendable {
    /// The URL is malformed, over a limit, or for a scheme that never names an app.
    case rejected(RoutingError)
    /// No route is for this URL (its scheme or host may not even be served).
    case unmatched(ResolvedURL)
    /// `match` is the route the URL reaches from the source it was resolved for.
    case matched(RouteMatch, ResolvedURL)
}
