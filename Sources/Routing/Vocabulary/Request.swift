/// One request travelling through a ``Router``: the URL, what matched, and data added on the way.
///
/// Requests are values. A middleware returns a new one, usually with ``adding(_:)``. There is no
/// public way to choose a request's ``source``: only ``Connection`` and ``Router`` build requests,
/// so no stage can turn an external request into an in-app one.
public struct Request: Sendable {
    /// One reference for the whole request: a request is copied at every stage (into a
    /// middleware, out of it, into the response), and one reference count per copy is far
    /// cheaper than one per field.
    ///
    /// `@unchecked Sendable`: `route` and `params` are written only by `reroute(to:params:)`
    /// (`Pipeline/Request+Steering.swift`), and only while `isKnownUniquelyReferenced` holds, that
    /// is while the one `Request` writing is the only value anywhere that refers to the storage
    /// (copy-on-write, as `Array` does). A storage any other request, task or closure can see is
    /// never written: it is copied.
    ///
    /// Not private: the pipeline, which builds, checks and reroutes requests, reads it in place.
    final class Storage: @unchecked Sendable {
        let url: String
        let path: String
        let fragment: String?
        var route: Route?
        var params: Parameters
        let query: Query
        let data: [String: any Sendable]
        let source: Source
        /// The URL as the router parsed it, `nil` when the parser refused it.
        let parsed: ParsedURL?
        /// Whether a rewrite produced `path`.
        let isRewritten: Bool

        init(
            url: String, path: String, fragment: String?, route: Route?, params: Parameters, query: Query,
            data: [String: any Sendable], source: Source, parsed: ParsedURL?, isRewritten: Bool
        ) {
            self.url = url
            self.path = path
            self.fragment = fragment
            self.route = route
            self.params = params
            self.query = query
            self.data = data
            self.source = source
            self.parsed = parsed
            self.isRewritten = isRewritten
        }
    }

    var storage: Storage

    /// The URL this request was sent with, before any rewrite: the URL as received, or, after a
    /// redirect, the redirect's location (a bare path there takes the link's scheme and host:
    /// `mailapp://promo/spring` redirected to `/inbox` is `mailapp://inbox`).
    public var url: String { storage.url }
    /// The normalized path that was matched, after rewrites: no scheme, host, query, fragment or
    /// trailing slash, still percent-encoded (`/files/a%2Fb`).
    public var path: String { storage.path }
    /// The text after `#`, percent-decoded once; `nil` when the URL has none. It never takes
    /// part in matching.
    ///
    /// ```swift
    /// // mailapp://messages/7#reply-3
    /// request.fragment   // "reply-3"
    /// ```
    public var fragment: String? { storage.fragment }
    /// The link's scheme, lowercased (`https`, `mailapp`); `nil` for a bare path, and for a URL
    /// the parser refused.
    public var scheme: String? { storage.parsed?.schemeName }
    /// The link's host as the router matched it: lowercased, and mapped as browsers map hosts
    /// (`Bücher.example` is `xn--bcher-kva.example`), without a port. `nil` for a bare path, for
    /// a custom scheme whose text after `//` is a path segment (not one of
    /// ``Router/Configuration/hostSchemes``), and for a URL the parser refused.
    ///
    /// ```swift
    /// // https://FR.wikipedia.org/wiki/Chien
    /// request.host     // "fr.wikipedia.org"
    /// request.scheme   // "https"
    /// ```
    public var host: String? { storage.parsed?.hostName }
    /// The matched route; `nil` before matching and when nothing matched.
    public var route: Route? { storage.route }
    /// The decoded path parameters of ``route``.
    public var params: Parameters { storage.params }
    /// The decoded query items, in order, duplicates kept.
    public var query: Query { storage.query }
    /// Data from the sender (in-app `send(_:data:router:trusted:)`) and from middlewares.
    public var data: [String: any Sendable] { storage.data }
    /// Who sent the request.
    public var source: Source { storage.source }

    /// The URL as the router parsed it, `nil` when the parser refused it: `resolved`'s parse
    /// without the rest, for navigation stacks.
    var parsed: ParsedURL? { storage.parsed }

    init(
        url: String, path: String, fragment: String?, route: Route?, params: Parameters, query: Query,
        data: [String: any Sendable], source: Source, parsed: ParsedURL?, isRewritten: Bool
    ) {
        storage = Storage(
            url: url, path: path, fragment: fragment, route: route, params: params, query: query, data: data,
            source: source, parsed: parsed, isRewritten: isRewritten)
    }

    /// This request with another route and data: what the next candidate of the same URL runs
    /// with after a decline (nothing is parsed or decoded again), and what ``adding(_:)`` returns.
    func replacing(route: Route?, params: Parameters, data: [String: any Sendable]) -> Request {
        Request(
            url: url, path: path, fragment: fragment, route: route, params: params, query: query, data: data,
            source: source, parsed: storage.parsed, isRewritten: storage.isRewritten)
    }

    /// The application that opened the URL, for external requests that reported one.
    public var sourceApplication: String? { source.application }

    /// `true` when the request came from another app or a web page.
    public var isExternal: Bool { source != .app }

    /// The path parameter `name`, else the value of the query item `name` (its first, or its last
    /// as the router's `repeatedQueryItems` says): what a typed property of one value reads
    /// (``decode(_:)``).
    // Read in place: ``params`` and ``query`` copy their value out of the storage, a reference
    // count per field, and `decode` reads once per property.
    func parameterOrQueryItem(_ name: String) -> String? {
        storage.params[name] ?? storage.query[name]
    }

    /// Every value of the path parameter `name` (a glob's segments, another parameter's one
    /// value), else every value of the query item `name`: what a typed list property reads.
    func parameterOrQueryItems(_ name: String) -> [String] {
        storage.params.keys.contains(name) ? storage.params.segments(name) : storage.query.values(name)
    }

    /// A copy of the request with more data; where keys collide, the new values win.
    ///
    /// ```swift
    /// Middleware("user") { request in request.adding(["user": try await session.user()]) }
    /// ```
    public func adding(_ data: [String: any Sendable]) -> Request {
        replacing(route: route, params: params, data: self.data.merging(data) { _, new in new })
    }

    /// A copy of `request` with more data: ``adding(_:)``, in the spelling Yukina used, kept for
    /// code that migrates from it; ``adding(_:)`` reads better in new code.
    public init(request: Request, additionalData: [String: any Sendable]) {
        self = request.adding(additionalData)
    }
}
