import Switchyard
import Testing

// Mirrors the code of Sources/Routing/Switchyard.docc/TestingYourRoutes.md. The suite below is
// the article's "Table-driven route tests" example, as written there.

@Suite("Message routes")
struct MessageRouteTests {
    static let router = Result {
        try Router(routes: MessageRoutes.all, configuration: .init(schemes: ["mailapp"]))
    }

    static let cases: [(url: String, name: String?)] = [
        ("mailapp://messages", "messages"),
        ("mailapp://messages/7", "message"),
        ("mailapp://messages/7/", "message"),  // a trailing slash is ignored
        ("mailapp://messages/seven", nil),  // `int` constraint
        ("mailapp://drafts/3", "draft"),
        ("otherapp://messages/7", nil),  // not our scheme
    ]

    @Test("in-app URLs reach the expected route", arguments: cases)
    func inApp(url: String, name: String?) throws {
        let router = try Self.router.get()
        #expect(router.match(url)?.route.name == name)
    }

    @Test("other apps reach public routes only", arguments: cases)
    func external(url: String, name: String?) throws {
        let router = try Self.router.get()
        let match = router.match(url, source: .external(sourceApplication: nil))
        #expect(match?.route.name == (name == "draft" ? nil : name))
    }

    @Test("every named route round-trips through path(for:)")
    func reverseRouting() throws {
        let router = try Self.router.get()
        let samples = ["messages": [:], "message": ["message_id": "7"], "draft": ["draft_id": "3"]]
        for (name, params) in samples {
            let path = try router.path(for: name, params)
            let match = try #require(router.match(path))
            #expect(match.route.name == name)
            #expect(Dictionary(uniqueKeysWithValues: Array(match.params)) == params)
        }
    }

    @Test("a whole request, end to end")
    func endToEnd() async throws {
        let router = try Self.router.get()
        let response = await Connection.send("mailapp://messages/7", router: router)
        #expect(response.status == .ok)
        #expect(response.data["id"] as? Int == 7)
    }
}

/// The article's "Dry runs" and "Ask the router why" sections.
@Suite("Docs: Testing Your Routes")
struct TestingYourRoutesTests {
    @Test("Dry runs")
    func dryRuns() throws {
        let router = try MessageRouteTests.router.get()
        let match = router.match("mailapp://messages/7")
        // match?.route.name == "message", match?.params["message_id"] == "7"
        let hidden = router.match("mailapp://drafts/3", source: .external(sourceApplication: nil))
        // hidden == nil: private

        #expect(match?.route.name == "message")
        #expect(match?.params["message_id"] == "7")
        #expect(hidden == nil)
    }

    @Test("Ask the router why")
    func explain() throws {
        let router = try MessageRouteTests.router.get()
        let trace = router.explain("mailapp://drafts/3", source: .external(sourceApplication: nil))
        print(trace)
        let table = router.routeTable
        print(table)
        #expect(trace.contains("external request: private routes are left out"))
        #expect(
            trace.hasSuffix(
                "\n  'drafts' matches none of 1 literal(s)\nat segment 1 'drafts': the literal here is 'messages'"
                    + "\nno route matches: 404 Not Found"))
        #expect(!trace.contains("/drafts/:draft_id"), "an external trace never names a private route")
        #expect(table.contains("/messages/:message_id(int)"))
    }
}
