import Testing

@testable import Switchyard

/// Issue 13 regression: the literal port of "re-send this URL" (a controller calling
/// `Connection.send` with a URL read from the link) turned an external request into an in-app
/// one and reached private routes. Inside an external request's pipeline, `send` keeps the
/// external source unless the caller passes `trusted: true`.
struct ResendTests {
    /// How the controller re-sends the URL in `?url=`.
    enum Way: String, CaseIterable, Sendable {
        case direct, trusted, unstructuredTask, asyncLet, taskGroup, callback, sendAll, inMiddleware
    }

    /// Sends `url` the way `way` says, and returns the answer.
    static func resend(_ url: String, _ way: Way, router: Router) async -> Response {
        switch way {
        case .direct, .inMiddleware: return await Connection.send(url, router: router)
        case .trusted: return await Connection.send(url, router: router, trusted: true)
        case .unstructuredTask: return await Task { await Connection.send(url, router: router) }.value
        case .asyncLet:
            async let response = Connection.send(url, router: router)
            return await response
        case .taskGroup:
            return await withTaskGroup(of: Response.self) { group in
                group.addTask { await Connection.send(url, router: router) }
                return await group.next()!
            }
        case .callback:
            return await withCheckedContinuation { continuation in
                Connection.send(url, router: router) { continuation.resume(returning: $0) }
            }
        case .sendAll: return await Connection.sendAll(url, router: router).last!
        }
    }

    static func router(_ way: Way) throws -> Router {
        let forward: @Sendable (Request, Router) async throws -> Response = { request, router in
            let target = request.query["url"] ?? "/"
            let response = await resend(target, way, router: router)
            return Response(
                request: request,
                data: [
                    "status": response.status.code, "source": response.request.source,
                    "route": response.request.route?.name ?? "-",
                ])
        }
        // The router refers to itself: the forwarding route sends through the same table.
        let box = RouterBox()
        let router = try Router(routes: [
            Route("/forward", isPublic: true) { request in try await forward(request, box.router!) },
            Route(
                "/forward-in-middleware", isPublic: true,
                middlewares: [
                    Middleware("forward") { request in
                        let response = try await forward(request, box.router!)
                        return request.adding(["inner": response.data])
                    }
                ]
            ) { request in
                Response(request: request, data: request.data["inner"] as? [String: any Sendable] ?? [:])
            },
            Route("/settings/danger", name: "danger", isPublic: false) { Response(request: $0) },
            Route("/inbox", name: "inbox", isPublic: true) { Response(request: $0) },
        ])
        box.router = router
        return router
    }

    @Test(
        "A re-send inside an external pipeline stays external, in every kind of task", arguments: Way.allCases
    )
    func externalStaysExternal(way: Way) async throws {
        let router = try Self.router(way)
        let entry = way == .inMiddleware ? "/forward-in-middleware" : "/forward"
        let outside = await Connection.send(
            fromPublicURL: "app:/\(entry)?url=%2Fsettings%2Fdanger", sourceApplication: "com.evil",
            router: router)
        #expect(outside.status == .ok)
        if way == .trusted {
            #expect(outside.data["status"] as? Int == 200, "trusted: the app vouches for the URL")
            #expect(outside.data["source"] as? Source == .app)
        } else {
            #expect(outside.data["status"] as? Int == 404, "the private route stays invisible")
            #expect(outside.data["source"] as? Source == .external(sourceApplication: "com.evil"))
        }
        let publicTarget = await Connection.send(
            fromPublicURL: "app:/\(entry)?url=%2Finbox", sourceApplication: nil, router: router)
        #expect(publicTarget.data["route"] as? String == "inbox")
    }

    @Test("A re-send inside an in-app pipeline stays in-app", arguments: Way.allCases)
    func inAppStaysInApp(way: Way) async throws {
        let router = try Self.router(way)
        let entry = way == .inMiddleware ? "/forward-in-middleware" : "/forward"
        let inApp = await Connection.send("\(entry)?url=%2Fsettings%2Fdanger", router: router)
        #expect(inApp.data["status"] as? Int == 200)
        #expect(inApp.data["source"] as? Source == .app)
    }

    /// Regression: a trusted send kept the external source in the task, so what its own
    /// (in-app) stages sent went out as external.
    @Test("A trusted send is in-app all the way down")
    func trustedIsInAppAllTheWayDown() async throws {
        let box = RouterBox()
        let router = try Router(routes: [
            Route("/start", isPublic: true) { request in
                let relayed = await Connection.send("/relay", router: box.router!, trusted: true)
                return Response(request: request, data: relayed.data)
            },
            Route("/relay") { request in
                let inner = await Connection.send("/settings/danger", router: box.router!)
                return Response(
                    request: request, data: ["status": inner.status.code, "source": inner.request.source])
            },
            Route("/settings/danger") { Response(request: $0) },
        ])
        box.router = router
        let response = await Connection.send(
            fromPublicURL: "app://start", sourceApplication: nil, router: router)
        #expect(response.data["status"] as? Int == 200)
        #expect(response.data["source"] as? Source == .app)
    }

    @Test("Outside any pipeline, send is in-app: the rule does not leak into later work")
    func noLeak() async throws {
        let router = try Self.router(.direct)
        _ = await Connection.send(
            fromPublicURL: "app://forward?url=%2Finbox", sourceApplication: nil, router: router)
        #expect(await Connection.send("/settings/danger", router: router).status == .ok)
    }
}

/// Lets a route's controller reach the router it belongs to. Written once, before any request.
final class RouterBox: @unchecked Sendable {
    // `@unchecked`: `router` is set once, right after `Router.init` and before any request is
    // sent, and only read afterwards.
    var router: Router?
}
