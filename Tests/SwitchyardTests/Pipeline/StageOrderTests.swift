import Testing

@testable import Switchyard

/// Architecture, "The pipeline" steps 5 and 6: middlewares router → group → route; policies router (minus
/// `skipping:`) → group → route, stopping at the first failure.
@Suite("Pipeline: middlewares and policies")
struct StageOrderTests {
    /// A middleware that appends its name to the request's `trail`, so the controller sees the order
    /// in the request itself, not only in a side channel.
    static func trail(_ name: String) -> Middleware {
        Middleware(name) { request in
            request.adding(["trail": (request.data["trail"] as? [String] ?? []) + [name]])
        }
    }

    static let showTrail: Controller = { request in
        Response(request: request, data: ["trail": request.data["trail"] as? [String] ?? []])
    }

    @Test("middlewares run router → outer group → inner group → route, each once")
    func middlewareOrder() async throws {
        let routes = Route.group(
            "/outer", middlewares: [Self.trail("outer group")],
            Route.group(
                "/inner", middlewares: [Self.trail("inner group")],
                [
                    Route(
                        "/leaf", middlewares: [Self.trail("route 1"), Self.trail("route 2")],
                        controller: Self.showTrail)
                ]
            ))
        let router = try Router(
            middlewares: [Self.trail("router 1"), Self.trail("router 2")], routes: routes)
        let response = await Connection.send("/outer/inner/leaf", router: router)
        #expect(response.status == .ok)
        #expect(
            response.data["trail"] as? [String] == [
                "router 1", "router 2", "outer group", "inner group", "route 1", "route 2",
            ])
    }

    @Test("a middleware's output reaches policies and the controller")
    func middlewareOutputReachesLaterStages() async throws {
        let user = Middleware("user") { $0.adding(["user": "ada", "id": 7]) }
        let policy = Policy("isAda") { request in
            request.data["user"] as? String == "ada"
                ? .verified : .failed(Response(request: request, status: .forbidden))
        }
        let router = try Router(
            middlewares: [user], policies: [policy],
            routes: [Route("/me") { Response(request: $0, data: ["id": $0.data["id"] as? Int ?? 0]) }])
        let response = await Connection.send("/me", router: router)
        #expect(response.status == .ok)
        #expect(response.data["id"] as? Int == 7)
    }

    @Test("policies run router → group → route before the controller")
    func policyOrder() async throws {
        let log = StageLog()
        let routes = Route.group(
            "/g", policies: [log.policy("group")],
            [
                Route(
                    "/r", policies: [log.policy("route 1"), log.policy("route 2")],
                    controller: log.controller())
            ])
        let router = try Router(
            middlewares: [log.middleware("middleware")],
            policies: [log.policy("router 1"), log.policy("router 2")],
            routes: routes)
        #expect(await Connection.send("/g/r", router: router).status == .ok)
        #expect(
            await log.entries == [
                "middleware", "router 1", "router 2", "group", "route 1", "route 2", "controller",
            ])
    }

    /// Fail each position in turn: the failure's response is the answer, and no later policy nor
    /// the controller runs.
    @Test("the first failed policy ends the request; later policies never run", arguments: 0..<5)
    func shortCircuit(failingIndex: Int) async throws {
        let log = StageLog()
        let names = ["router 1", "router 2", "group", "route 1", "route 2"]
        let policies = names.enumerated().map { index, name in
            log.policy(name, verifies: index != failingIndex)
        }
        let routes = Route.group(
            "/g", policies: [policies[2]],
            [Route("/r", policies: Array(policies[3...]), controller: log.controller())])
        let router = try Router(policies: Array(policies[0...1]), routes: routes)
        let response = await Connection.send("/g/r", router: router)
        #expect(response.status == .forbidden)
        #expect(response.data["by"] as? String == names[failingIndex])
        #expect(await log.entries == Array(names[...failingIndex]))
    }

    @Test("a failed policy's response reaches external callers as given")
    func failedResponseExternal() async throws {
        let log = StageLog()
        let router = try Router(
            policies: [log.policy("gate", verifies: false)],
            routes: [Route("/r", isPublic: true, controller: log.controller())])
        let response = await Connection.send(fromPublicURL: "/r", sourceApplication: "x", router: router)
        #expect(response.status == .forbidden)
        #expect(response.request.source == .external(sourceApplication: "x"))
        #expect(await log.entries == ["gate"])
    }

    @Test("skipping: drops router policies by name, not group or route policies")
    func skipping() async throws {
        let log = StageLog()
        let routes = Route.group(
            "/g", policies: [log.policy("group")],
            [
                Route(
                    "/open", policies: [log.policy("route")], skipping: ["signedIn", "rateLimit"],
                    controller: log.controller()),
                Route("/closed", controller: log.controller()),
            ])
        let router = try Router(
            policies: [
                log.policy("signedIn", verifies: false), log.policy("rateLimit"), log.policy("audit"),
            ],
            routes: routes)
        #expect(await Connection.send("/g/open", router: router).status == .ok)
        #expect(await log.entries == ["audit", "group", "route", "controller"])
        #expect(await Connection.send("/g/closed", router: router).status == .forbidden)
        #expect(await log.entries.suffix(1) == ["signedIn"])
    }

    @Test("skipping a name that is no router policy is a route table error")
    func skippingUnknownName() {
        #expect(throws: RouteTableError.self) {
            try Router(
                policies: [Policy("signedIn") { _ in .verified }],
                routes: [Route("/r", skipping: ["signedin"], controller: echo)])
        }
    }

    @Test("a middleware cannot hand back another request's identity")
    func middlewareSwappingRequest() async throws {
        let other = await Connection.send("/capture", router: try router(["/capture"])).request
        let swap = Middleware("swap") { _ in other }
        let router = try Router(middlewares: [swap], routes: [Route("/r", isPublic: true, controller: echo)])
        let response = await Connection.send(fromPublicURL: "/r", sourceApplication: nil, router: router)
        #expect(response.status == .internalError)
        #expect(response.request.isExternal)
    }
}
