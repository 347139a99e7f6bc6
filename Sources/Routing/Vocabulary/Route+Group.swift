extension Route {
    /// Puts routes under a common prefix, with shared access, scope, middlewares and policies.
    ///
    /// Patterns get the prefix, names get the prefix's literal segments joined by dots
    /// (`"/admin"` and `"users"` give `"admin.users"`), the group's middlewares and policies run
    /// before each route's own, and a non-nil `isPublic` replaces the routes' own. Groups nest.
    ///
    /// A non-empty `schemes` or `hosts` applies to the routes whose own set is empty; where both
    /// are given, the route keeps what both cover, written with the narrower entries
    /// (`["*.example.com"]` and `["en.blog.example.com"]` give `["en.blog.example.com"]`). When
    /// they share nothing, ``Router`` refuses the route. An empty prefix scopes routes without
    /// prefixing their patterns or names. A non-nil `parent` is the parent of every route of the
    /// group that names none of its own; it names a route as written, since groups do not prefix
    /// the names `parent` refers to.
    ///
    /// `hosts` may have parameters (`:lang.wikipedia.org`); met with a route's exact host, the
    /// route keeps the exact host, and the parameter its value (`lang` is `en` for
    /// `en.wikipedia.org`). `constraints` apply to the routes' parameters and host parameters by
    /// name, as a route's own do, and a route's own override them; one that a route does not use
    /// is not a mistake.
    ///
    /// ```swift
    /// Route.group("/settings", isPublic: false, policies: [signedIn], [
    ///     Route("/", name: "index") { … },                 // /settings, "settings.index"
    ///     Route("/notifications", name: "notifications") { … },
    /// ])
    /// Route.group("", hosts: ["blog.example.com", "*.blog.example.com"], BlogRoutes.all)
    /// Route.group("", hosts: [":lang(language).wikipedia.org"], constraints: ["language": languages], [
    ///     Route("/wiki/*title", name: "article") { … },     // request.params["lang"]
    /// ])
    /// ```
    public static func group(
        _ prefix: String, isPublic: Bool? = nil, parent: String? = nil, schemes: Set<String> = [],
        hosts: Set<String> = [], constraints: [String: Constraint] = [:], middlewares: [Middleware] = [],
        policies: [Policy] = [], _ routes: [Route]
    ) -> [Route] {
        let namePrefix = literalSegments(of: prefix).joined(separator: ".")
        let trimmedPrefix = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        return routes.map { route in
            let pattern = route.pattern == "/" ? trimmedPrefix : trimmedPrefix + route.pattern
            let name = route.name.map { namePrefix.isEmpty ? $0 : "\(namePrefix).\($0)" }
            var conflict: String?
            let combinedSchemes = combine(schemes, route.schemes, kind: "schemes", conflict: &conflict) {
                own, group in
                own.filter { scheme in group.contains { ASCIICaseFolding.equals(scheme.utf8, $0) } }
            }
            var sources = route.hostParameterSources
            let combinedHosts = combine(hosts, route.hosts, kind: "hosts", conflict: &conflict) {
                own, group in
                sources = [:]
                return HostPattern.intersection(
                    own: own, ownSources: route.hostParameterSources, group: group, sources: &sources)
            }
            return Route(
                route, pattern: pattern.isEmpty ? "/" : pattern, name: name,
                isPublic: isPublic ?? route.isPublic, parent: route.parent ?? parent,
                schemes: combinedSchemes, hosts: combinedHosts, hostParameterSources: sources,
                scopeConflict: conflict, middlewares: middlewares + route.middlewares,
                policies: policies + route.policies,
                groupConstraints: route.groupConstraints.merging(constraints) { inner, _ in inner })
        }
    }

    /// A group's set applied to a route's: the route's own when the group's is empty, the
    /// group's when the route's is, else `intersect`; an empty intersection is noted in `conflict`.
    private static func combine(
        _ group: Set<String>, _ own: Set<String>, kind: String, conflict: inout String?,
        intersect: (Set<String>, Set<String>) -> Set<String>
    ) -> Set<String> {
        if group.isEmpty { return own }
        if own.isEmpty { return group }
        let common = intersect(own, group)
        if common.isEmpty {
            conflict =
                "its \(kind) \(own.sorted()) and its group's \(kind) \(group.sorted()) have nothing in common, so no link could reach it"
        }
        return common
    }

    /// The literal segments of a group prefix, for names: parameters, globs and optional parts
    /// (`/docs(/:version)` gives `docs`) name nothing.
    private static func literalSegments(of prefix: String) -> [Substring] {
        var depth = 0
        var required = ""
        for character in prefix.unicodeScalars {
            switch character {
            case "(": depth += 1
            case ")": depth = max(depth - 1, 0)
            default: if depth == 0 { required.unicodeScalars.append(character) }
            }
        }
        return required.split(separator: "/").filter { !$0.hasPrefix(":") && !$0.hasPrefix("*") }
    }
}
