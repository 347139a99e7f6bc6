import Testing

@testable import Switchyard

/// A URL is parsed and rewritten once per request, whatever follows: declines, `continueNext`
/// chains, `candidates`, explain, and each hop of a redirect. Counted by a closure rewrite that
/// counts its calls: the router calls every rewrite once per parse.
///
/// Pins the bug where the pipeline parsed and rewrote a hop's URL again after a decline or a
/// `continueNext` answer, explain once more for its candidates, and
/// `explain(_:appSiteAssociation:)` three times.
struct OneResolutionTests {
    /// A router whose every parse calls `counter` once: `/old/…` is rewritten to `/…`.
    ///
    /// - `/posts/:id`: three candidates decline (a policy, a controller, a middleware), then
    ///   `/posts/*rest` answers.
    /// - `/feed`: two `continueNext` routes answer, then the last.
    /// - `/go/:id`: redirects to `/posts/:id`.
    static func router(counter: LinearDeclineTests.Counter) throws -> Router {
        let declining = Policy("declines") { _ in .declined }
        let throwing = Middleware("throws") { _ in throw RouteDeclined() }
        return try Router(
            rewrites: [
                Rewrite("counted") { path in
                    counter.increment()
                    return path.hasPrefix("/old/") ? String(path.dropFirst("/old".count)) : nil
                }
            ],
            routes: [
                Route("/posts/:id(int)", isPublic: true, policies: [declining], controller: echo),
                Route("/posts/:id", isPublic: true) { _ in throw RouteDeclined() },
                Route("/posts/*rest", isPublic: true, middlewares: [throwing], controller: echo),
                Route("/*rest", isPublic: true, controller: echo),
                Route("/feed", isPublic: true, priority: 2, continueNext: true, controller: echo),
                Route(
                    "/feed", name: "feed.second", isPublic: true, priority: 1, continueNext: true,
                    controller: echo),
                Route("/feed", name: "feed.last", isPublic: true, controller: echo),
                Route("/go/:id", isPublic: true) { request in
                    Response.redirect(request, to: "/posts/\(request.params["id"] ?? "")")
                },
            ],
            configuration: .init(schemes: ["app"], hosts: ["example.com"]))
    }

    /// One use of the router, the rewrite calls it may make, and what it must answer.
    struct Case: Sendable, CustomTestStringConvertible {
        let testDescription: String
        let parses: Int
        /// What the use answered, compared with `expected`.
        let run: @Sendable (Router) async -> String
        let expected: String
    }

    static let cases: [Case] = [
        Case(
            testDescription: "send, three candidates decline", parses: 1,
            run: { await Connection.send("/posts/7", router: $0).request.route?.pattern ?? "-" },
            expected: "/*rest"),
        Case(
            testDescription: "send, rewritten, three candidates decline", parses: 1,
            run: { await Connection.send("/old/posts/7", router: $0).request.route?.pattern ?? "-" },
            expected: "/*rest"),
        Case(
            testDescription: "send from outside, a web link, three candidates decline", parses: 1,
            run: {
                await Connection.send(
                    fromPublicURL: "https://example.com/posts/7?a=1", sourceApplication: nil, router: $0
                ).request.route?.pattern ?? "-"
            },
            expected: "/*rest"),
        Case(
            testDescription: "sendAll, a continueNext chain", parses: 1,
            run: {
                await Connection.sendAll("/feed", router: $0).map { $0.request.route?.name ?? "-" }
                    .description
            },
            expected: #"["-", "feed.second", "feed.last"]"#),
        Case(
            testDescription: "send, a continueNext chain", parses: 1,
            run: { await Connection.send("/feed", router: $0).request.route?.name ?? "-" },
            expected: "feed.last"),
        Case(
            testDescription: "candidates", parses: 1,
            run: { $0.candidates("/old/posts/7").map(\.route.pattern).description },
            expected: #"["/posts/:id(int)", "/posts/:id", "/posts/*rest", "/*rest"]"#),
        Case(
            testDescription: "explain, with its candidates", parses: 1,
            run: { String($0.explain("/posts/7").contains("  4. /*rest")) },
            expected: "true"),
        Case(
            testDescription: "explain with an apple-app-site-association file", parses: 1,
            run: { router in
                let file = router.appSiteAssociation(
                    appIDs: ["ABCDE12345.com.example.app"], host: "example.com")
                return String(
                    router.explain("https://example.com/posts/7", appSiteAssociation: file).contains(
                        "apple-app-site-association: "))
            },
            expected: "true"),
        Case(
            testDescription: "a redirect to a URL whose first candidates decline: one parse a hop", parses: 2,
            run: { await Connection.send("/go/7", router: $0).request.route?.pattern ?? "-" },
            expected: "/*rest"),
        Case(
            testDescription: "sendAll through a redirect: one parse a hop", parses: 2,
            run: { await Connection.sendAll("app://go/7", router: $0).map { $0.request.url }.description },
            expected: #"["app://posts/7"]"#),
    ]

    @Test("a URL is parsed and rewritten once per hop", arguments: cases)
    func parsedOnce(_ use: Case) async throws {
        let counter = LinearDeclineTests.Counter()
        let router = try Self.router(counter: counter)
        #expect(await use.run(router) == use.expected)
        #expect(counter.value == use.parses, "\(counter.value) rewrite calls")
    }
}

/// After a decline the pipeline points the request it built at the next candidate, in place when
/// no one else holds it. A stage that kept the request must still see the route it ran for.
struct DeclinedRequestReuseTests {
    actor Kept {
        private(set) var requests: [Request] = []
        func keep(_ request: Request) { requests.append(request) }
    }

    @Test(
        "a request a declined stage kept still names that stage's route",
        arguments: [false, true])
    func keptRequestIsUnchanged(keeps: Bool) async throws {
        let kept = Kept()
        let router = try Router(routes: [
            Route("/a/:id(int)", name: "first", isPublic: true) { request in
                if keeps { await kept.keep(request) }
                throw RouteDeclined()
            },
            Route("/a/:id", name: "second", isPublic: true) { _ in throw RouteDeclined() },
            Route("/a/*rest", name: "last", isPublic: true, controller: echo),
        ])
        let response = await Connection.send("/a/7?x=1#f", router: router)
        #expect(response.request.route?.name == "last")
        #expect(response.request.params["rest"] == "7")
        #expect(response.request.query["x"] == "1" && response.request.fragment == "f")
        let requests = await kept.requests
        #expect(requests.count == (keeps ? 1 : 0))
        if keeps {
            #expect(requests[0].route?.name == "first")
            #expect(requests[0].params["id"] == "7" && requests[0].params["rest"] == nil)
        }
    }
}
