import Testing

@testable import SwitchyardControllers

/// ``Forward/to(_:in:renaming:params:keepsQuery:)`` with a ``RouterLink``.
struct ForwardTests {
    static func router() throws -> Router {
        let link = RouterLink()
        let router = try Router(
            routes: [
                Route("/messages/:message_id(int)", name: "message", isPublic: true, controller: echo),
                Route(
                    "/folders/:folder/messages/:message_id", name: "folderMessage", isPublic: true,
                    controller: echo),
                Route("/photos(/:id)", name: "photos", isPublic: true, controller: echo),
                Route("/drafts/:message_id", name: "draft", controller: echo),
                Route("/m/:message_id", isPublic: true, controller: Forward.to("message", in: link)),
                Route(
                    "/r/:id", isPublic: true,
                    controller: Forward.to("message", in: link, renaming: ["id": "message_id"])),
                Route(
                    "/inbox/:message_id", isPublic: true,
                    controller: Forward.to("folderMessage", in: link, params: ["folder": "in box"])),
                Route(
                    "/p/:other", isPublic: true, controller: Forward.to("photos", in: link, keepsQuery: false)
                ),
                Route("/d/:message_id", isPublic: true, controller: Forward.to("draft", in: link)),
                Route("/gone/:message_id", isPublic: true, controller: Forward.to("nope", in: link)),
            ], configuration: .init(schemes: ["mailapp"]))
        link.connect(router)
        return router
    }

    static let cases: [(url: String, location: String, status: Int)] = [
        ("/m/7", "/messages/7", 200),
        ("/m/7?x=1#f", "/messages/7?x=1", 200),
        ("/r/8", "/messages/8", 200),
        ("/inbox/9", "/folders/in%20box/messages/9", 200),
        ("/p/1?x=1", "/photos", 200),
    ]

    @Test(arguments: cases)
    func redirectsToTheNamedRoute(url: String, location: String, status: Int) async throws {
        let response = await Connection.send(url, router: try Self.router())
        #expect(response.status.code == status)
        #expect(response.request.url == location)
    }

    @Test func theTargetGetsDecodedParameters() async throws {
        let response = await Connection.send("/inbox/9", router: try Self.router())
        #expect(response.data["folder"] as? String == "in box")
        #expect(response.data["message_id"] as? String == "9")
        #expect(response.data["pattern"] as? String == "/folders/:folder/messages/:message_id")
    }

    @Test func theSourceIsKept() async throws {
        let router = try Self.router()
        let external = await Connection.send(
            fromPublicURL: "mailapp://m/7", sourceApplication: "com.x", router: router)
        #expect(external.status == .ok)
        #expect(external.request.source == .external(sourceApplication: "com.x"))
        let privateTarget = await Connection.send(
            fromPublicURL: "mailapp://d/7", sourceApplication: nil, router: router)
        #expect(privateTarget.status == .notFound, "forwarding never opens a private route to outsiders")
        #expect(await Connection.send("/d/7", router: router).status == .ok)
    }

    @Test func aValueThatBreaksTheTargetsConstraintIsABadRequest() async throws {
        let response = await Connection.send("/m/seven", router: try Self.router())
        #expect(response.status == .badRequest)
    }

    @Test func anUnknownNameOrAnUnconnectedLinkIsAnInternalError() async throws {
        #expect(await Connection.send("/gone/1", router: try Self.router()).status == .internalError)
        let loose = try Router(routes: [Route("/x/:id", controller: Forward.to("x", in: RouterLink()))])
        let response = await Connection.send("/x/1", router: loose)
        #expect(response.status == .internalError)
        #expect(response.error?.message.contains("not connected") == true)
    }

    @Test func aLinkCanBeCreatedConnected() throws {
        let router = try Router(routes: [Route("/a", name: "a", controller: echo)])
        #expect(RouterLink(router).router?.routes.count == 1)
        #expect(RouterLink().router == nil)
    }
}
