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
    /// How queries are decoded.
    let queryReading: QueryReading
    /// Each route's scope, by route index.
    let scopes: [RouteScope]
    /// Whether a route's hosts have parameters: only then does a match read the link's host.
    let hasHostParameters: Bool
    /// Whether `protocolRelativeScheme` is set: only then is a URL checked for a leading `//`.
    let readsProtocolRelative: Bool
    /// No rewrite and no squeezing: `match` walks the path as received, with no resolution built.
    let matchesInPlace: Bool
    /// Every route: what in-app requests walk.
    let trie: Trie
    /// The public routes only: what external requests walk, so that their answer is exactly the
    /// answer of a router whose private routes do not exist (`trie` itself when none is private).
    let publicTrie: Trie
    let routesByName: [String: Int]
    /// Each route's ancestors by index, for navigation stacks (`Stacks/`).
    let lineages: RouteLineages
    /// The expansions routes give up to routes that precede them (or to an earlier expansion of
    /// their own), by route index: for the route table and explain.
    let givenUp: [Int: [TrieBuilder.GivenUp]]

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
        self.queryReading = QueryReading(configuration)
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
            let scope = try RouteScope(route, constraints: compiledRoute.constraints, served: served)
            for expansion in compiledRoute.expansions.indices {
                let entry = compiledRoute.entry(expansion, scope: scope)
                builder.insert(entry)
                if route.isPublic { publicBuilder.insert(entry) }
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
        self.readsProtocolRelative = configuration.protocolRelativeScheme != nil
        self.matchesInPlace = rewrites.isEmpty && configuration.emptySegments != .squeeze
        self.hasHostParameters = scopes.contains { !$0.hostParameters.isEmpty }
        self.stages = compiled.map(\.stages)
        self.routesByName = routesByName
        try RouteParents.validate(compiled, routesByName: routesByName)
        self.lineages = RouteLineages(compiled, routesByName: routesByName)
        givenUp = try Self.checkEveryRouteRuns(builder.givenUp, compiled)
        let checksEveryEnd = configuration.emptySegments == .keep
        let trie = builder.build(checksEveryEnd: checksEveryEnd)
        self.trie = trie
        self.publicTrie =
            routes.allSatisfy(\.isPublic) ? trie : publicBuilder.build(checksEveryEnd: checksEveryEnd)
        self.rewrites = try rewrites.map { rewrite throws(RouteTableError) in
            try CompiledRewrite(rewrite, caseSensitive: configuration.caseSensitive)
        }
    }

    /// The given-up expansions by route, once it is checked that no route gave up all of its
    /// own: such a route could never run, and the error names the route that takes its links.
    private static func checkEveryRouteRuns(_ givenUp: [TrieBuilder.GivenUp], _ compiled: [CompiledRoute])
        throws(RouteTableError) -> [Int: [TrieBuilder.GivenUp]]
    {
        let byRoute = Dictionary(grouping: givenUp, by: \.routeIndex)
        for (routeIndex, lost) in byRoute.sorted(by: { $0.key < $1.key }) {
            let route = compiled[routeIndex]
            guard Set(lost.map(\.expansionIndex)).count == route.expansions.count else { continue }
            let others = lost.filter { $0.takenBy != routeIndex }
            guard let first = others.first?.conflict else { continue }
            if route.expansions.count == 1 { throw first }
            let takers = Set(others.map(\.takenBy)).sorted().map { "\"\(compiled[$0].route.pattern)\"" }
            throw RouteTableError(
                pattern: route.route.pattern, position: nil,
                reason: "it could never run: every expansion of its optional parts is taken by a route that "
                    + "precedes it (\(takers.joined(separator: ", "))) and has no continueNext")
        }
        return byRoute
    }

    /// Refuses configuration mistakes: entries of `schemes`, `hosts` and `hostSchemes` that name
    /// no scheme or host (or a host-carrying scheme the router does not serve), a
    /// `protocolRelativeScheme` that is not a scheme, and a negative `maxRedirects`.
    private static func validate(_ configuration: Router.Configuration) throws(RouteTableError) {
        for scheme in configuration.schemes.sorted() {
            if let reason = RouteScope.invalidity(ofScheme: scheme) {
                throw .configuration("schemes", "'\(scheme)': \(reason)")
            }
        }
        for host in configuration.hosts.sorted() {
            switch HostPattern.parse(host) {
            case .failure(let failure):
                throw .configuration("hosts", "'\(host)': \(failure.reason)")
            case .success(let pattern) where pattern.kind == .parameters:
                throw .configuration(
                    "hosts",
                    "'\(host)': host parameters belong in the hosts: of a route or a group; serve their "
                        + "hosts here with a wildcard ('*.' and the labels after the parameters)")
            case .success: break
            }
        }
        for scheme in configuration.hostSchemes.sorted() {
            if let reason = RouteScope.invalidity(ofScheme: scheme) {
                throw .configuration("hostSchemes", "'\(scheme)': \(reason)")
            }
            if !configuration.schemes.isEmpty
                && !ASCIICaseFolding.contains(configuration.schemes, scheme.utf8)
            {
                throw .configuration(
                    "hostSchemes",
                    "'\(scheme)' is not one of the router's schemes \(configuration.schemes.sorted()): add it there too"
                )
            }
        }
        if let scheme = configuration.protocolRelativeScheme {
            if !SchemeName.isWeb(scheme.utf8), let reason = RouteScope.invalidity(ofScheme: scheme) {
                throw .configuration("protocolRelativeScheme", "'\(scheme)': \(reason)")
            }
        }
        if configuration.maxRedirects < 0 {
            throw .configuration("maxRedirects", "must be 0 or more")
        }
    }
}
