import Testing

@testable import Switchyard

/// Declining: any stage may throw `RouteDeclined()` and a policy may return `.declined`; the route
/// then counts as not matched and the next candidate runs with its own full chain.
struct DeclineTests {
    static let external = Source.external(sourceApplication: nil)

    /// Where the first candidate declines.
    enum Stage: String, CaseIterable, Sendable {
        case routerMiddleware, routeMiddleware, routerPolicy, routerPolicyThrows, routePolicy, controller
    }

    /// `/posts/:id(int)` ("first") declines at `stage`; `/posts/:id` ("second") answers. Every
    /// stage logs, so the test sees both chains in full.
    static func router(decliningAt stage: Stage, log: StageLog) throws -> Router {
        @Sendable func declines(_ request: Request, at here: Stage) -> Bool {
            stage == here && request.route?.name == "first"
        }
        return try Router(
            middlewares: [
                Middleware("routerMiddleware") { request in
                    await log.record("routerMiddleware \(request.route?.name ?? "-")")
                    if declines(request, at: .routerMiddleware) { throw RouteDeclined() }
                    return request
                }
            ],
            policies: [
                Policy("routerPolicy") { request in
                    await log.record("routerPolicy \(request.route?.name ?? "-")")
                    if declines(request, at: .routerPolicyThrows) { throw RouteDeclined() }
                    return declines(request, at: .routerPolicy) ? .declined : .verified
                }
            ],
            routes: [
                Route(
                    "/posts/:id(int)", name: "first", isPublic: true,
                    middlewares: [
                        Middleware("routeMiddleware") { request in
                            await log.record("routeMiddleware first")
                            if declines(request, at: .routeMiddleware) { throw RouteDeclined() }
                            return request.adding(["touchedBy": "first"])
                        }
                    ],
                    policies: [
                        Policy("routePolicy") { request in
                            await log.record("routePolicy first")
                            return declines(request, at: .routePolicy) ? .declined : .verified
                        }
                    ]
                ) { request in
                    await log.record("controller first")
                    if declines(request, at: .controller) { throw RouteDeclined() }
                    return Response(request: request, data: ["by": "first"])
                },
                Route("/posts/:id", name: "second", isPublic: true) { request in
                    await log.record("controller second")
                    return Response(
                        request: request,
                        data: ["by": "second", "touchedBy": request.data["touchedBy"] as? String ?? "nobody"])
                },
            ])
    }

    /// The log of the first chain up to the stage that declines.
    static func firstChain(upTo stage: Stage) -> [String] {
        let chain = [
            (Stage.routerMiddleware, "routerMiddleware first"), (.routeMiddleware, "routeMiddleware first"),
            (.routerPolicy, "routerPolicy first"), (.routePolicy, "routePolicy first"),
            (.controller, "controller first"),
        ]
        let last = stage == .routerPolicyThrows ? .routerPolicy : stage
        let end = chain.firstIndex { $0.0 == last }!
        return chain[...end].map(\.1)
    }

    @Test("A decline at any stage runs the next candidate with its full chain", arguments: Stage.allCases)
    func declineAtEachStage(stage: Stage) async throws {
        for source in [Source.app, Self.external, Source.content] {
            let log = StageLog()
            let router = try Self.router(decliningAt: stage, log: log)
            let response: Response
            switch source {
            case .app: response = await Connection.send("/posts/7", router: router)
            case .external(let application):
                response = await Connection.send(
                    fromPublicURL: "/posts/7", sourceApplication: application, router: router)
            case .content: response = await Connection.send(contentLink: "/posts/7", router: router)
            }
            #expect(response.status == .ok)
            #expect(response.data["by"] as? String == "second")
            #expect(response.request.route?.name == "second")
            #expect(response.request.params["id"] == "7")
            let secondChain = ["routerMiddleware second", "routerPolicy second", "controller second"]
            #expect(await log.entries == Self.firstChain(upTo: stage) + secondChain)
        }
    }

    @Test("The next candidate starts from the request as the router built it")
    func middlewareChangesAreNotSeen() async throws {
        let log = StageLog()
        let router = try Self.router(decliningAt: .controller, log: log)
        let response = await Connection.send("/posts/7", data: ["sender": "test"], router: router)
        #expect(response.data["touchedBy"] as? String == "nobody")
        #expect(
            response.request.data["sender"] as? String == "test", "the sender's data reaches every candidate")
        #expect(await log.entries.contains("controller first"), "what the declined route did is not undone")
    }

    @Test(
        "With every candidate declining, the not-found answer comes",
        arguments: [false, true])
    func everyCandidateDeclines(withNotFoundController: Bool) async throws {
        let log = StageLog()
        let declining: Controller = { request in
            await log.record(request.route?.name ?? "-")
            throw RouteDeclined()
        }
        let notFound: Controller = { request in
            Response(request: request, status: .notFound, data: ["route": request.route?.name ?? "none"])
        }
        let router = try Router(
            routes: [
                Route("/p/:id(int)", name: "int", isPublic: true, controller: declining),
                Route("/p/:id", name: "plain", isPublic: true, controller: declining),
                Route("/p/*rest", name: "glob", isPublic: true, controller: declining),
            ],
            configuration: .init(notFound: withNotFoundController ? notFound : nil))
        let response = await Connection.send("/p/1", router: router)
        #expect(response.status == .notFound)
        #expect(response.request.route == nil)
        #expect(response.request.path == "/p/1")
        #expect((response.data["route"] as? String) == (withNotFoundController ? "none" : nil))
        #expect(await log.entries == ["int", "plain", "glob"])
        let all = await Connection.sendAll("/p/1", router: router)
        #expect(all.map(\.status) == [.notFound], "declines are not answers")
    }

    @Test(
        "RouteDeclined thrown by the notFound controller answers as a missing route, with no detail outside")
    func declineFromNotFound() async throws {
        let router = try Router(
            routes: [Route("/a", isPublic: true, controller: echo)],
            configuration: .init(notFound: { _ in throw RouteDeclined() }))
        let inApp = await Connection.send("/b", router: router)
        #expect(inApp.status == .notFound)
        let outside = await Connection.send(fromPublicURL: "/b", sourceApplication: nil, router: router)
        #expect(outside.status == .notFound)
        #expect(outside.data.isEmpty)
    }

    @Test("A decline never leads an external request to a private route")
    func externalDeclineSkipsPrivate() async throws {
        let router = try Router(routes: [
            Route("/users/admin", name: "admin", isPublic: false, controller: echo),
            Route("/users/:id", name: "user", isPublic: true) { _ in throw RouteDeclined() },
        ])
        let outside = await Connection.send(
            fromPublicURL: "app://users/admin", sourceApplication: nil, router: router)
        #expect(outside.status == .notFound)
        #expect(outside.request.route == nil)
        let inApp = await Connection.send("/users/admin", router: router)
        #expect(inApp.request.route?.name == "admin", "in-app, the private literal is the first candidate")
    }

    @Test("Cancelled between candidates: 499, and the next candidate does not run")
    func cancellationBetweenCandidates() async throws {
        let log = StageLog()
        let router = try Router(routes: [
            Route("/p/:id(int)", name: "first", isPublic: true) { _ in
                await log.record("first")
                withUnsafeCurrentTask { $0?.cancel() }
                throw RouteDeclined()
            },
            Route("/p/:id", name: "second", isPublic: true) { request in
                await log.record("second")
                return Response(request: request)
            },
        ])
        let response = await Connection.send("/p/1", router: router)
        #expect(response.status == .cancelled)
        #expect(await log.entries == ["first"])
    }
}
