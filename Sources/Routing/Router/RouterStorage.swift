/// Everything a ``Router`` compiled at init. A final class of `let`s of `Sendable` values, so it
/// is `Sendable` without ceremony, and a `Router` copies as one reference.
final class RouterStorage: Sendable {
    let configuration: Router.Configuration
    let routes: [Route]
    let compiled: [CompiledRoute]
    /// `compiled[i].stages`, for the pipeline.
    let stages: [CompiledRoute.Stages]
    let rewrites: [CompiledRewrite]
    let middlewares: [Middleware]
    let policies: [Policy]
    let trie: Trie
    let routesByName: [String: Int]

    init(
        rewrites: [Rewrite], middlewares: [Middleware], policies: [Policy], routes: [Route],
        configuration: Router.Configuration
    ) throws(RouteTableError) {
        self.configuration = configuration
        self.routes = routes
        self.middlewares = middlewares
        self.policies = policies
        var compiled: [CompiledRoute] = []
        var builder = TrieBuilder(caseSensitive: configuration.caseSensitive)
        var routesByName: [String: Int] = [:]
        for (index, route) in routes.enumerated() {
            let compiledRoute = try CompiledRoute(
                route, index: index, routerMiddlewares: middlewares, routerPolicies: policies)
            for entry in compiledRoute.entries {
                try builder.insert(entry)
            }
            if let name = route.name {
                if let other = routesByName[name] {
                    throw RouteTableError(
                        pattern: route.pattern, position: nil,
                        reason: "the name '\(name)' is already used by \"\(routes[other].pattern)\"")
                }
                routesByName[name] = index
            }
            compiled.append(compiledRoute)
        }
        if configuration.maxRedirects < 0 {
            throw RouteTableError(pattern: "maxRedirects", position: nil, reason: "must be 0 or more")
        }
        self.compiled = compiled
        self.stages = compiled.map(\.stages)
        self.routesByName = routesByName
        self.trie = builder.build()
        self.rewrites = try rewrites.map { rewrite throws(RouteTableError) in
            try CompiledRewrite(rewrite, caseSensitive: configuration.caseSensitive)
        }
    }
}
