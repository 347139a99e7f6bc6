import Switchyard
import Testing

/// Mirrors the code of Sources/Routing/Switchyard.docc/ThePipeline.md.
@Suite("Docs: The Pipeline")
struct ThePipelineTests {
    // Section "Stages in order": a router-wide middleware and policy, a route that skips it.
    static func makeRouter() throws -> Router {
        let session = Middleware("session") { request in
            request.adding(["user": "ada"])
        }
        let signedIn = Policy("signedIn") { request in
            request.data["user"] == nil
                ? .failed(Response(request: request, status: .unauthorized)) : .verified
        }
        let router = try Router(
            rewrites: [Rewrite("/msg/:id", to: "/messages/:id")],
            middlewares: [session],
            policies: [signedIn],
            routes: [
                Route("/messages/:id(int)", isPublic: true) { request in
                    Response(request: request, data: ["user": request.data["user"] ?? "nobody"])
                },
                Route("/sign-in", isPublic: true, skipping: ["signedIn"]) { request in
                    Response(request: request)
                },
                Route("/home") { request in Response.redirect(request, to: "/messages/1") },
                Route("/gone/:id") { _ in throw MessageGone() },
            ])
        return router
    }

    // Section "Errors become responses".
    struct MessageGone: ResponseError {
        var status: Status { Status(code: 410, reason: "Gone") }
    }

    @Test("Stages in order")
    func stages() async throws {
        let router = try Self.makeRouter()
        let response = await Connection.send("/msg/7", router: router)
        // response.request.path == "/messages/7" (rewritten), response.data["user"] as? String == "ada"
        #expect(response.status == .ok)
        #expect(response.request.path == "/messages/7")
        #expect(response.request.url == "/msg/7")
        #expect(response.data["user"] as? String == "ada")
    }

    @Test("Errors become responses")
    func errors() async throws {
        let router = try Self.makeRouter()
        let inApp = await Connection.send("/gone/1", router: router)
        // inApp.status.code == 410
        #expect(inApp.status.code == 410)
    }

    @Test("Redirects are followed")
    func redirects() async throws {
        let router = try Self.makeRouter()
        let response = await Connection.send("/home", router: router)
        // response.status == .ok, response.request.path == "/messages/1"
        #expect(response.status == .ok)
        #expect(response.request.path == "/messages/1")
    }
}
