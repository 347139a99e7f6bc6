import Testing

@testable import SwitchyardPolicies

/// A public `/sign-in?next=…` is a door anyone can write to. These tests replay the attack on a
/// router built from the built-ins alone, and pin what closes it: the interrupted link travels in
/// redirect data with its source, and an external request's URL-valued items must reach a public
/// route from outside.
struct SignInDoorTests {
    /// Public sign-in checked as the docs advise; a private route with a side effect; public
    /// routes behind the sign-in policy; a public parameter route beside a private literal one.
    static func router(signedIn: Bool, sideEffects: Counter) throws -> Router {
        let signIn = SignInPolicy.redirect(to: "/sign-in") { _ in signedIn }
        let nextIsSafe = SafeRedirectPolicy.queryItem(
            SignInPolicy.nextParameter, schemes: ["https"], hosts: ["mail.example.com", "help.example.com"],
            allowsRelative: true)
        let ok: Controller = { request in Response(request: request) }
        return try Router(
            routes: [
                Route("/sign-in", isPublic: true, policies: [nextIsSafe], controller: ok),
                Route("/settings/labs/:flag") { request in
                    await sideEffects.increment(request.params["flag"] ?? "-")
                    return Response(request: request)
                },
                Route("/messages/:id(int)", isPublic: true, policies: [signIn], controller: ok),
                Route("/users/:name", isPublic: true, controller: ok),
                Route("/users/admin", controller: ok),
            ], configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))
    }

    static let attack = "https://mail.example.com/sign-in?next=%2Fsettings%2Flabs%2Fthreaded%3Fenabled%3Dtrue"

    @Test(
        "regression: an outside /sign-in?next=<private route> cannot reach it through sign-in (confused deputy)",
        arguments: [nil, "com.example.chat"])
    func theAttackIsClosed(application: String?) async throws {
        let sideEffects = Counter()
        let router = try Self.router(signedIn: false, sideEffects: sideEffects)
        let opened = await Connection.send(
            fromPublicURL: Self.attack, sourceApplication: application, router: router)
        #expect(opened.status == .badRequest, "next does not reach a public route from outside")
        #expect(opened.request.interruptedLink == nil, "the link went straight to sign-in: nothing to resume")
        // What the docs tell the app to do after sign-in: resume the interrupted link, if any.
        if let link = opened.request.interruptedLink {
            _ = await Connection.resume(
                link, router: try Self.router(signedIn: true, sideEffects: sideEffects))
        }
        #expect(await sideEffects.value == 0)
    }

    @Test("the same next in-app keeps the scheme and host checks only: the app chose it")
    func inAppNextPasses() async throws {
        let router = try Self.router(signedIn: false, sideEffects: Counter())
        #expect(await Connection.send(Self.attack, router: router).status == .ok)
    }

    /// `next` values an outside link may and may not carry to the sign-in route.
    static let externalNexts: [(next: String, status: Status, why: String)] = [
        ("/messages/7", .ok, "a public route"),
        ("https://mail.example.com/messages/7", .ok, "a public route, by its full URL"),
        ("/users/bob", .ok, "a public parameter route"),
        ("/settings/labs/threaded", .badRequest, "a private route"),
        ("/users/admin", .badRequest, "public from outside, but a private route takes it in-app"),
        ("/no/such/page", .badRequest, "no route at all"),
        ("https://help.example.com/faq", .badRequest, "allowed by the lists, but not served"),
        ("https://evil.example/", .badRequest, "not allowed by the lists"),
    ]

    @Test("from outside, next must reach a public route, the same in-app", arguments: externalNexts)
    func externalNext(next: String, status: Status, why: String) async throws {
        let router = try Self.router(signedIn: false, sideEffects: Counter())
        let encoded = next.utf8.map { String(format: "%%%02X", $0) }.joined()
        let response = await Connection.send(
            fromPublicURL: "mailapp://sign-in?next=" + encoded, sourceApplication: nil, router: router)
        #expect(response.status == status, "\(why)")
        #expect(response.data.isEmpty, "an external caller learns the status only")
        let inApp = await Connection.send("mailapp://sign-in?next=" + encoded, router: router)
        #expect(inApp.status == (next.contains("evil") ? .badRequest : .ok), "in-app: lists only")
    }

    @Test("a policy run by hand on an external request, outside any pipeline, refuses: no router to ask")
    func outsideAPipeline() async throws {
        let router = try Self.router(signedIn: false, sideEffects: Counter())
        let opened = await Connection.send(
            fromPublicURL: "mailapp://sign-in?next=%2Fmessages%2F7", sourceApplication: nil, router: router)
        #expect(opened.status == .ok)
        let policy = SafeRedirectPolicy.queryItem("next", schemes: [], hosts: [], allowsRelative: true)
        guard case .failed(let refusal) = try await policy.evaluate(opened.request) else {
            Issue.record("expected a refusal")
            return
        }
        #expect(refusal.status == .badRequest)
    }

    @Test("an external link interrupted by sign-in resumes as external: public routes only")
    func resumedLinksKeepTheirSource() async throws {
        let sideEffects = Counter()
        let signedOut = try Self.router(signedIn: false, sideEffects: sideEffects)
        let shown = await Connection.send(
            fromPublicURL: "https://mail.example.com/messages/7?from=chat",
            sourceApplication: "com.example.chat",
            router: signedOut)
        #expect(shown.request.path == "/sign-in")
        let link = try #require(shown.request.interruptedLink)
        #expect(link.url == "https://mail.example.com/messages/7?from=chat", "scheme, host and query kept")
        #expect(link.source == .external(sourceApplication: "com.example.chat"))
        let signedIn = try Self.router(signedIn: true, sideEffects: sideEffects)
        let resumed = await Connection.resume(link, router: signedIn)
        #expect(resumed.status == .ok)
        #expect(resumed.request.source == link.source)
        #expect(resumed.request.query["from"] == "chat")
    }

    @Test("a query item cannot forge an interrupted link: it is data, and data never comes from a URL")
    func notForgeable() async throws {
        let router = try Self.router(signedIn: false, sideEffects: Counter())
        let response = await Connection.send(
            fromPublicURL: "mailapp://sign-in?interruptedLink=%2Fsettings%2Flabs%2Fx&next=%2Fmessages%2F7",
            sourceApplication: nil, router: router)
        #expect(response.status == .ok)
        #expect(response.request.interruptedLink == nil)
    }

    @Test("a second interruption keeps the first link: the one the user opened")
    func theFirstInterruptionWins() async throws {
        let signIn = SignInPolicy.redirect(to: "/sign-in") { _ in false }
        let router = try Router(routes: [
            Route("/sign-in") { request in Response(request: request) },
            Route("/unlock", policies: [signIn]) { request in Response(request: request) },
            Route(
                "/vault/:id",
                policies: [
                    Policy("pin") { request in
                        .failed(
                            .redirect(
                                request, to: "/unlock",
                                data: [InterruptedLink.dataKey: InterruptedLink(request)]))
                    }
                ]
            ) { request in Response(request: request) },
        ])
        let response = await Connection.send("/vault/9", router: router)
        #expect(response.request.path == "/sign-in")
        #expect(response.request.interruptedLink == InterruptedLink(url: "/vault/9", source: .app))
    }
}
