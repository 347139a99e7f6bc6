import Foundation
import Testing

@testable import Switchyard

/// README.md, section "Universal links in five minutes": each step's code, then what the text
/// claims of it.
@Suite("Docs: README universal links")
struct UniversalLinksTests {
    /// Stands for the app's screens.
    enum Screens {
        static let message: Controller = { Response(request: $0, data: ["screen": "message"]) }
        static let team: Controller = { Response(request: $0, data: ["screen": "team"]) }
        static let settings: Controller = { Response(request: $0, data: ["screen": "settings"]) }
    }

    @Test("the five steps: scope, generate, feed, check")
    func fiveSteps() async throws {
        let wellKnown = FileManager.default.temporaryDirectory.appendingPathComponent("well-known-\(UUID())")
        try FileManager.default.createDirectory(at: wellKnown, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: wellKnown) }

        let routes = [
            Route("/messages/:id(int)", name: "message", isPublic: true, controller: Screens.message),
            Route("/team/:name", isPublic: true, hosts: ["*.mail.example.com"], controller: Screens.team),
            Route("/settings", name: "settings", controller: Screens.settings),  // private: app only
        ]
        let hosts: Set<String> = ["mail.example.com", "*.mail.example.com"]
        let router = try Router(routes: routes, configuration: .init(schemes: ["mailapp"], hosts: hosts))

        let file = router.appSiteAssociation(
            appIDs: ["ABCDE12345.com.example.mail"], host: "mail.example.com")
        try file.jsonData().write(to: wellKnown.appendingPathComponent("apple-app-site-association"))
        let written = try Data(contentsOf: wellKnown.appendingPathComponent("apple-app-site-association"))
        #expect(written == file.jsonData())
        #expect(file.applinks.details[0].components.map(\.path) == ["/messages/?*"], "public, unscoped only")

        let url = URL(string: "https://mail.example.com/messages/7")!
        let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(response.data["screen"] as? String == "message")

        let downloaded = written
        let deployed = try JSONDecoder().decode(AppSiteAssociation.self, from: downloaded)
        let missing = router.coverage(of: deployed, host: "mail.example.com").filter { !$0.isCovered }
        let verdict = router.explain("https://mail.example.com/messages/7", appSiteAssociation: deployed)
        #expect(missing.isEmpty)
        #expect(
            verdict.hasSuffix(
                "iOS opens this link in the app (component 1: /messages/?* (message: /messages/:id(int)))"))
        // A team subdomain serves its own file, with the team route.
        let team = router.appSiteAssociation(
            appIDs: ["ABCDE12345.com.example.mail"], host: "acme.mail.example.com")
        #expect(team.matches("https://acme.mail.example.com/team/acme"))
    }
}
