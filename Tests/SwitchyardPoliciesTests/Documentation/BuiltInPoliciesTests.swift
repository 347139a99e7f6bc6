import SwitchyardPolicies
import Testing

/// Mirrors the SwitchyardPolicies code of README.md ("Modules") and of
/// Sources/Policies/SwitchyardPolicies.docc/SwitchyardPolicies.md ("Overview"). `session` and
/// `alerts` stand for the app's own objects.
@Suite("Docs: built-in policies")
struct BuiltInPoliciesTests {
    actor Session {
        var isSignedIn = false
        func presentSignIn() -> Bool {
            isSignedIn = true
            return true
        }
    }

    struct Alerts {
        let answer: Bool
        func confirm(_ path: String) async -> Bool { answer }
    }

    static func makeRouter(session: Session, alerts: Alerts) throws -> Router {
        // External requests from these apps only, else 403.
        let companions = SourcePolicies.allowList(["com.example.calendar"])
        // A path parameter, present and valid (useful with optional parts), else 400.
        let needsID = ParameterPolicies.require("id", .int)
        // A query item, present (and valid, given a constraint), else 400.
        let needsQuery = ParameterPolicies.requireQuery("q")
        // A query item that may be absent, but is valid when present, else 400.
        let pageIsInt = ParameterPolicies.validateQuery("page", .int)
        // Signed out: redirect to /sign-in, carrying the link (request.interruptedLink there).
        // Its name, which `skipping:` takes, is "signIn".
        let signIn = SignInPolicy.redirect(to: "/sign-in") { request in request.data["user"] != nil }
        // Signed out: show sign-in, wait, then go on with this same request.
        let signInFirst = SignInPolicy.awaiting(
            isSignedIn: { _ in await session.isSignedIn }, signIn: { _ in await session.presentSignIn() })
        // A token bucket per source application: 5 at once, then one every 2 s, else 429.
        let limit = RateLimit.perSourceApplication(capacity: 5, refillEvery: .seconds(2))
        // Not in the docs: the same limit on a frozen clock, so the test never depends on time.
        let frozenLimit = RateLimit.perSourceApplication(
            capacity: 5, refillEvery: .seconds(2), clock: { .zero })
        // External requests wait for the user's answer; declined → 403.
        let confirm = ConfirmationPolicy.external { request in await alerts.confirm(request.path) }
        // A URL-valued item must point to an allowed scheme and host (no open redirects), else 400.
        let safeNext = SafeRedirectPolicy.queryItem(
            "next", schemes: ["https"], hosts: ["mail.example.com"], allowsRelative: true)
        // Combinators: also Policy.all([…]) and Policy.not(…).
        let companionOrSignedIn = Policy.any([companions, signIn])

        let ok: Controller = { request in Response(request: request) }
        return try Router(routes: [
            Route("/compose", isPublic: true, policies: [companions], controller: ok),
            Route("/photos(/:id)", isPublic: true, policies: [needsID], controller: ok),
            Route("/search", isPublic: true, policies: [needsQuery, pageIsInt], controller: ok),
            Route("/drafts", isPublic: true, policies: [signIn], controller: ok),
            Route("/outbox", policies: [signInFirst], controller: ok),
            Route("/inbox", isPublic: true, policies: [frozenLimit], controller: ok),
            Route("/outbox/:id", isPublic: true, policies: [limit], controller: ok),
            Route("/account/delete", isPublic: true, policies: [confirm], controller: ok),
            Route("/sign-in", isPublic: true, policies: [safeNext], controller: ok),
            Route("/share", isPublic: true, policies: [companionOrSignedIn], controller: ok),
        ])
    }

    static let cases: [(url: String, from: String?, status: Status)] = [
        ("/compose", "com.example.chat", .forbidden),
        ("/compose", "com.example.calendar", .ok),
        ("/photos", nil, .badRequest),
        ("/photos/3", nil, .ok),
        ("/search?page=2", nil, .badRequest),
        ("/search?q=mail&page=two", nil, .badRequest),
        ("/search?q=mail", nil, .ok),
        ("/account/delete", nil, .forbidden),
        ("/sign-in?next=https%3A%2F%2Fevil.example%2F", nil, .badRequest),
        ("/sign-in?next=%2Fdrafts", nil, .ok),
        ("/share", "com.example.calendar", .ok),
        ("/outbox/1", nil, .ok),
    ]

    @Test("every built-in, one line each", arguments: cases)
    func builtIns(url: String, from application: String?, status: Status) async throws {
        let router = try Self.makeRouter(session: Session(), alerts: Alerts(answer: false))
        let response = await Connection.send(
            fromPublicURL: url, sourceApplication: application, router: router)
        #expect(response.status == status)
    }

    @Test("signed out: redirected to sign-in, carrying next")
    func signInRedirect() async throws {
        let router = try Self.makeRouter(session: Session(), alerts: Alerts(answer: true))
        let response = await Connection.send("/drafts", router: router)
        #expect(response.status == .ok)
        #expect(response.request.path == "/sign-in")
        #expect(response.request.query["next"] == "/drafts")
    }

    @Test("sign in first, then the same request goes on")
    func awaitingSignIn() async throws {
        let session = Session()
        let router = try Self.makeRouter(session: session, alerts: Alerts(answer: true))
        #expect(await Connection.send("/outbox", router: router).status == .ok)
        #expect(await session.isSignedIn)
    }

    @Test("the rate limit refuses the sixth request of a burst")
    func rateLimit() async throws {
        let router = try Self.makeRouter(session: Session(), alerts: Alerts(answer: true))
        var statuses: [Status] = []
        for _ in 0..<6 {
            statuses.append(
                await Connection.send(
                    fromPublicURL: "/inbox", sourceApplication: "com.example.chat", router: router
                )
                .status)
        }
        #expect(statuses == Array(repeating: .ok, count: 5) + [.tooManyRequests])
    }

    @Test("a confirmed external request goes on")
    func confirmed() async throws {
        let router = try Self.makeRouter(session: Session(), alerts: Alerts(answer: true))
        let response = await Connection.send(
            fromPublicURL: "/account/delete", sourceApplication: nil, router: router)
        #expect(response.status == .ok)
    }
}
