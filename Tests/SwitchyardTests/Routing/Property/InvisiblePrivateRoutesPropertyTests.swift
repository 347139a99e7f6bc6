import Testing

@testable import Switchyard

/// The rule that private routes are invisible from outside, as a property: for seeded random
/// tables of public and private routes (some scoped to hosts or schemes, some with query
/// conditions, some declining or continuing), every external answer of the router equals the
/// answer of the same router built from its public routes alone, for `match`, `candidates`,
/// `send` and `sendAll`. The host variant scopes routes to hosts with parameters too
/// (`:team.example.com`, constrained or not), and sends links of a scheme that carries a host.
struct InvisiblePrivateRoutesPropertyTests {
    static let seeds: [UInt64] = Array(1...200)
    static let urlsPerTable = 30
    static let configuration = Router.Configuration(
        schemes: ["app"], hosts: ["mail.example.com", "*.example.com"],
        notFound: { Response(request: $0, status: .notFound, data: ["path": $0.path]) })
    static let links = [
        "", "app:/", "https://mail.example.com", "https://team.example.com", "https://evil.org",
    ]
    static let queries = ["", "?tab=a", "?tab=b&tab=a", "#f"]

    /// The host variant's configuration: `ksr` links carry a host, served as web links' are.
    static let hostConfiguration = Router.Configuration(
        schemes: ["app", "ksr"], hosts: ["mail.example.com", "*.example.com"],
        notFound: configuration.notFound, hostSchemes: ["ksr"])
    static let hostLinks = [
        "", "app:/", "https://mail.example.com", "https://Team.example.com", "https://evil.org",
        "https://a.team.example.com", "ksr://mail.example.com:8080", "ksr://team.example.com",
        "https://x.m.example.com",
    ]
    /// Host entries of the host variant, from exact to wildcard; `teams` and `team` by name are
    /// the routes' constraints on them.
    static let hostEntries = [
        "mail.example.com", "*.example.com", ":team.example.com", ":team(teams).example.com",
        ":box.:team.example.com", ":team.m.example.com",
    ]
    /// Accepts a value that starts with the route's `team` host parameter (`-` without one):
    /// what it accepts depends on the link.
    static let teamPrefix = Constraint.custom("teamPrefix") { value, link in
        value.hasPrefix(link.hostParameters["team"] ?? "-")
    }

    /// The constraints a route scoped to `host` gives its host parameters: `teams` where the
    /// entry names it, and now and then one for `team` by name (a route's unused constraint is
    /// a mistake, so only where the entry has `team`).
    static func hostConstraints(_ host: String?, _ random: inout SplitMix64) -> [String: Constraint] {
        guard let host, host.contains(":team") else { return [:] }
        if host.contains("(teams)") { return ["teams": .oneOf(["team", "mail"])] }
        return random.chance(50) ? ["team": random.pick([.alpha, .oneOf(["a", "team"])])] : [:]
    }

    static func configuration(hosts: Bool) -> Router.Configuration {
        hosts ? hostConfiguration : configuration
    }

