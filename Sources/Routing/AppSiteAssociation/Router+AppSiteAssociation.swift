extension Router {
    /// The `apple-app-site-association` file for `host`, built from the public routes that
    /// links to `host` reach: unscoped routes, and routes whose `hosts:` name it.
    ///
    /// Each route gives one component per expansion of its optional parts, in registration
    /// order, with a `comment` naming the route. The file is the tightest the format allows:
    /// - a literal segment is written as is; a parameter constrained by `oneOf` becomes a
    ///   substitution variable of its values (`$(feed_kind)`, named after the route and the
    ///   parameter, so two routes never share one); any other parameter or glob becomes `?*`
    ///   (one or more characters). A pattern cannot say "one segment" or "digits", so the file
    ///   may cover more than the router answers: the router still decides, and answers the rest
    ///   with its not-found controller;
    /// - no component for a trailing `/`: iOS ignores one, in the pattern and in the link;
    /// - query conditions become a `"?"` dictionary: `*` for a constraint that accepts the
    ///   empty value (iOS reads a missing item as empty), `?*` for one that does not;
    /// - settings every component shares go once into the entry's `defaults`: a router that
    ///   ignores case writes `"caseSensitive": false` there. A component whose literals a URL
    ///   carries percent-encoded (`/café`) is written decoded, with `"percentEncoded": false`,
    ///   because the router compares decoded text.
    ///
    /// Private routes never appear, not even as exclusions: the file is public, and listing them
    /// would publish them. A rewrite written as a pattern (`Rewrite("/msg/:id", to: …)`) adds
    /// its pattern's components after the routes' when a link it takes reaches a public route;
    /// a closure rewrite cannot be described, so give the links it takes routes or components of
    /// their own. A host the router does not serve gives a file with no components.
    ///
    /// ```swift
    /// let file = router.appSiteAssociation(appIDs: ["ABCDE12345.com.example.mail"], host: "mail.example.com")
    /// FileManager.default.createFile(atPath: "apple-app-site-association", contents: file.jsonData())
    /// ```
    ///
    /// - Parameters:
    ///   - appIDs: The apps that open the links, as `TEAMID.bundle.identifier`.
    ///   - host: The domain that serves the file, as its links name it (`mail.example.com`).
    /// - Returns: The file, with one entry naming `appIDs`.
    public func appSiteAssociation(appIDs: [String], host: String) -> AppSiteAssociation {
        var components: [AppSiteAssociation.Component] = []
        var positions: [AppSiteAssociation.Component: Int] = [:]
        var variables = AppSiteVariables()
        let routeComponents = storage.publicRoutes(reachingHost: host).flatMap {
            storage.appSiteComponents(of: $0, variables: &variables)
        }
        for component in routeComponents + rewriteComponents(host: host) {
            var key = component
            key.comment = nil
            // Two routes of one shape (told apart by scope or priority) give one component.
            if let position = positions[key] {
                let comments = [components[position].comment, component.comment].compactMap { $0 }
                components[position].comment = comments.joined(separator: "; ")
                continue
            }
            positions[key] = components.count
            components.append(component)
        }
        // Settings every component shares go once into the entry's defaults.
        var defaults = AppSiteAssociation.Defaults()
        if !storage.configuration.caseSensitive { defaults.caseSensitive = false }
        if !components.isEmpty && components.allSatisfy({ $0.percentEncoded == false }) {
            defaults.percentEncoded = false
            for index in components.indices { components[index].percentEncoded = nil }
        }
        let detail = AppSiteAssociation.Detail(
            appIDs: appIDs, components: components,
            defaults: defaults == AppSiteAssociation.Defaults() ? nil : defaults)
        return AppSiteAssociation(
            applinks: .init(
                details: [detail], substitutionVariables: variables.values.isEmpty ? nil : variables.values),
            host: host)
    }
}

/// The substitution variables a generated file defines: one per `oneOf` path parameter, named
/// after its route and parameter (`settings.labs_flag`), so two routes never share one.
struct AppSiteVariables {
    var values: [String: [String]] = [:]

    /// The name of the variable holding `values`, for `parameter` of `route`, defined once.
    mutating func name(for parameter: String, of route: Route, index: Int, values: [String]) -> String {
        let base = "\(route.name ?? "route\(index + 1)")_\(parameter)"
        // A route named `route2` could meet the unnamed second route: the later one is numbered.
        let name = self.values[base].map { $0 == values } ?? true ? base : "\(base)_\(index + 1)"
        self.values[name] = values
        return name
    }
}

