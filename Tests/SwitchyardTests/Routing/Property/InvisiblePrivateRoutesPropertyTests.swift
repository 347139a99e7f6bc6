import Testing

@testable import Switchyard

/// The rule that private routes are invisible from outside, as a property: for seeded random
/// tables of public and private routes (some scoped to hosts or schemes, some with query
/// conditions, some declining or continuing), every external answer of the router equals the
/// answer of the same router built from its public routes alone, for `match`, `candidates`,
/// `send` and `sendAll`.
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

    /// A table of the property test's generator with access, scope and conditions drawn at random.
    static func table(seed: UInt64) -> (all: [Route], specs: [Reference.RouteSpec])? {
        var generator = TableGenerator(seed: seed)
        let specs = generator.table()
        var random = SplitMix64(seed: seed &* 0x9E37_79B9)
        guard let accepted = RouterPropertyTests.accepted(specs, caseSensitive: true) else { return nil }
        let routes = accepted.router.routes.map { route in
            Route(
                route.pattern, name: route.name, isPublic: random.chance(50),
                schemes: random.chance(20) ? ["app"] : [],
                hosts: random.chance(25) ? [random.pick(["mail.example.com", "*.example.com"])] : [],
                query: random.chance(20) ? ["tab": random.pick([.any, .oneOf(["a"])])] : [:],
                constraints: route.constraints, priority: route.priority, continueNext: random.chance(20),
                controller: random.chance(30) ? decline : echo)
        }
        // Catch-alls told apart from any generated root glob by their scope: many URLs then
        // have several candidates, some private, for declines and chains to walk through.
        let catchAlls = [
            Route(
                "/*everything", name: "tabs", isPublic: true, query: ["tab": .any],
                continueNext: random.chance(50), controller: random.chance(30) ? decline : echo),
            Route("/*everything", name: "team", isPublic: false, hosts: ["*.example.com"], controller: echo),
        ]
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

    @Test("External answers equal those of the public routes alone", arguments: seeds)
    func externalEqualsPublicOnly(seed: UInt64) async throws {
        guard let (all, specs) = Self.table(seed: seed),
            let full = try? Router(routes: all, configuration: Self.configuration)
        else { return }
        let publicOnly = try Router(routes: all.filter(\.isPublic), configuration: Self.configuration)
        var generator = TableGenerator(seed: seed &+ 7_777)
        let source = Source.external(sourceApplication: nil)
        for index in 0..<Self.urlsPerTable {
            let path = generator.url(generator.segments(for: specs))
            let url = Self.links[index % Self.links.count] + path + Self.queries[index % Self.queries.count]
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
    /// external candidates for declines and chains to walk through.
    @Test("Coverage: tables built, external matches and shadowed private routes")
    func coverage() throws {
        var (built, matched, shadowed, chained) = (0, 0, 0, 0)
        for seed in Self.seeds {
            guard let (all, specs) = Self.table(seed: seed),
                let full = try? Router(routes: all, configuration: Self.configuration)
            else { continue }
            built += 1
            var generator = TableGenerator(seed: seed &+ 7_777)
            for index in 0..<Self.urlsPerTable {
                let path = generator.url(generator.segments(for: specs))
                let url =
                    Self.links[index % Self.links.count] + path + Self.queries[index % Self.queries.count]
                let external = full.match(url, source: .external(sourceApplication: nil))
                if external != nil { matched += 1 }
                if let inApp = full.match(url), !inApp.route.isPublic, external != nil { shadowed += 1 }
                // Where a decline or `continueNext` can lead past the first candidate.
                if full.candidates(url, source: .external(sourceApplication: nil)).count > 1 { chained += 1 }
            }
        }
        #expect(built >= 150, "\(built) tables")
        #expect(matched >= 800, "\(matched) external matches")
        #expect(shadowed >= 50, "\(shadowed) URLs where a private route wins in-app and a public one outside")
        #expect(chained >= 300, "\(chained) URLs with more than one external candidate")
    }

    /// The check above can fail: the 0.1 rule (match every route, then refuse a private winner)
    /// differs from it on tables where a private route shadows a public one.
    @Test("The property tells the 0.1 rule apart from the 0.2 rule")
    func propertyCanFail() async throws {
        let routes = [
            Route("/users/admin", controller: echo), Route("/users/:id", isPublic: true, controller: echo),
        ]
        let full = try Router(routes: routes, configuration: Self.configuration)
        let inApp = full.match("/users/admin")
        #expect(inApp?.route.pattern == "/users/admin", "the private route wins in-app")
        let external = full.match("/users/admin", source: .external(sourceApplication: nil))
        #expect(external?.route.pattern == "/users/:id", "and does not exist from outside")
    }
}
