extension Router {
    /// The path of the route named `name`, with `params` percent-encoded per segment.
    ///
    /// For routes with optional parts, the expansion with the most parameters, all of them given,
    /// is used; among those, the first written. So `/feed(/rss)` gives `/feed`, and
    /// `/a(/b)(/:x)` with `x` gives `/a/1`, not `/a/b/1`. The result is checked by matching it, so `match(path(for:))` always gives back this
    /// route and these parameters.
    ///
    /// ```swift
    /// try router.path(for: "message", ["message_id": "7"])      // "/messages/7"
    /// try router.path(for: "files", ["path": "a b/c"])          // "/files/a%20b/c" (a glob)
    /// ```
    ///
    /// - Throws: ``RoutingError``: ``Status/internalError`` for an unknown name,
    ///   ``Status/badRequest`` for a missing or unknown parameter, a value that breaks its
    ///   constraint or that the URL parser would refuse (empty, `.`, `..`, control characters),
    ///   or a path that another route or a rewrite would take instead.
    public func path(for name: String, _ params: [String: String] = [:]) throws -> String {
        try path(for: name, params, query: nil)
    }

    /// The parameters the pattern of the route named `name` takes, in any of its optional parts,
    /// or `nil` when no route has that name: a lookup in the table built at init. For controllers
    /// that pass on only what the target takes (``SwitchyardControllers`` `Forward`).
    package func parameterNames(ofRouteNamed name: String) -> Set<String>? {
        guard let index = storage.routesByName[name] else { return nil }
        return Set(storage.compiledRoutes[index].expansions.joined().flatMap(\.parameterNames))
    }

    /// ``path(for:_:)-(String,[String:String])`` with `query` as the query items when given (typed
    /// reverse routing); without it, the parameters that the route's query conditions name are.
    func path(for name: String, _ params: [String: String], query: [(name: String, value: String)]?) throws
        -> String
    {
        let built = try buildPath(for: name, params, query: query, context: .path)
        try verify(built.path, routeIndex: built.index, params: built.pathParams)
        return built.path
    }

    /// The path (and query) of the route named `name`, its constraints checked for the link
    /// `context` describes, not yet verified by matching it. `hostParameters` are the values the
    /// link's host gives, which the path does not take.
    func buildPath(
        for name: String, _ params: [String: String], query: [(name: String, value: String)]?,
        context: LinkContext, hostParameters: Set<String> = []
    ) throws -> (path: String, index: Int, pathParams: [String: String]) {
        guard let index = storage.routesByName[name] else { throw unknownRoute(name) }
        let compiled = storage.compiledRoutes[index]
        let given = Set(params.keys).subtracting(hostParameters)
        guard let expansion = Self.expansion(of: compiled, given: given.contains) else {
            let missing = compiled.expansions[0].parameterNames.filter { !given.contains($0) }
            throw RoutingError(.badRequest, "route '\(name)' needs parameter '\(missing.first ?? "?")'")
        }
        let used = Set(expansion.parameterNames)
        // Items the route's query conditions name travel in the query, in name order.
        let conditionItems =
            query == nil ? given.subtracting(used).filter { compiled.route.query[$0] != nil }.sorted() : []
        if let extra = given.subtracting(used).subtracting(conditionItems).sorted().first {
            let hostNames = storage.scopes[index].hostParameters.joined().map(\.name)
            throw RoutingError(
                .badRequest,
                hostNames.contains(extra)
                    ? "'\(extra)' is a parameter of the host of route '\(name)': url(for:) builds the host, "
                        + "path(for:) builds a path only"
                    : "route '\(name)' (\(compiled.route.pattern)) has no parameter '\(extra)' here")
        }
        let queryItems = query ?? conditionItems.map { (name: $0, value: params[$0]!) }
        var path = try Self.path(
            of: expansion, compiled: compiled, caseSensitive: configuration.caseSensitive, context: context,
            keepsEmptySegments: configuration.emptySegments == .keep
        ) { params[$0]! }
        if !queryItems.isEmpty {
            path +=
                "?"
                + queryItems.map {
                    PercentEncoding.encodeQueryComponent($0.name) + "="
                        + PercentEncoding.encodeQueryComponent($0.value)
                }.joined(separator: "&")
        }
        return (path, index, params.filter { used.contains($0.key) })
    }

    /// The error for `name`, which names no route: `no route is named 'artcle'; did you mean
    /// 'article'?` when a route's name is near it (``Suggestions``). Shared by typed reverse routing.
    func unknownRoute(_ name: String) -> RoutingError {
        RoutingError(
            .internalError,
            "no route is named '\(name)'"
                + Suggestions.didYouMean(name, in: storage.routes.compactMap(\.name)))
    }

    /// A full URL for the route named `name`.
    ///
    /// Custom schemes fold the first path segment into the host position
    /// (`mailapp://messages/7`), or use the empty-host form (`mailapp:///a@b/7`) when that
    /// segment holds an `@` or `:`, which would read as user-info or a port; `http`/`https` need a
    /// host from ``Configuration/hosts``.
    /// `scheme` defaults to the first of ``Configuration/schemes`` in sorted order.
    ///
    /// ```swift
    /// try router.url(for: "message", ["message_id": "7"])                          // "mailapp://messages/7"
    /// try router.url(for: "message", ["message_id": "7"], scheme: "https", host: "mail.example.com")
    /// ```
    ///
    /// - Throws: what ``path(for:_:)-(String,[String:String])`` throws, and ``RoutingError`` with ``Status/badRequest``
    ///   for a scheme or host the router does not serve.
    public func url(
        for name: String, _ params: [String: String] = [:], scheme: String? = nil, host: String? = nil
    )
        throws -> String
    {
        try url(for: name, params, query: nil, scheme: scheme, host: host)
    }