extension Router {
    /// The components of the template rewrites that take a link to `host` to a public route:
    /// what the rewrite's pattern covers, named after the rewrite.
    func rewriteComponents(host: String) -> [AppSiteAssociation.Component] {
        storage.rewrites.flatMap { rewrite -> [AppSiteAssociation.Component] in
            let reachesPublicRoute = rewrite.patternExpansions.contains { expansion in
                guard let path = Self.samplePath(of: expansion, constraint: Self.rewriteConstraint) else {
                    return false
                }
                return !candidates("https://\(host)\(path)", source: .external(sourceApplication: nil))
                    .isEmpty
            }
            guard reachesPublicRoute else { return [] }
            return storage.appSiteComponents(
                of: rewrite.patternExpansions, query: nil, decodedQuery: false,
                comment: "rewrite \(rewrite.name)")
        }
    }
}

extension CompiledRouter {
    /// The public routes an `https` link to `host` reaches, in registration order; none when
    /// the router does not serve `host`.
    func publicRoutes(reachingHost host: String) -> [Int] {
        routes(reachingHost: host, public: true)
    }

    /// The routes of one access an `https` link to `host` reaches (or would, were they public):
    /// unscoped routes, and routes whose `hosts:` name it. None when the router does not serve
    /// `host`, one host name.
    func routes(reachingHost host: String, public: Bool) -> [Int] {
        guard case .success(let pattern) = HostPattern.parse(host), pattern.kind == .exact,
            served.hosts.contains(where: { $0.covers(pattern) })
        else { return [] }
        return routes.indices.filter { index in
            let scope = scopes[index]
            return routes[index].isPublic == `public`
                && (scope.isUnscoped || scope.reaches(webHost: host))
        }
    }

    /// The components that cover route `index`; its `oneOf` path parameters become variables.
    func appSiteComponents(of index: Int, variables: inout AppSiteVariables) -> [AppSiteAssociation.Component]
    {
        let route = routes[index]
        let conditions = scopes[index].conditions
        let query: AppSiteAssociation.QueryPattern? =
            conditions.isEmpty
            ? nil
            : .items(
                Dictionary(
                    conditions.map { ($0.name, $0.constraint.accepts("") ? "*" : "?*") },
                    uniquingKeysWith: { first, _ in first }))
        let decodedQuery = conditions.contains { PercentEncoding.encodeQueryComponent($0.name) != $0.name }
        let constraints = compiledRoutes[index].constraints
        return appSiteComponents(
            of: compiledRoutes[index].expansions, query: query, decodedQuery: decodedQuery,
            comment: route.name.map { "\($0): \(route.pattern)" } ?? route.pattern
        ) { name in
            guard case .oneOf(let allowed) = constraints[name]?.kind else { return nil }
            let values = allowed.map { String(decoding: $0, as: UTF8.self) }
            return (variables.name(for: name, of: route, index: index, values: values), values)
        }
    }

    /// One component per expansion. Literals are written as is, inside a segment too; a parameter
    /// `variable` names is written `$(variable)`, other parameters and globs `?*` (a glob's tail
    /// after it). A component is written decoded when
    /// a literal's or a value's text and its percent-encoded form differ, because the router
    /// compares decoded text. A trailing `/` needs no component of its own: iOS ignores it.
    func appSiteComponents(
        of expansions: [[PatternSegment]], query: AppSiteAssociation.QueryPattern?, decodedQuery: Bool,
        comment: String, variable: (String) -> (name: String, values: [String])? = { _ in nil }
    ) -> [AppSiteAssociation.Component] {
        var decoded = decodedQuery
        var paths: [String] = []
        for expansion in expansions {
            func literal(_ text: String) -> String {
                if PercentEncoding.encodeSegment(text) != text { decoded = true }
                return text
            }
            func parameter(_ name: String) -> String {
                guard let (variableName, values) = variable(name) else { return "?*" }
                if values.contains(where: { PercentEncoding.encodeSegment($0) != $0 }) { decoded = true }
                return "$(\(variableName))"
            }
            // A segment pattern keeps its literals: `/files/?*.html`, `/media/?*.ogg`.
            func pieces(_ pieces: [PatternPiece]) -> String {
                pieces.map { piece in
                    switch piece {
                    case .literal(let text): literal(text)
                    case .parameter(let name, _): parameter(name)
                    }
                }.joined()
            }
            let segments = expansion.map { segment -> String in
                switch segment {
                case .literal(let text): literal(text)
                case .parameter(let name, _): parameter(name)
                case .pieces(let list): pieces(list)
                case .glob(_, _, let tail): "?*" + pieces(tail)
                }
            }
            paths.append("/" + segments.joined(separator: "/"))
        }
        return paths.map { path in
            AppSiteAssociation.Component(
                path: path, query: query, percentEncoded: decoded ? false : nil, comment: comment)
        }
    }
}
