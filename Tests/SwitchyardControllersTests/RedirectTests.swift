import Testing

@testable import SwitchyardControllers

/// ``Redirect/to(_:keepsQuery:)`` through the pipeline, which follows the redirect.
struct RedirectTests {
    static let router = try! Router(
        routes: [
            Route("/messages/:id", isPublic: true, controller: echo),
            Route("/files/*path", isPublic: true, controller: echo),
            Route("/search", isPublic: true, controller: echo),
            Route("/drafts/:id", controller: echo),
            Route("/m/:id", isPublic: true, controller: Redirect.to("/messages/:id")),
            Route("/m2/:id", isPublic: true, controller: Redirect.to("/messages/:id", keepsQuery: false)),
            Route("/f/*path", isPublic: true, controller: Redirect.to("/files/*path")),
            Route("/find/:term", isPublic: true, controller: Redirect.to("/search?q=:term&from=find")),
            Route("/d/:id", isPublic: true, controller: Redirect.to("/drafts/:id")),
            Route("/broken/:id", isPublic: true, controller: Redirect.to("/messages/:message_id")),
        ], configuration: .init(schemes: ["mailapp"]))

    static let cases: [(url: String, location: String, pattern: String)] = [
        ("/m/7", "/messages/7", "/messages/:id"),
        ("/m/a%2Fb", "/messages/a%2Fb", "/messages/:id"),
        ("/m/%C3%A9", "/messages/%C3%A9", "/messages/:id"),
        ("/m/7?x=1&y=%20", "/messages/7?x=1&y=%20", "/messages/:id"),
        ("/m/7?x=1#frag", "/messages/7?x=1", "/messages/:id"),
        ("/m2/7?x=1", "/messages/7", "/messages/:id"),
        ("/f/a/b%2Fc/d", "/files/a/b%2Fc/d", "/files/*path"),
        ("/find/a%20b%26c", "/search?q=a%20b%26c&from=find", "/search"),
        ("/find/x%3Dy?page=2", "/search?q=x%3Dy&from=find&page=2", "/search"),
    ]

    @Test(arguments: cases)
    func fillsTheTemplateAndIsFollowed(url: String, location: String, pattern: String) async {
        let response = await Connection.send(url, router: Self.router)
        #expect(response.status == .ok)
        #expect(response.request.url == location)
        #expect(response.data["pattern"] as? String == pattern)
    }

    @Test func valuesKeepTheirDecodingThroughTheRedirect() async {
        let segment = await Connection.send("/m/a%2Fb", router: Self.router)
        #expect(segment.data["id"] as? String == "a/b")
        let glob = await Connection.send("/f/a/b%2Fc", router: Self.router)
        #expect(glob.request.params.segments("path") == ["a", "b/c"])
        let query = await Connection.send("/find/a%20b%26c", router: Self.router)
        #expect(query.request.query["q"] == "a b&c")
        #expect(query.request.query["from"] == "find")
    }

    @Test func theSourceIsKeptSoPrivateTargetsStayHidden() async {
        let external = await Connection.send(
            fromPublicURL: "mailapp://d/3", sourceApplication: "com.x", router: Self.router)
        #expect(external.status == .notFound)
        let app = await Connection.send("/d/3", router: Self.router)
        #expect(app.status == .ok)
        let followed = await Connection.send(
            fromPublicURL: "mailapp://m/3", sourceApplication: "com.x", router: Self.router)
        #expect(followed.status == .ok)
        #expect(followed.request.source == .external(sourceApplication: "com.x"))
    }

    @Test func aPlaceholderTheRouteLacksIsAnInternalError() async {
        let response = await Connection.send("/broken/7", router: Self.router)
        #expect(response.status == .internalError)
        #expect(response.error?.message.contains(":message_id") == true)
    }

    @Test func theRedirectResponseItselfIsA303() async throws {
        let request = await Connection.send("/messages/1?x=1", router: Self.router).request
        let response = try await Redirect.to("/search?q=:id")(request)
        #expect(response.status == .seeOther)
        #expect(response.location == "/search?q=1&x=1")
    }

    static let templates: [(template: String, pieces: [RedirectTemplate.Piece])] = [
        ("/a/:id", [.literal("/a/"), .parameter("id", inQuery: false)]),
        ("/a/:id/b", [.literal("/a/"), .parameter("id", inQuery: false), .literal("/b")]),
        ("/f/*p", [.literal("/f/"), .parameter("p", inQuery: false)]),
        ("/s?q=:q", [.literal("/s?q="), .parameter("q", inQuery: true)]),
        ("https://x.example/:a", [.literal("https://x.example/"), .parameter("a", inQuery: false)]),
        ("/t?at=12:30", [.literal("/t?at=12:30")]),
        ("/:a_1:b", [.literal("/"), .parameter("a_1", inQuery: false), .parameter("b", inQuery: false)]),
    ]

    @Test(arguments: templates)
    func templatesSplitIntoPieces(template: String, pieces: [RedirectTemplate.Piece]) {
        #expect(RedirectTemplate(template).pieces == pieces)
    }
}