    /// A table of the property test's generator with access, scope and conditions drawn at
    /// random; with `hosts`, scoped to the host variant's entries, parameters included.
    static func table(seed: UInt64, hosts: Bool = false) -> (all: [Route], specs: [Reference.RouteSpec])? {
        var generator = TableGenerator(seed: seed)
        let specs = generator.table()
        var random = SplitMix64(seed: seed &* 0x9E37_79B9)
        guard let accepted = RouterPropertyTests.accepted(specs, caseSensitive: true) else { return nil }
        let entries = hosts ? hostEntries : ["mail.example.com", "*.example.com"]
        let routes = accepted.router.routes.map { route in
            let isPublic = random.chance(50)
            let schemes: Set<String> =
                random.chance(20) ? [random.pick(hosts ? ["app", "ksr"] : ["app"])] : []
            let host = random.chance(hosts ? 50 : 25) ? random.pick(entries) : nil
            return Route(
                route.pattern, name: route.name, isPublic: isPublic, schemes: schemes,
                hosts: host.map { [$0] } ?? [],
                query: random.chance(20) ? ["tab": random.pick([.any, .oneOf(["a"])])] : [:],
                constraints: route.constraints.merging(hostConstraints(host, &random)) { own, _ in own },
                priority: route.priority, continueNext: random.chance(20),
                controller: random.chance(30) ? decline : echo)
        }
        // Catch-alls told apart from any generated root glob by their scope: many URLs then
        // have several candidates, some private, for declines and chains to walk through.
        var catchAlls = [
            Route(
                "/*everything", name: "tabs", isPublic: true, query: ["tab": .any],
                continueNext: random.chance(50), controller: random.chance(30) ? decline : echo),
            Route("/*everything", name: "team", isPublic: false, hosts: ["*.example.com"], controller: echo),
        ]
        if hosts {
            // A private route that host parameters make more specific than the public wildcard
            // above, and a public one whose constraint reads the link.
            catchAlls += [
                Route(
                    "/*everything", name: "teamHost", isPublic: false, hosts: [":team.example.com"],
                    controller: random.chance(30) ? decline : echo),
                Route(
                    "/*everything", name: "teamPrefix", isPublic: true, hosts: [":team.example.com"],
                    constraints: ["everything": teamPrefix], continueNext: random.chance(50), controller: echo
                ),
            ]
        }
        return (routes + catchAlls, specs)
    }

    static let decline: Controller = { _ in throw RouteDeclined() }

    static func outcome(_ match: RouteMatch?) -> String {
        guard let match else { return "none" }
        return outcome(match.route, match.params)
    }

    static func outcome(_ route: Route?, _ params: Parameters) -> String {
        guard let route else { return "none" }
        let values = params.map { "\($0.name)=\(Array($0.value.utf8))" }
        return "\(route.pattern) \(route.name ?? "-") \(values)"
    }

    static func outcome(_ response: Response) -> String {
        let data = response.data.map { "\($0.key)=\($0.value)" }.sorted()
        let route = outcome(response.request.route, response.request.params)
        return "\(response.status.code) \(route) \(response.request.path) \(data)"
    }

