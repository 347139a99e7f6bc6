import SwitchyardControllers
import Testing

/// Mirrors the SwitchyardControllers code of README.md ("Modules") and of
/// Sources/Controllers/SwitchyardControllers.docc/SwitchyardControllers.md ("Overview").
@Suite("Docs: built-in controllers")
struct BuiltInControllersTests {
    static func makeRouter() throws -> Router {
        let link = RouterLink()  // for Forward: connected once the router exists
        let routes = [
            Route("/messages/:message_id(int)", name: "message", isPublic: true) { request in
                Response(request: request)
            },
            // 303 to a template filled from the parameters; Connection follows it.
            Route("/m/:id", isPublic: true, controller: Redirect.to("/messages/:id")),
            // The same status and data every time.
            Route("/about", isPublic: true, controller: FixedResponse.with(.ok, data: ["screen": "about"])),
            // 404, exactly like a URL that matches nothing.
            Route("/labs/*rest", isPublic: true, controller: NotFound.controller),
            // On to a named route (its access rule, middlewares and policies run).
            Route(
                "/msg/:id", isPublic: true,
                controller: Forward.to("message", in: link, renaming: ["id": "message_id"])),
        ]
        let router = try Router(routes: routes)
        link.connect(router)
        return router
    }

    static let cases: [(url: String, status: Status, path: String)] = [
        ("/m/7", .ok, "/messages/7"),
        ("/msg/7", .ok, "/messages/7"),
        ("/about", .ok, "/about"),
        ("/labs/anything/at/all", .notFound, "/labs/anything/at/all"),
    ]

    @Test("every built-in, one line each", arguments: cases)
    func builtIns(url: String, status: Status, path: String) async throws {
        let router = try Self.makeRouter()
        let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(response.status == status)
        #expect(response.request.path == path)
    }

    @Test("the fixed response carries its data")
    func fixedData() async throws {
        let response = await Connection.send("/about", router: try Self.makeRouter())
        #expect(response.data["screen"] as? String == "about")
    }
}
