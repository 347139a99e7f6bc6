extension Router {
    /// The `apple-app-site-association` file for `host`, built from the public routes that
    /// links to `host` reach: unscoped routes, and routes whose `hosts:` name it.
    ///
    /// Each route gives one component per expansion of its optional parts, in registration
    /// order, with a `comment` naming the route:
    /// - a literal segment is written as is; a parameter or a glob becomes `?*` (one or more
    ///   characters). A pattern cannot say "one segment" or "digits", so the file may cover more
    ///   than the router answers: the router still decides, and answers the rest with its
    ///   not-found controller;
    /// - a path ending in a literal gets a second component with a trailing `/`, which the
    ///   router ignores;
    /// - query conditions become a `"?"` dictionary: `*` for a constraint that accepts the
    ///   empty value, `?*` for one that does not;
    /// - a router that ignores case writes `"caseSensitive": false`, and a component whose
    ///   literals a URL carries percent-encoded (`/café`) is written decoded, with
    ///   `"percentEncoded": false`, because the router compares decoded text.
    ///
    /// Private routes never appear, not even as exclusions: the file is public, and listing them
    /// would publish them. Rewrites are not followed: give a link that reaches a route only
    /// through a rewrite a component of its own. A host the router does not serve gives a file
    /// with no components.
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
        for index in storage.publicRoutes(reachingHost: host) {
            for component in storage.appSiteComponents(of: index) {
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
        }
        return AppSiteAssociation(
            applinks: .init(details: [.init(appIDs: appIDs, components: components)]), host: host)
    }
}

extension RouterStorage {
    /// The public routes an `https` link to `host` reaches, in registration order; none when
    /// the router does not serve `host`.
    func publicRoutes(reachingHost host: String) -> [Int] {
        guard case .success(let pattern) = HostPattern.parse(host), pattern.kind == .exact,
            served.hosts.contains(where: { $0.covers(pattern) })
        else { return [] }
        return routes.indices.filter { index in
            let scope = scopes[index]
            return routes[index].isPublic
                && (scope.isUnscoped || scope.hosts.contains { $0.matches(pattern.bytes) })
        }
    }

    /// The components that cover route `index`: one per expansion, and one more with a
    /// trailing `/` for an expansion ending in a literal.
    func appSiteComponents(of index: Int) -> [AppSiteAssociation.Component] {
        let route = routes[index]
        let conditions = scopes[index].conditions
        // Written decoded when the router's decoded comparison and the encoded text differ.
        var decoded = conditions.contains { PercentEncoding.encodeQueryComponent($0.name) != $0.name }
        var paths: [String] = []
        for expansion in compiled[index].expansions {
            let segments = expansion.map { segment -> String in
                guard case .literal(let text) = segment else { return "?*" }
                if PercentEncoding.encodeSegment(text) != text { decoded = true }
                return text
            }
            let path = "/" + segments.joined(separator: "/")
            paths.append(path)
            if case .literal = expansion.last { paths.append(path + "/") }
        }
        let query: AppSiteAssociation.QueryPattern? =
            conditions.isEmpty
            ? nil
            : .items(
                Dictionary(
                    conditions.map { ($0.name, $0.constraint.accepts("") ? "*" : "?*") },
                    uniquingKeysWith: { first, _ in first }))
        let comment = route.name.map { "\($0): \(route.pattern)" } ?? route.pattern
        return paths.map { path in
            AppSiteAssociation.Component(
                path: path, query: query, caseSensitive: configuration.caseSensitive ? nil : false,
                percentEncoded: decoded ? false : nil, comment: comment)
        }
    }
}