    @Test(
        "External answers equal those of the public routes alone (without and with host patterns)",
        arguments: [false, true], seeds)
    func externalEqualsPublicOnly(hosts: Bool, seed: UInt64) async throws {
        let configuration = Self.configuration(hosts: hosts)
        let links = hosts ? Self.hostLinks : Self.links
        guard let (all, specs) = Self.table(seed: seed, hosts: hosts),
            let full = try? Router(routes: all, configuration: configuration)
        else { return }
        let publicOnly = try Router(routes: all.filter(\.isPublic), configuration: configuration)
        var generator = TableGenerator(seed: seed &+ 7_777)
        let source = Source.external(sourceApplication: nil)
        for index in 0..<Self.urlsPerTable {
            let path = generator.url(generator.segments(for: specs))
            let url = links[index % links.count] + path + Self.queries[index % Self.queries.count]
            #expect(
                Self.outcome(full.match(url, source: source))
                    == Self.outcome(publicOnly.match(url, source: source)),
                "seed \(seed): \(url)")
            let sent = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: full)
            let expected = await Connection.send(
                fromPublicURL: url, sourceApplication: nil, router: publicOnly)
            #expect(Self.outcome(sent) == Self.outcome(expected), "seed \(seed): \(url)")
            #expect(sent.request.route?.isPublic ?? true, "seed \(seed): \(url) reached a private route")
            #expect(
                full.candidates(url, source: source).map(Self.outcome)
                    == publicOnly.candidates(url, source: source).map(Self.outcome),
                "seed \(seed): \(url)")
            let all = await Connection.sendAll(fromPublicURL: url, sourceApplication: nil, router: full)
            let expectedAll = await Connection.sendAll(
                fromPublicURL: url, sourceApplication: nil, router: publicOnly)
            #expect(all.map(Self.outcome) == expectedAll.map(Self.outcome), "seed \(seed): \(url)")
        }
    }

    /// The generated cases are not vacuous: most tables build, and many URLs reach a route from
    /// outside, some of them a route that a private one shadows in-app, and many have several
    /// external candidates for declines and chains to walk through. In the host variant, many
    /// external matches read host parameters.
    @Test("Coverage: tables built, external matches and shadowed private routes", arguments: [false, true])
    func coverage(hosts: Bool) throws {
        var (built, matched, shadowed, chained) = (0, 0, 0, 0)
        var (hostParameters, hostSchemeLinks, shadowedByHostParameters) = (0, 0, 0)
        let links = hosts ? Self.hostLinks : Self.links
        for seed in Self.seeds {
            guard let (all, specs) = Self.table(seed: seed, hosts: hosts),
                let full = try? Router(routes: all, configuration: Self.configuration(hosts: hosts))
            else { continue }
            built += 1
            var generator = TableGenerator(seed: seed &+ 7_777)
            for index in 0..<Self.urlsPerTable {
                let path = generator.url(generator.segments(for: specs))
                let url = links[index % links.count] + path + Self.queries[index % Self.queries.count]
                let external = full.match(url, source: .external(sourceApplication: nil))
                if external != nil { matched += 1 }
                if external?.params["team"] != nil { hostParameters += 1 }
                if external != nil && url.hasPrefix("ksr:") { hostSchemeLinks += 1 }
                if let inApp = full.match(url), !inApp.route.isPublic, external != nil {
                    shadowed += 1
                    if inApp.params["team"] != nil { shadowedByHostParameters += 1 }
                }
                // Where a decline or `continueNext` can lead past the first candidate.
                if full.candidates(url, source: .external(sourceApplication: nil)).count > 1 { chained += 1 }
            }
        }
        #expect(built >= 150, "\(built) tables")
        #expect(matched >= 800, "\(matched) external matches")
        #expect(shadowed >= 50, "\(shadowed) URLs where a private route wins in-app and a public one outside")
        #expect(chained >= 300, "\(chained) URLs with more than one external candidate")
        guard hosts else { return }
        #expect(hostParameters >= 100, "\(hostParameters) external matches with host parameters")
        #expect(hostSchemeLinks >= 250, "\(hostSchemeLinks) external matches of links of a host scheme")
        #expect(
            shadowedByHostParameters >= 200,
            "\(shadowedByHostParameters) URLs where a private route with host parameters wins in-app")
    }

    /// The check above can fail: the 0.1 rule (match every route, then refuse a private winner)
    /// differs from it on tables where a private route shadows a public one, by its path or by
    /// a host entry with parameters, more specific than a wildcard.
    @Test(
        "The property tells the 0.1 rule apart from the 0.2 rule",
        arguments: [
            (
                Route("/users/admin", controller: echo),
                Route("/users/:id", isPublic: true, controller: echo), "/users/admin"
            ),
            (
                Route("/users/:id", hosts: [":team.example.com"], controller: echo),
                Route("/users/:id", isPublic: true, hosts: ["*.example.com"], controller: echo),
                "ksr://team.example.com/users/7"
            ),
        ])
    func propertyCanFail(_ privateRoute: Route, _ publicRoute: Route, _ url: String) async throws {
        let full = try Router(routes: [privateRoute, publicRoute], configuration: Self.hostConfiguration)
        let inApp = full.match(url)
        #expect(inApp?.route.hosts == privateRoute.hosts, "the private route wins in-app")
        #expect(inApp?.route.isPublic == false)
        let external = full.match(url, source: .external(sourceApplication: nil))
        #expect(external?.route.hosts == publicRoute.hosts, "and does not exist from outside")
        #expect(external?.route.isPublic == true)
    }
}
