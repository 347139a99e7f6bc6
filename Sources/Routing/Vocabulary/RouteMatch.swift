/// The result of a dry run (``Router/match(_:source:)``): which route a URL reaches, with its
/// parameters. No middleware, policy or controller has run.
public struct RouteMatch: Sendable {
    /// The route the URL reaches.
    public let route: Route
    /// Its parameters, decoded when read.
    public let params: Parameters
    /// The route's position in the router's table (registration order), and the terminal the
    /// walk ended at in the trie it walked (its group holds the routes of the same shape), in
    /// one word: a match is copied on every return, and past 128 bytes a copy is a `memcpy` call.
    private let indices: (route: Int32, terminal: Int32)

    /// The route's position in ``Router/routes``: two matches with the same index reached the
    /// same route.
    package var routeIndex: Int { Int(indices.route) }
    var terminal: Int { Int(indices.terminal) }

    init(route: Route, params: Parameters, routeIndex: Int, terminal: Int) {
        self.route = route
        self.params = params
        self.indices = (Int32(truncatingIfNeeded: routeIndex), Int32(truncatingIfNeeded: terminal))
    }
}
