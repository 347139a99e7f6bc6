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
        let ancestors = ancestors(of: link.route, params: link.params, after: resolved.parsed)
        var stack: [RouteMatch] = []
        stack.reserveCapacity(ancestors.count + 1)
        for position in 0..<ancestors.count {
            guard let url = ancestors.url(at: position), let match = match(url, source: source),
                match.routeIndex == ancestors.paths[position].routeIndex
            else { continue }
            stack.append(match)
        }
        stack.append(link)
        return stack
    }

    /// The ancestors of `route`, root first, ready to write their URLs from `params` (the values
    /// each ancestor's pattern names) with the scheme, host and port of `link` (the link as the
    /// router parsed it, `nil` if it refused it: nothing is parsed again).
    func ancestors(of route: Route, params: consuming Parameters, after link: ParsedURL?) -> AncestorLinks {
        AncestorLinks(storage: storage, paths: ancestorPaths(of: route), params: params, link: link)
    }

    /// The URLs of `route`'s ancestors, root first, each with the ancestor's name: built as
    /// reverse routing builds them (`path(for:)`'s expansion and encoding) from `params` (the
    /// values each ancestor's pattern names), with the scheme, host and port of `link` and no
    /// query or fragment. An ancestor whose URL cannot be built (a value its constraint refuses)
    /// is left out. The URLs are not checked against the table here: whoever sends or matches one
    /// checks that the ancestor's own route takes it. `link` is the link as the router parsed it
    /// (`nil` if it refused it): nothing is parsed again.
    func ancestorLinks(of route: Route, params: Parameters, after link: ParsedURL?) -> [(
        name: String, url: String
    )] {
        let ancestors = ancestors(of: route, params: params, after: link)
        return (0..<ancestors.count).compactMap { position in
            ancestors.url(at: position).map { (ancestors.name(at: position), $0) }
        }
    }

    /// The names of `route`'s ancestors, its parent first.
    func ancestorNames(of route: Route) -> [String] {
        ancestorPaths(of: route).reversed().map(\.name)
    }

    /// The lineage of `route`'s parent, resolved at init. A route of another router (a controller
    /// may answer with another router's response) has its parent looked up by name here.
    private func ancestorPaths(of route: Route) -> [AncestorPath] {
        guard let parent = route.parent,
            let index = storage.lineages.parent(of: route) ?? storage.routesByName[parent]
        else { return [] }
        return storage.lineages.ancestors(underParent: index)
    }
}
