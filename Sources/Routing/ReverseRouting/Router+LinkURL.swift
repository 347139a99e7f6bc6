/// URLs of routes whose links carry meaning reverse routing must write: host parameters
/// (`:lang.wikipedia.org`) and constraints that read the link.
extension Router {
    /// ``url(for:_:scheme:host:)-(_,[String:String],_,_)`` with `query` as the query items when
    /// given (typed reverse routing). A route whose host has parameters or whose constraints
    /// read the link gets its host first, then a path checked against that link, then the
    /// whole URL matched back.
    func url(
        for name: String, _ params: [String: String], query: [(name: String, value: String)]?,
        scheme: String?,
        host: String?
    ) throws -> String {
        guard let index = storage.routesByName[name] else { throw unknownRoute(name) }
        let scope = storage.scopes[index]
        guard !scope.hostParameters.isEmpty || !scope.linkChecks.isEmpty else {
            return try url(
                forPath: path(for: name, params, query: query), of: name, scheme: scheme, host: host)
        }
        let route = storage.routes[index]
        let scheme = try self.scheme(for: route, given: scheme)
        let (host, hostValues) = try linkHost(
            of: index, name: name, scheme: scheme, given: host, params: params)
        let context = LinkContext(
            scheme: ASCIICaseFolding.lowercased(scheme), host: host.map(ASCIICaseFolding.lowercased),
            hostParameters: hostValues)
        let built = try buildPath(
            for: name, params, query: query, context: context, hostParameters: Set(hostValues.keys))
        let url = try url(forPath: built.path, of: name, scheme: scheme, host: host)
        // The URL reaches the route (`url(forPath:)` checked): it must give these values back.
        if let match = storage.match(url, source: .app), match.routeIndex == index {
            for (parameter, value) in built.pathParams.merging(
                hostValues, uniquingKeysWith: { own, _ in own })
            where !(match.params[parameter]?.utf8.elementsEqual(value.utf8) ?? false) {
                throw RoutingError(.badRequest, "\(url) would not give back '\(value)' for '\(parameter)'")
            }
        }
        return url
    }

    /// `given`, or the route's default scheme: its own first, `https` for a route scoped to
    /// hosts only, else the router's first.
    func scheme(for route: Route, given: String?) throws -> String {
        let defaultScheme =
            route.schemes.sorted().first
            ?? (route.hosts.isEmpty ? configuration.schemes.sorted().first : "https")
        guard let scheme = given ?? defaultScheme else {
            throw RoutingError(.badRequest, "the router has no schemes configured; pass `scheme:`")
        }
        return scheme
    }

    /// Whether links of `scheme` carry a host: `http(s)`, and the router's host schemes.
    func carriesHost(_ scheme: String) -> Bool {
        SchemeName.isWeb(scheme.utf8) || ASCIICaseFolding.contains(configuration.hostSchemes, scheme.utf8)
    }

    /// The host of a link to route `index` and its host parameters: read from `given` when
    /// there is one, else built from the route's one host entry and `params`. `nil` for a scheme
    /// whose links carry no host, or a route without hosts and no host given.
    private func linkHost(
        of index: Int, name: String, scheme: String, given: String?, params: [String: String]
    )
        throws -> (host: String?, values: [String: String])
    {
        let route = storage.routes[index]
        guard carriesHost(scheme), given != nil || !route.hosts.isEmpty else { return (given, [:]) }
        let (host, values) = try chosenHost(
            of: index, name: name, scheme: scheme, given: given, params: params)
        for (parameter, value) in values where params[parameter].map({ $0 != value }) ?? false {
            throw RoutingError(
                .badRequest,
                "host '\(host)' gives '\(parameter)' the value '\(value)', not '\(params[parameter]!)'")
        }
        return (host, values)
    }

    /// The host `given`, or the route's one host entry filled from `params`, and the host
    /// parameters it gives.
    private func chosenHost(
        of index: Int, name: String, scheme: String, given: String?, params: [String: String]
    )
        throws -> (host: String, values: [String: String])
    {
        let route = storage.routes[index]
        if let given {
            guard let values = hostParameters(of: index, scheme: scheme, host: given) else {
                throw RoutingError(
                    .badRequest,
                    "host '\(given)' is not one of the hosts of route '\(name)' \(route.hosts.sorted()), or its host parameters break their constraints"
                )
            }
            return (given, values)
        }
        guard route.hosts.count == 1, let entry = route.hosts.first,
            case .success(let pattern) = HostPattern.parse(entry), pattern.kind != .wildcard,
            pattern.kind != .any
        else {
            throw RoutingError(
                .badRequest,
                "route '\(name)' has the hosts \(route.hosts.sorted()): pass `host:` to choose one")
        }
        let host =
            try pattern.labels.isEmpty
            ? entry
            : pattern.labels.map { label throws -> String in
                guard let parameter = label.parameter else { return label.text }
                guard let value = params[parameter] else {
                    throw RoutingError(
                        .badRequest, "route '\(name)' needs host parameter '\(parameter)' (or pass `host:`)")
                }
                return value
            }.joined(separator: ".")
        guard case .success(let built) = HostPattern.parse(host), built.kind == .exact,
            let values = hostParameters(of: index, scheme: scheme, host: host)
        else {
            throw RoutingError(
                .badRequest, "the host '\(host)' built for route '\(name)' is not a host it matches")
        }
        return (host, values)
    }

    /// The host parameters route `index` reads from `host` in a link of `scheme`, or `nil` when
    /// none of its host entries matches `host` with their constraints holding.
    private func hostParameters(of index: Int, scheme: String, host: String) -> [String: String]? {
        let scope = storage.scopes[index]
        let link = scheme + "://" + host
        return link.utf8.withContiguousStorageIfAvailable { bytes -> [String: String]? in
            let range = (scheme.utf8.count + 3)..<bytes.count
            guard let entry = scope.hostEntry(for: range, in: bytes) else { return nil }
            return Dictionary(
                scope.hostParameterValues(entry, host: range, in: bytes),
                uniquingKeysWith: { first, _ in first })
        } ?? nil
    }
}
