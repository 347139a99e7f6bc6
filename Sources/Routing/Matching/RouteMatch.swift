/// The result of a dry run (``Router/match(_:source:)``): which route a URL reaches, with its
/// parameters. No middleware, policy or controller has run.
public struct RouteMatch: Sendable {
    /// The route the URL reaches.
    public let route: Route
    /// Its parameters, decoded when read.
    public let params: Parameters
    /// The route's position in the router's table (registration order).
    let routeIndex: Int
    /// The terminal the walk ended at, in the trie it walked: its group holds the routes of the
    /// same shape.
    var terminal = -1
}
