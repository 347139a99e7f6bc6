import Switchyard
import Testing

// README.md, section "Quick start": the routes library's file, as written there (which
// `scripts/readme-package` also builds as the `MailRoutes` module of the README's package).
/// The mail app's routes. The app and MailTool build the same router from them.
public enum MailRoutes {
    /// Every route of the app (a larger app keeps one file of routes per feature).
    public static let all: [Route] = [
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

    /// The router, for links of the app's scheme and of its web domain.
    public static func router() throws -> Router {
        try Router(routes: all, configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))
    }
}

/// README.md, section "Quick start": the app's side, then what the comments claim.
@Suite("Docs: README quick start")
struct ReadmeQuickStartTests {
    /// The app's imports: the routes library, which is this module here, and Switchyard.
    static let appImports = """
        import MailRoutes
        import Switchyard
        """

    @Test("the app's code imports the routes library and Switchyard")
    func appImportsBoth() throws {
        let readme = try InstallationTests.text(of: "README.md")
        #expect(readme.contains("```swift\n\(Self.appImports)\n\nlet router = try MailRoutes.router()\n"))
    }

    @Test("the quick start routes a URL in-app and hides the private route from other apps")
    func quickStart() async throws {
        let router = try MailRoutes.router()
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
        #expect(
            await Connection.send(
                fromPublicURL: "https://mail.example.com/messages/7", sourceApplication: nil, router: router
            ).status == .ok, "the web domain is served")
    }

    @Test("Router.init refuses a table with two routes of the same shape, with a RouteTableError")
    func routeTableError() {
        let error = #expect(throws: RouteTableError.self) {
            try Router(routes: MailRoutes.all + [Route("/inbox") { Response(request: $0) }])
        }
        #expect(error?.pattern == "/inbox", "it names the route")
    }
}
