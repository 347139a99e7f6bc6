import Testing

@testable import Switchyard

/// Issue 6, item 1: a middleware, policy or controller that throws fails closed: the request
/// ends with an error status, later stages never run, and an external caller learns only the
/// status.
struct FailClosedTests {
    struct Denied: ResponseError {
        var status: Status { .forbidden }
    }

    struct Broken: Error {}

    /// Which stage throws, and what it throws.
    enum Thrower: String, CaseIterable, Sendable {
        case routerMiddleware, routeMiddleware, routerPolicy, routePolicy, controller
    }

    static let errors: [(any Error & Sendable, Status)] = [
        (Broken(), .internalError), (Denied(), .forbidden), (RoutingError(.badRequest, "bad"), .badRequest),
        (CancellationError(), .cancelled),
    ]

    static func makeRouter(throwing thrower: Thrower, _ error: any Error & Sendable, log: SecurityLog) throws
        -> Router
    {
        let stage: @Sendable (Thrower) async throws -> Void = { name in
            await log.record(name.rawValue)
            if name == thrower { throw error }
        }
        return try Router(
            middlewares: [
                Middleware("router") {
                    try await stage(.routerMiddleware); return $0
                }
            ],
            policies: [
                Policy("router") { _ in
                    try await stage(.routerPolicy); return .verified
                }
            ],
            routes: [
                Route(
                    "/messages/:id", isPublic: true,
                    middlewares: [
                        Middleware("route") {
                            try await stage(.routeMiddleware); return $0
                        }
                    ],
                    policies: [
                        Policy("route") { _ in
                            try await stage(.routePolicy); return .verified
                        }
                    ]
                ) { request in
                    try await stage(.controller)
                    return Response(request: request, data: ["secret": "message body"])
                }
            ])
    }

    @Test(
        "A throwing stage ends the request with its error status; later stages never run",
        arguments: Thrower.allCases)
    func throwingStage(_ thrower: Thrower) async throws {
        for (error, status) in Self.errors {
            for external in [false, true] {
                let log = SecurityLog()
                let router = try Self.makeRouter(throwing: thrower, error, log: log)
                let response =
                    external
                    ? await Connection.send(
                        fromPublicURL: "/messages/7", sourceApplication: "com.evil", router: router)
                    : await Connection.send("/messages/7", router: router)
                #expect(response.status == status, "\(error)")
                #expect(!response.status.isSuccess)
                #expect(response.data["secret"] == nil)
                #expect(response.location == nil)
                let order: [Thrower] = [
                    .routerMiddleware, .routeMiddleware, .routerPolicy, .routePolicy, .controller,
                ]
                let ran = await log.entries
                #expect(ran == order.prefix(through: order.firstIndex(of: thrower)!).map(\.rawValue))
                if external {
                    #expect(response.data.isEmpty, "an external caller learns the status only")
                } else {
                    #expect(response.error?.status == status, "in-app callers get the details")
                }
            }
        }
    }

    @Test("A throwing not-found controller still answers, with no details for external callers")
    func throwingNotFound() async throws {
        let router = try Router(
            routes: [Route("/admin", controller: echo)],
            configuration: .init(notFound: { _ in throw Broken() }))
        for url in ["/missing", "/admin"] {
            let external = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
            #expect(external.status == .internalError)
            #expect(external.data.isEmpty)
            #expect(external.request.route == nil)
        }
        #expect(await Connection.send("/missing", router: router).error != nil)
    }

    /// A middleware cannot smuggle in another request: not one from an in-app send (to gain the
    /// app's source), not one for another URL.
    @Test("A middleware that returns a different request fails closed")
    func swappedRequest() async throws {
        let log = SecurityLog()
        let captured = Captured()
        let router = try Router(
            middlewares: [
                Middleware("swap") { request in
                    guard request.isExternal, let saved = await captured.request else {
                        await captured.keep(request)
                        return request
                    }
                    return saved
                }
            ],
            routes: [
                Route("/messages/:id", isPublic: true) { request in
                    await log.record("controller \(request.source) \(request.url)")
                    return Response(request: request)
                }
            ])
        #expect(await Connection.send("/messages/1", router: router).status == .ok)
        for url in ["/messages/1", "/messages/2"] {
            let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
            #expect(response.status == .internalError)
            #expect(response.request.isExternal)
        }
        #expect(await log.entries == ["controller app /messages/1"])
    }

    actor Captured {
        private(set) var request: Request?

        func keep(_ request: Request) {
            self.request = request
        }
    }

    @Test("A policy that fails stops the chain; a failure's redirect to a private route stays closed")
    func failingPolicyRedirect() async throws {
        let log = SecurityLog()
        let router = try Router(
            routes: [
                Route(
                    "/inbox", isPublic: true,
                    policies: [
                        Policy("signedIn") { request in .failed(.redirect(request, to: "/login?next=/inbox"))
                        },
                        Policy("never") { _ in
                            await log.record("second policy")
                            return .verified
                        },
                    ], controller: echo),
                Route("/login") { request in
                    await log.record("private login")
                    return Response(request: request)
                },
            ])
        let external = await Connection.send(fromPublicURL: "/inbox", sourceApplication: nil, router: router)
        #expect(external.status == .notFound, "the private login route is invisible from outside")
        #expect(await log.entries.isEmpty)
        let inApp = await Connection.send("/inbox", router: router)
        #expect(inApp.status == .ok)
        #expect(await log.entries == ["private login"])
    }
}
