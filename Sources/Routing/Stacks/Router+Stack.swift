extension Router {
    /// The matches ``Connection/sendStack(_:data:router:trusted:)`` would send for `url` from
    /// `source`, root first: each ancestor whose URL the router matches to that ancestor, then
    /// the link's own match. Empty when the link matches nothing; just the link's match when its
    /// route has no parent. A dry run, like ``match(_:source:)``: no stage runs, so it cannot
    /// know which ancestors a policy would refuse.
    ///
    /// ```swift
    /// router.stack(for: "mailapp://folders/7/messages/42").map(\.route.name)   // ["folder", "message"]
    /// ```
    public func stack(for url: String, source: Source = .app) -> [RouteMatch] {
        guard case .matched(let link, let resolved) = storage.resolve(url, source: source) else { return [] }
        guard link.route.parent != nil else { return [link] }
        let ancestors = ancestorLinks(of: link.route, params: link.params, after: resolved.parsed)
        var stack = ancestors.compactMap { ancestor in
            match(ancestor.url, source: source).flatMap { $0.route.name == ancestor.name ? $0 : nil }
        }
        stack.append(link)
        return stack
    }

    /// The URLs of `route`'s ancestors, root first, each with the ancestor's name: built by
    /// reverse routing (`path(for:)`'s expansion and encoding) from `params` (the values each
    /// ancestor's pattern names), with the scheme, host and port of `link` and no query or
    /// fragment. An ancestor whose URL cannot be built (a value its constraint refuses) is left
    /// out. The URLs are not checked against the table here: whoever sends or matches one checks
    /// that the ancestor's own route takes it. `link` is the link as the router parsed it (`nil`
    /// if it refused it): nothing is parsed again.
    func ancestorLinks(of route: Route, params: Parameters, after link: ParsedURL?) -> [(
        name: String, url: String
    )] {
        let names = ancestorNames(of: route)
        guard !names.isEmpty else { return [] }
        let origin = RedirectLocation.origin(of: link)
        var links: [(name: String, url: String)] = []
        links.reserveCapacity(names.count)
        for name in names.reversed() {
            guard let index = storage.routesByName[name] else { continue }
            let compiled = storage.compiledRoutes[index]
            guard let expansion = Self.expansion(of: compiled, given: { params.raw($0) != nil }),
                let url = try? Self.path(
                    of: expansion, compiled: compiled, prefix: origin,
                    caseSensitive: storage.configuration.caseSensitive,
                    context: linkContext(of: index, link: link, params: params), value: { params[$0] ?? "" })
            else { continue }
            links.append((name, url))
        }
        return links
    }

    /// What the constraints of route `index` that read the link see when its URL is built from
    /// `link` and `params`: the link's scheme and host, and the values `params` holds for the
    /// route's host parameters. Built only for a route that has such a constraint.
    private func linkContext(of index: Int, link: ParsedURL?, params: Parameters) -> LinkContext {
        let scope = storage.scopes[index]
        guard !scope.linkChecks.isEmpty, let link else { return .path }
        var hostParameters: [String: String] = [:]
        for parameter in scope.hostParameters.joined() {
            hostParameters[parameter.name] = params[parameter.name]
        }
        return LinkContext(scheme: link.schemeName, host: link.hostName, hostParameters: hostParameters)
    }

    /// The names of `route`'s ancestors, its parent first.
    func ancestorNames(of route: Route) -> [String] {
        var names: [String] = []
        var next = route.parent
        // `Router.init` refused unknown parents and cycles; the bound only guards the loop.
        while let name = next, let index = storage.routesByName[name], names.count < storage.routes.count {
            names.append(name)
            next = storage.routes[index].parent
        }
        return names
    }
}