    /// The URL of `path`, a path of the route named `name`, for `scheme` and `host`.
    func url(forPath path: String, of name: String, scheme: String?, host: String?) throws -> String {
        let route = storage.routes[storage.routesByName[name]!]
        let scheme = try self.scheme(for: route, given: scheme)
        if carriesHost(scheme) {
            // An exact host is the only default: a wildcard or `*` names no host to write.
            let hosts = route.hosts.isEmpty ? configuration.hosts : route.hosts
            let exact = hosts.filter { (try? HostPattern.parse($0).get())?.kind == .exact }
            guard let host = host ?? (hosts.count == 1 ? exact.first : nil) else {
                throw RoutingError(
                    .badRequest, "an \(scheme.lowercased()) URL needs `host:`, one of \(hosts.sorted())")
            }
            guard storage.served.hosts.contains(where: { $0.matches(host.utf8) }),
                SchemeName.isWeb(scheme.utf8) || storage.served.serves(scheme: scheme)
            else {
                throw RoutingError(
                    .badRequest,
                    "host '\(host)' is not served by the router's hosts \(configuration.hosts.sorted())")
            }
            let url =
                "\(scheme)://\(host)\(path.hasPrefix("/?") ? String(path.dropFirst()) : path == "/" ? "" : path)"
            try verifyScope(url, route: route)
            return url
        }
        guard host == nil else {
            throw RoutingError(
                .badRequest, "custom schemes put the first path segment where the host goes; pass no `host:`")
        }
        // The first segment goes where a host goes (`mailapp://messages/7`), and there a raw `@`
        // reads as user-info and a raw `:` as a port; the empty-host form keeps it in the path.
        let firstSegment = path.utf8.dropFirst().prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") }
        let needsEmptyHost = firstSegment.contains { $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":") }
        let url = needsEmptyHost ? "\(scheme)://\(path)" : "\(scheme):/\(path == "/" ? "/" : path)"
        guard storage.served.serves(scheme: scheme) else {
            throw RoutingError(.badRequest, "the router does not serve scheme '\(scheme)'")
        }
        try verifyScope(url, route: route)
        return url
    }

    /// Checks that `url` reaches `route` (its scope may leave the link out, or a route scoped to
    /// the link may take precedence). A route after `continueNext` routes in the link's chain is
    /// reached: they run, then it does.
    private func verifyScope(_ url: String, route: Route) throws {
        let candidates = candidates(url)
        guard let reached = candidates.first else {
            throw RoutingError(
                .badRequest, "\(url) would not reach \"\(route.pattern)\": its scope leaves this link out")
        }
        let index = storage.routesByName[route.name ?? ""]
        let chain = candidates.prefix { $0.routeIndex != index }
        guard chain.count < candidates.count, chain.allSatisfy(\.route.continueNext) else {
            throw RoutingError(
                .badRequest,
                "\(url) would reach \"\(reached.route.pattern)\" (\(reached.route.name ?? "unnamed")) instead, which this link reaches first"
            )
        }
    }

    /// Checks that `path` reaches the shape of route `routeIndex` with `params`: the route itself,
    /// or one of the same shape that a link of another scope would pick instead (the route's
    /// own links then reach it; ``url(for:_:scheme:host:)-(_,[String:String],_,_)`` checks that).
    private func verify(_ path: String, routeIndex: Int, params: [String: String]) throws {
        switch storage.resolve(path, source: .app) {
        case .rejected(let rejection):
            throw RoutingError(.badRequest, "the path \(path) would be refused: \(rejection.message)")
        case .unmatched:
            throw RoutingError(
                .badRequest,
                "the path \(path) would match no route (a query condition of the route is not met, or a rewrite changes it)"
            )
        case .matched(let match, _):
            let terminals = storage.trie.terminals
            var first = match.terminal
            while first > 0 && terminals[first - 1].groupEnd == terminals[match.terminal].groupEnd {
                first -= 1
            }
            let group = first..<Int(terminals[match.terminal].groupEnd)
            guard let own = group.first(where: { terminals[$0].routeIndex == routeIndex }) else {
                throw RoutingError(
                    .badRequest,
                    "the path \(path) would reach \"\(match.route.pattern)\" instead, which takes precedence")
            }
            // Another route of the shape may answer the bare path when the two differ in scheme or
            // host (the route's own links reach it: `url(for:)` checks those), or when it runs
            // first and continues. Differing only in query conditions, the path is the other's.
            let (target, reached) = (storage.scopes[routeIndex], storage.scopes[match.routeIndex])
            let sameLinks = target.schemes == reached.schemes && target.hosts == reached.hosts
            if match.routeIndex != routeIndex && sameLinks {
                let before = candidates(path).prefix { $0.routeIndex != routeIndex }
                if let blocker = before.first(where: { !$0.route.continueNext }) {
                    throw RoutingError(
                        .badRequest,
                        "the path \(path) would reach \"\(blocker.route.pattern)\" (\(blocker.route.name ?? "unnamed")) instead: the route's query conditions are not met, or that route's come first"
                    )
                }
            }
            // The same captures under the route's own parameter names.
            let values = Parameters(
                source: match.params.source, keys: terminals[own].keys, captures: match.params.captures,
                globIndex: terminals[own].globIndex)
            // Byte for byte: `String`'s `==` would accept a canonically equivalent spelling.
            for (name, value) in params where !(values[name]?.utf8.elementsEqual(value.utf8) ?? false) {
                throw RoutingError(
                    .badRequest, "the path \(path) would not give back '\(value)' for '\(name)'")
            }
        }
    }
}
