/// Everything a ``Router`` compiled at init. A final class of `let`s of `Sendable` values, so it
/// is `Sendable` without ceremony, and a `Router` copies as one reference.
final class CompiledRouter: Sendable {
    let configuration: Router.Configuration
    let routes: [Route]
    let compiledRoutes: [CompiledRoute]
    /// `compiledRoutes[i].stages`, for the pipeline.
    let stages: [CompiledRoute.Stages]
    let rewrites: [CompiledRewrite]
    let middlewares: [Middleware]
    let policies: [Policy]
    /// The schemes and hosts served, compiled for the parser.
    let served: ServedLinks
    /// Each route's scope, by route index.
    let scopes: [RouteScope]
    /// Every route: what in-app requests walk.
    let trie: Trie
    /// The public routes only: what external requests walk, so that their answer is exactly the
    /// answer of a router whose private routes do not exist (`trie` itself when none is private).
    let publicTrie: Trie
    let routesByName: [String: Int]

    init(
        rewrites: [Rewrite], middlewares: [Middleware], policies: [Policy], routes: [Route],
        configuration: Router.Configuration
    ) throws(RouteTableError) {
        self.configuration = configuration
        self.routes = routes
        self.middlewares = middlewares
        self.policies = policies
        try Self.validate(configuration)
        let served = ServedLinks(configuration)
        self.served = served
        var compiled: [CompiledRoute] = []
        compiled.reserveCapacity(routes.count)
        var scopes: [RouteScope] = []
        scopes.reserveCapacity(routes.count)
        var builder = TrieBuilder(caseSensitive: configuration.caseSensitive)
        var publicBuilder = TrieBuilder(caseSensitive: configuration.caseSensitive)
        var routesByName: [String: Int] = [:]
        for (index, route) in routes.enumerated() {
            let compiledRoute = try CompiledRoute(
                route, index: index, routerMiddlewares: middlewares, routerPolicies: policies)
            let scope = try RouteScope(route, served: served)
            for expansion in compiledRoute.expansions.indices {
                let entry = compiledRoute.entry(expansion, scope: scope)
                try builder.insert(entry)
                if route.isPublic { try publicBuilder.insert(entry) }
            }
            scopes.append(scope)
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
        self.compiledRoutes = compiled
        self.scopes = scopes
        self.stages = compiled.map(\.stages)
        self.routesByName = routesByName
        try RouteParents.validate(compiled, routesByName: routesByName)
        let trie = builder.build()
        self.trie = trie
        self.publicTrie = routes.allSatisfy(\.isPublic) ? trie : publicBuilder.build()
        self.rewrites = try rewrites.map { rewrite throws(RouteTableError) in
            try CompiledRewrite(rewrite, caseSensitive: configuration.caseSensitive)
        }
    }

    /// The trie `source` walks: private routes do not exist for an external request.
    @inline(__always)
    func trie(for source: Source) -> Trie {
        if case .app = source { return trie }
        return publicTrie
    }

    /// Refuses configuration mistakes: entries of `schemes` and `hosts` that name no scheme or
    /// host, and a negative `maxRedirects`.
    private static func validate(_ configuration: Router.Configuration) throws(RouteTableError) {
        for scheme in configuration.schemes.sorted() {
            if let reason = RouteScope.invalidity(ofScheme: scheme) {
                throw .configuration("schemes", "'\(scheme)': \(reason)")
            }
        }
        for host in configuration.hosts.sorted() {
            if case .failure(let failure) = HostPattern.parse(host) {
                throw .configuration("hosts", "'\(host)': \(failure.reason)")
            }
        }
        if configuration.maxRedirects < 0 {
            throw .configuration("maxRedirects", "must be 0 or more")
        }
    }
}
