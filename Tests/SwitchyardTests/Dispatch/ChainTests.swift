import Testing

@testable import Switchyard

/// `continueNext` and `Connection.sendAll`: a success answer from a continuing route lets the
/// next candidate run; `send` returns the last answer and `sendAll` every one.
struct ChainTests {
    static let external = Source.external(sourceApplication: nil)

    /// A controller answering `status` with its route's name.
    static func answer(_ status: Status, log: StageLog) -> Controller {
        { request in
            await log.record(request.route?.name ?? "-")
            return Response(request: request, status: status, data: ["by": request.route?.name ?? "-"])
        }
    }

    static func names(_ answers: [Response]) -> [String] {
        answers.map { $0.data["by"] as? String ?? "-" }
    }

    @Test("Chains across shapes: analytics on every post, then the post")
    func acrossShapes() async throws {
        let log = StageLog()
        let router = try Router(routes: [
            Route("/posts/:id", name: "post", isPublic: true, controller: Self.answer(.ok, log: log)),
            Route(
                "/*path", name: "analytics", isPublic: true, continueNext: true,
                controller: Self.answer(.ok, log: log)),
            Route(
                "/posts/7", name: "pinned", isPublic: true, continueNext: true,
                controller: Self.answer(.ok, log: log)),
        ])
        let answers = await Connection.sendAll("/posts/7", router: router)
        #expect(
            Self.names(answers) == ["pinned", "post"],
            "post answers without continueNext: the glob never runs")
        let last = await Connection.send("/posts/7", router: router)
        #expect(last.data["by"] as? String == "post")
        #expect(Self.names(await Connection.sendAll("/about", router: router)) == ["analytics"])
        #expect(await log.entries == ["pinned", "post", "pinned", "post", "analytics"])
    }

    @Test("Chains at one shape: every route but the last continues")
    func atOneShape() async throws {
        let log = StageLog()
        let router = try Router(routes: [
            Route(
                "/sync", name: "mail", isPublic: true, continueNext: true,
                controller: Self.answer(.ok, log: log)),
            Route(
                "/sync", name: "calendar", isPublic: true, continueNext: true,
                controller: Self.answer(.ok, log: log)),
            Route("/sync", name: "contacts", isPublic: true, controller: Self.answer(.ok, log: log)),
        ])
        #expect(
            Self.names(await Connection.sendAll("/sync", router: router)) == ["mail", "calendar", "contacts"])
        #expect(router.candidates("/sync").map { $0.route.name } == ["mail", "calendar", "contacts"])
    }

    @Test(
        "What ends a chain: a non-success answer, or a route without continueNext",
        arguments: [
            (Status.forbidden, ["first"]), (.notFound, ["first"]), (.internalError, ["first"]),
            (.ok, ["first", "second"]), (Status(code: 204, reason: "No Content"), ["first", "second"]),
        ])
    func whatEndsAChain(_ firstStatus: Status, _ expected: [String]) async throws {
        let log = StageLog()
        let router = try Router(routes: [
            Route(
                "/x/:id(int)", name: "first", isPublic: true, continueNext: true,
                controller: Self.answer(firstStatus, log: log)),
            Route("/x/:id", name: "second", isPublic: true, controller: Self.answer(.ok, log: log)),
            Route("/x/*rest", name: "never", isPublic: true, controller: Self.answer(.ok, log: log)),
        ])
        let answers = await Connection.sendAll("/x/1", router: router)
        #expect(Self.names(answers) == expected)
        #expect(await Connection.send("/x/1", router: router).status == answers.last?.status)
    }

    @Test("A success followed only by declines is the answer of send")
    func successThenDeclines() async throws {
        let router = try Router(routes: [
            Route("/x/:id(int)", name: "first", isPublic: true, continueNext: true) { request in
                Response(request: request, data: ["by": "first"])
            },
            Route("/x/:id", name: "second", isPublic: true) { _ in throw RouteDeclined() },
        ])
        let response = await Connection.send("/x/1", router: router)
        #expect(response.status == .ok)
        #expect(response.data["by"] as? String == "first")
        #expect(Self.names(await Connection.sendAll("/x/1", router: router)) == ["first"])
    }

    @Test("A 303 ends the chain and is followed; the answers of the request it leads to replace it")
    func redirectEndsAChain() async throws {
        let log = StageLog()
        let router = try Router(routes: [
            Route(
                "/old/:id", name: "analytics", isPublic: true, priority: 1, continueNext: true,
                controller: Self.answer(.ok, log: log)),
            Route("/old/:id", name: "move", isPublic: true) { request in
                await log.record("move")
                return .redirect(request, to: "/new/\(request.params["id"] ?? "")")
            },
            Route("/old/*rest", name: "never", isPublic: true, controller: Self.answer(.ok, log: log)),
            Route(
                "/new/:id", name: "tracking", isPublic: true, continueNext: true,
                controller: Self.answer(.ok, log: log)),
            Route("/new/*rest", name: "new", isPublic: true, controller: Self.answer(.ok, log: log)),
        ])
        let answers = await Connection.sendAll("/old/3", router: router)
        #expect(Self.names(answers) == ["analytics", "tracking", "new"])
        #expect(answers.last?.request.path == "/new/3")
        let response = await Connection.send("/old/3", router: router)
        #expect(response.data["by"] as? String == "new")
    }

    @Test("From outside, sendAll never reaches a private route, continuing or not")
    func externalChains() async throws {
        let log = StageLog()
        let router = try Router(routes: [
            Route(
                "/p/:id", name: "audit", isPublic: false, priority: 2, continueNext: true,
                controller: Self.answer(.ok, log: log)),
            Route(
                "/p/:id", name: "count", isPublic: true, priority: 1, continueNext: true,
                controller: Self.answer(.ok, log: log)),
            Route("/p/:id", name: "show", isPublic: true, controller: Self.answer(.ok, log: log)),
        ])
        let outside = await Connection.sendAll(
            fromPublicURL: "app://p/1", sourceApplication: "com.x", router: router)
        #expect(Self.names(outside) == ["count", "show"])
        #expect(outside.allSatisfy { $0.request.source == .external(sourceApplication: "com.x") })
        #expect(Self.names(await Connection.sendAll("/p/1", router: router)) == ["audit", "count", "show"])
        let missing = await Connection.sendAll(
            fromPublicURL: "app://q", sourceApplication: nil, router: router)
        #expect(missing.map(\.status) == [.notFound])
    }

    @Test(
        "Same shape and scope: refused unless every route but the last in precedence order continues",
        arguments: [
            ([(false, 0), (false, 0)], "second"), ([(false, 0), (true, 0)], "second"),
            ([(true, 0), (false, 0), (true, 0)], "third"), ([(true, 0), (false, 1)], "first"),
            ([(false, 0), (true, 1)], nil), ([(true, 0), (true, 0)], nil), ([(true, 0), (false, 0)], nil),
        ] as [([(Bool, Int)], String?)])
    func chainRule(_ routes: [(continueNext: Bool, priority: Int)], _ neverRuns: String?) throws {
        let names = ["first", "second", "third"]
        let table = routes.enumerated().map { index, spec in
            Route(
                "/same/:id", name: names[index], isPublic: true, priority: spec.priority,
                continueNext: spec.continueNext, controller: echo)
        }
        do {
            _ = try Router(routes: table)
            #expect(neverRuns == nil, "accepted a route that could never run")
        } catch {
            let blocked = try #require(neverRuns, "refused a valid chain: \(error)")
            #expect(error.pattern == "/same/:id")
            #expect(error.reason.hasPrefix("route '\(blocked)' could never run"), "\(error)")
            #expect(error.reason.contains("has no continueNext"))
        }
    }

    @Test("send returns the last answer of sendAll, for every URL of a chaining table")
    func sendIsTheLastOfSendAll() async throws {
        let router = try Router(routes: [
            Route("/a/:x(int)", name: "int", isPublic: true, continueNext: true) { request in
                request.params["x"] == "0"
                    ? Response(request: request, status: .forbidden) : Response(request: request)
            },
            Route("/a/:x", name: "plain", isPublic: true, continueNext: true) { request in
                if request.params["x"] == "2" { throw RouteDeclined() }
                return Response(request: request, data: ["by": "plain"])
            },
            Route("/a/*rest", name: "glob", isPublic: true) { request in
                request.params["rest"] == "3"
                    ? .redirect(request, to: "/b") : Response(request: request, data: ["by": "glob"])
            },
            Route("/b", name: "b", isPublic: true, controller: echo),
        ])
        for url in ["/a/0", "/a/1", "/a/2", "/a/3", "/a/x", "/a/1/2", "/b", "/zzz", "/%"] {
            let all = await Connection.sendAll(url, router: router)
            let one = await Connection.send(url, router: router)
            #expect(one.status == all.last?.status, "\(url)")
            #expect(one.request.route?.name == all.last?.request.route?.name, "\(url)")
            #expect(!all.isEmpty)
        }
    }
}
