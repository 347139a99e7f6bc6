extension Router {
    /// How a router reads URLs, and what it does around the pipeline.
    ///
    /// ```swift
    /// Router.Configuration(schemes: ["mailapp"], hosts: ["mail.example.com"], maxRedirects: 3)
    /// ```
    public struct Configuration: Sendable {
        /// Custom schemes the app owns, written bare (`mailapp`, not `mailapp://`), compared ASCII
        /// case-insensitively. Empty accepts any scheme other than `http`/`https`, except
        /// `javascript`, `data`, `file`, `about`, `blob` and `vbscript`, which never name an app.
        /// Listing one of those, `http`, `https` (web links are served by ``hosts``) or a name
        /// that is not a scheme is a ``RouteTableError`` at init.
        public var schemes: Set<String>
        /// Hosts served for `http`/`https` links (universal links): an exact host
        /// (`example.com`), a wildcard (`*.example.com`: one or more labels before the domain, not
        /// the domain itself) or `*` (every host). Entries are bare host names: a scheme, port or
        /// path in one (`https://mail.example.com`, `mail.example.com:443`) is a
        /// ``RouteTableError`` at init that names the bare host, since a link's port is ignored.
        /// A link's host is parsed as browsers parse it (`ex%41mple.com` is `example.com`,
        /// `bücher.example` is `xn--bcher-kva.example`) and then compared ASCII
        /// case-insensitively; write internationalized hosts in punycode. Empty
        /// serves no web link. A link to a scheme or host not served reaches no route: the
        /// ``notFound`` controller answers it.
        public var hosts: Set<String>
        /// `false` compares literal segments with ASCII case folded (`/Inbox` matches `/inbox`).
        public var caseSensitive: Bool
        /// `true` reads `+` in the query as a space, as HTML forms write it.
        public var plusAsSpace: Bool
        /// How many redirects ``Connection`` follows before answering ``Status/loopDetected``; `0`
        /// follows none: the 303 itself is the answer, for callers that navigate themselves.
        public var maxRedirects: Int
        /// Size limits checked before any other work; over one gives ``Status/uriTooLong``.
        public var limits: Limits
        /// Answers requests that match no route, including links to schemes or hosts the router
        /// does not serve (a web-view fallback can open those); `nil` gives a plain
        /// ``Status/notFound`` response. Links whose scheme runs code never reach it.
        public var notFound: Controller?
        /// See every final response with its duration.
        public var observers: [any RouteObserver]
        /// Custom schemes whose links carry a web host, as `ksr://www.kickstarter.com/projects/1/2`
        /// does: for them the text after `//` is a host, parsed as a web link's host is and
        /// served by ``hosts``, and the path starts after it. Such a link reaches a route when the
        /// route's `schemes` is empty or holds the scheme, and its `hosts` is empty or matches the
        /// host. Each entry must be one of ``schemes`` when that is not empty. Empty (the default):
        /// the text after `//` of every custom scheme is the first path segment.
        public var hostSchemes: Set<String>
        /// What a path with an empty segment (`/wiki//dev/null`, `//projects/1`) means; ``EmptySegments/refuse``
        /// (400) by default. A trailing `/` is ignored in every mode.
        public var emptySegments: EmptySegments
        /// The scheme a protocol-relative link (`//en.wikipedia.org/wiki/Dog`, as web pages write
        /// links) takes when it is sent in-app or as content; `nil` (the default) refuses such a
        /// link (400). From outside it is always a 400: the OS never delivers one. ``Request/url``
        /// is then the absolute URL (`https://en.wikipedia.org/wiki/Dog`).
        public var protocolRelativeScheme: String?
        /// Which value of a repeated query item (`?diff=x&diff=20`) is *the* value: the one query
        /// conditions check, `request.query[name]` gives, `decode` reads and a missing path
        /// parameter falls back to. ``RepeatedQueryItems/first`` by default.
        public var repeatedQueryItems: RepeatedQueryItems

        /// Creates a configuration; every argument has a sensible default, which keeps the
        /// behaviour of earlier releases.
        public init(
            schemes: Set<String> = [], hosts: Set<String> = [], caseSensitive: Bool = true,
            plusAsSpace: Bool = false, maxRedirects: Int = 5, limits: Limits = Limits(),
            notFound: Controller? = nil, observers: [any RouteObserver] = [],
            hostSchemes: Set<String> = [], emptySegments: EmptySegments = .refuse,
            protocolRelativeScheme: String? = nil, repeatedQueryItems: RepeatedQueryItems = .first
        ) {
            self.schemes = schemes
            self.hosts = hosts
            self.caseSensitive = caseSensitive
            self.plusAsSpace = plusAsSpace
            self.maxRedirects = maxRedirects
            self.limits = limits
            self.notFound = notFound
            self.observers = observers
            self.hostSchemes = hostSchemes
            self.emptySegments = emptySegments
            self.protocolRelativeScheme = protocolRelativeScheme
            self.repeatedQueryItems = repeatedQueryItems
        }
    }

    /// Size limits on incoming URLs, checked before parsing: a URL over one gets
    /// ``Status/uriTooLong``.
    public struct Limits: Sendable, Hashable {
        /// Most bytes of UTF-8 in the whole URL.
        public var urlBytes: Int
        /// Most segments in the path.
        public var segments: Int
        /// Most items in the query.
        public var queryItems: Int

        /// Creates limits; the defaults are 8192 bytes, 64 segments and 256 query items.
        public init(urlBytes: Int = 8192, segments: Int = 64, queryItems: Int = 256) {
            self.urlBytes = urlBytes
            self.segments = segments
            self.queryItems = queryItems
        }
    }
}
