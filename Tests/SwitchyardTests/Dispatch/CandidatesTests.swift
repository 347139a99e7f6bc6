import Testing

@testable import Switchyard

/// `Router.candidates(_:source:)`: every route a URL reaches, in the order the router would run
/// them, the first being `match`'s answer.
struct CandidatesTests {
    static let external = Source.external(sourceApplication: nil)

    static let mixed = Result {
        try Router(
            routes: [
                Route("/posts/*rest", name: "glob", isPublic: true, controller: echo),
                Route("/posts/:id", name: "plain", isPublic: true, controller: echo),
                Route("/posts/:id(int)", name: "int", isPublic: true, controller: echo),
                Route("/posts/7", name: "literal", isPublic: false, controller: echo),
                Route("/posts/:slug(alpha)", name: "alpha", isPublic: true, controller: echo),
                Route("/other", name: "other", isPublic: true, controller: echo),
            ])
    }

    @Test(
        "Across shapes: literal, then constrained, then plain, then glob; private routes only in-app",
        arguments: [
            ("/posts/7", Source.app, ["literal", "int", "plain", "glob"]),
            ("/posts/7", external, ["int", "plain", "glob"]),
            ("/posts/abc", Source.app, ["alpha", "plain", "glob"]),
            ("/posts/7/comments", Source.app, ["glob"]),
            ("/other", Source.app, ["other"]),
            ("/nothing", Source.app, []),
            ("/posts/%ZZ", Source.app, []),
            ("javascript:alert(1)", Source.app, []),
        ])
    func acrossShapes(_ url: String, _ source: Source, _ expected: [String]) throws {
        let router = try Self.mixed.get()
        let candidates = router.candidates(url, source: source)
        #expect(candidates.map { $0.route.name } == expected)
        #expect(candidates.first?.route.name == router.match(url, source: source)?.route.name)
    }

    @Test("Each candidate carries its own parameters, the glob's rest included")
    func parameters() throws {
        let candidates = try Self.mixed.get().candidates("/posts/7")
        #expect(candidates.map { $0.params["id"] } == [nil, "7", "7", nil])
        #expect(candidates.last?.params["rest"] == "7")
    }

    static let sameShape = Result {
        try Router(
            routes: [
                Route("/p/:id", name: "unscoped", isPublic: true, continueNext: true, controller: echo),
                Route("/p/:id", name: "wild", isPublic: true, hosts: ["*.example.com"], controller: echo),
                Route("/p/:id", name: "exact", isPublic: true, hosts: ["example.com"], controller: echo),
                Route(
                    "/p/:id", name: "tagged", isPublic: true, hosts: ["example.com"], query: ["tag": .any],
                    controller: echo),
                Route(
                    "/p/:id", name: "urgent", isPublic: true, query: ["now": .int], priority: 1,
                    controller: echo),
            ],
            configuration: .init(hosts: ["example.com", "*.example.com"]))
    }

    @Test(
        "At one shape: priority, then specificity, then registration; scopes and conditions filter",
        arguments: [
            ("https://example.com/p/1", ["exact", "unscoped"]),
            ("https://example.com/p/1?tag=x", ["tagged", "exact", "unscoped"]),
            ("https://example.com/p/1?tag=x&now=1", ["urgent", "tagged", "exact", "unscoped"]),
            ("https://example.com/p/1?now=no", ["exact", "unscoped"]),
            ("https://a.example.com/p/1", ["wild", "unscoped"]),
            ("/p/1", ["unscoped", "wild", "exact"]),
        ])
    func atOneShape(_ url: String, _ expected: [String]) throws {
        let router = try Self.sameShape.get()
        #expect(router.candidates(url).map { $0.route.name } == expected)
        #expect(router.candidates(url).first?.route.name == router.match(url)?.route.name)
    }

    @Test("A bare path from outside reaches unscoped routes only")
    func barePathFromOutside() throws {
        let router = try Self.sameShape.get()
        #expect(router.candidates("/p/1", source: Self.external).map { $0.route.name } == ["unscoped"])
    }

    /// `/a(/:b(int))(/:c)` expands to `/a/:b(int)` and `/a/:c`, which the walk meets in turn for
    /// `/a/1`; listing the route twice would run its stages twice after a decline.
    @Test("A route reached through two optional expansions is one candidate, with its first captures")
    func optionalExpansionsOnce() throws {
        let router = try Router(routes: [
            Route("/a(/:b(int))(/:c)", name: "optional", isPublic: true, controller: echo),
            Route("/a/*rest", name: "glob", isPublic: true, controller: echo),
        ])
        let candidates = router.candidates("/a/1")
        #expect(candidates.map { $0.route.name } == ["optional", "glob"])
        #expect(candidates.first?.params["b"] == "1")
        #expect(candidates.first?.params["c"] == nil)
    }

    @Test("Rewrites apply before the candidates are found")
    func afterRewrites() throws {
        let router = try Router(
            rewrites: [Rewrite("/old/:id", to: "/posts/:id")],
            routes: [
                Route("/posts/:id(int)", name: "int", isPublic: true, controller: echo),
                Route("/posts/:id", name: "plain", isPublic: true, controller: echo),
            ])
        let candidates = router.candidates("/old/3")
        #expect(candidates.map { $0.route.name } == ["int", "plain"])
        #expect(candidates.map { $0.params["id"] } == ["3", "3"])
    }

    @Test("explain lists the candidates after the winner, with their continueNext")
    func explainListsThem() throws {
        let router = try Self.sameShape.get()
        let text = router.explain("https://example.com/p/1?tag=x")
        #expect(text.contains("matched: /p/:id (tagged)"))
        #expect(
            text.contains("  1. /p/:id (tagged)\n  2. /p/:id (exact)\n  3. /p/:id (unscoped), continueNext"))
        #expect(!router.explain("/other-path").contains("candidates"))
    }
}
