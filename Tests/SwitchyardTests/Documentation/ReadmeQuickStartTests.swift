import Switchyard
import Testing

// README.md, section "Quick start": the routes file, as written there.
enum MailRoutes {
    static let all: [Route] = [
        Route("/inbox", name: "inbox", isPublic: true) { request in
            Response(request: request, data: ["screen": "inbox"])
        },
        Route("/messages/:id(int)", name: "message", isPublic: true) { request in
            let id = try request.params.require("id", as: Int.self)
            return Response(request: request, data: ["screen": "message", "id": id])
        },
        Route("/drafts/:id(int)", name: "draft") { request in  // private: the default
            Response(request: request, data: ["screen": "draft"])
        },
    ]
}

/// README.md, section "Quick start": the router and the two sends, then what the comments claim.
@Suite("Docs: README quick start")
struct ReadmeQuickStartTests {
    @Test("the quick start routes a URL in-app and hides the private route from other apps")
    func quickStart() async throws {
        let router = try Router(routes: MailRoutes.all, configuration: .init(schemes: ["mailapp"]))

        let message = await Connection.send("mailapp://messages/7", router: router)
        // message.status == .ok, message.data["id"] as? Int == 7
        let probe = await Connection.send(
            fromPublicURL: "mailapp://drafts/3", sourceApplication: nil, router: router)
        // probe.status == .notFound: from another app, a private route looks like a missing one

        #expect(message.status == .ok)
        #expect(message.data["id"] as? Int == 7)
        #expect(probe.status == .notFound)
        #expect(probe.data.isEmpty)
        #expect(
            await Connection.send("mailapp://drafts/3", router: router).status == .ok, "in-app reaches it")
    }
}
