import Foundation
import Testing

@testable import Switchyard

/// README.md, section "Universal links in five minutes": each step's code, then what the text
/// claims of it. Step 2's MailTool is `SwitchyardToolSnippetTests`'s, and step 5's commands are
/// the tool's (`SwitchyardToolTests`); their answers are checked here in Swift.
@Suite("Docs: README universal links")
struct UniversalLinksTests {
    enum Screens {  // the app's controllers, one per screen
        static let message: Controller = { Response(request: $0, data: ["screen": "message"]) }
        static let team: Controller = { Response(request: $0, data: ["screen": "team"]) }
        static let settings: Controller = { Response(request: $0, data: ["screen": "settings"]) }
    }

    @Test("step 1's block imports what it uses")
    func imports() throws {
        let readme = try InstallationTests.text(of: "README.md")
        #expect(readme.contains("```swift\n   import Foundation\n   import Switchyard\n\n   enum Screens {"))
    }

    @Test("the five steps: scope, generate, feed, check")
    func fiveSteps() async throws {
        let routes = [
            Route("/messages/:id(int)", name: "message", isPublic: true, controller: Screens.message),
            Route("/team/:name", isPublic: true, hosts: ["*.mail.example.com"], controller: Screens.team),
            Route("/settings", name: "settings", controller: Screens.settings),  // private: app only
        ]
        let hosts: Set<String> = ["mail.example.com", "*.mail.example.com"]
        let router = try Router(routes: routes, configuration: .init(schemes: ["mailapp"], hosts: hosts))

        let file = router.appSiteAssociation(
            appIDs: ["ABCDE12345.com.example.mail"], host: "mail.example.com")
        let json = file.jsonData()  // the file's bytes, to serve
        #expect(try JSONDecoder().decode(AppSiteAssociation.self, from: json) == file)
        #expect(file.applinks.details[0].components.map(\.path) == ["/messages/?*"], "public, unscoped only")

        let url = URL(string: "https://mail.example.com/messages/7")!  // userActivity.webpageURL
        let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(response.data["screen"] as? String == "message")

        // Step 5, in Swift: the file deployed is the one generated.
        let deployed = try JSONDecoder().decode(AppSiteAssociation.self, from: json)
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
