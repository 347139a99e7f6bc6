/// A URL parsed and rewritten, before any walk: what every lookup of one request starts from.
enum PreparedURL {
    /// The URL is malformed, over a limit, or for a scheme that never names an app, or a rewrite
    /// produced something that is not a bare path.
    case rejected(RoutingError)
    /// Well formed, for a scheme or host the router does not serve: no route is for it.
    case unserved(ResolvedURL)
    /// Ready for a walk.
    case routable(ResolvedURL)
}
