/// One request travelling through a ``Router``: the URL, what matched, and data added on the way.
///
/// Requests are values. A middleware returns a new one, usually with ``adding(_:)``. There is no
/// public way to choose a request's ``source``: only ``Connection`` and ``Router`` build requests,
/// so no stage can turn an external request into an in-app one.
public struct Request: Sendable {
    /// The URL as received, before any rewrite.
    public let url: String
    /// The normalized path that was matched, after rewrites: no scheme, host, query, fragment or
    /// trailing slash, still percent-encoded (`/files/a%2Fb`).
    public let path: String
    /// The matched route; `nil` before matching and when nothing matched.
    public let route: Route?
    /// The decoded path parameters of ``route``.
    public let params: Parameters
    /// The decoded query items, in order, duplicates kept.
    public let query: Query
    /// Data from the sender (in-app `send(_:data:router:)`) and from middlewares.
    public let data: [String: any Sendable]
    /// Who sent the request.
    public let source: Source

    init(
        url: String, path: String, route: Route?, params: Parameters, query: Query,
        data: [String: any Sendable], source: Source
    ) {
        self.url = url
        self.path = path
        self.route = route
        self.params = params
        self.query = query
        self.data = data
        self.source = source
    }

    /// The application that opened the URL, for external requests that reported one.
    public var sourceApplication: String? {
        if case .external(let application) = source { return application }
        return nil
    }

    /// `true` when the request came from another app or a web page.
    public var isExternal: Bool { source != .app }

    /// A copy of the request with more data; where keys collide, the new values win.
    ///
    /// ```swift
    /// Middleware("user") { request in request.adding(["user": try await session.user()]) }
    /// ```
    public func adding(_ data: [String: any Sendable]) -> Request {
        Request(request: self, additionalData: data)
    }

    /// A copy of `request` with more data; where keys collide, the new values win.
    ///
    /// The spelling Yukina used; ``adding(_:)`` reads better in new code.
    public init(request: Request, additionalData: [String: any Sendable]) {
        self.init(
            url: request.url, path: request.path, route: request.route, params: request.params,
            query: request.query, data: request.data.merging(additionalData) { _, new in new },
            source: request.source)
    }

    func replacing(path: String, route: Route?, params: Parameters) -> Request {
        Request(url: url, path: path, route: route, params: params, query: query, data: data, source: source)
    }
}
