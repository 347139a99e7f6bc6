import Switchyard
import Testing

/// Mirrors the code of Sources/Routing/Switchyard.docc/RoutePatterns.md.
@Suite("Docs: Route Patterns")
struct RoutePatternsTests {
    // Section "Precedence, worked through": the route table of the examples.
    static func makeRouter() throws -> Router {
        let screen: Controller = { request in Response(request: request) }
        let router = try Router(routes: [
            Route("/users/new", controller: screen),
            Route("/users/:id(int)", controller: screen),
            Route("/users/:name", controller: screen),
            Route("/users/:id/edit", controller: screen),
            Route("/users/*rest", controller: screen),
            Route("/photos(/:id)", controller: screen),
            Route("/files/*path", controller: screen),
            Route(
                "/feeds/:kind(feedKind)", constraints: ["feedKind": .oneOf(["news", "mail"])],
                controller: screen),
            Route("/items/:id(int)", controller: screen),
            Route("/items/:code(alnum)", priority: 1, controller: screen),
        ])
        return router
    }

    // The article's table: URL → the pattern that wins, or nil.
    static let precedenceCases: [(url: String, pattern: String?)] = [
        ("/users/new", "/users/new"),  // literal beats every parameter
        ("/users/42", "/users/:id(int)"),  // constrained beats plain
        ("/users/ada", "/users/:name"),  // plain beats glob
        ("/users/new/edit", "/users/:id/edit"),  // `new` is a dead end here: backtrack
        ("/users/ada/posts/1", "/users/*rest"),  // only the glob takes four segments
        ("/photos", "/photos(/:id)"),  // the optional part left out
        ("/photos/9", "/photos(/:id)"),  // and taken
        ("/feeds/news", "/feeds/:kind(feedKind)"),
        ("/feeds/spam", nil),  // fails its constraint and nothing else fits
        ("/items/7", "/items/:code(alnum)"),  // equal rank: higher priority wins
    ]

    @Test("Precedence, worked through", arguments: precedenceCases)
    func precedence(url: String, pattern: String?) throws {
        let router = try Self.makeRouter()
        #expect(router.match(url)?.route.pattern == pattern)
    }

    @Test("Parameters are decoded when read")
    func parameters() throws {
        let router = try Self.makeRouter()
        let edit = router.match("/users/new/edit")?.params["id"]  // "new"
        let path = router.match("/files/a%2Fb/c")?.params["path"]  // "a/b/c"
        let segments = router.match("/files/a%2Fb/c")?.params.segments("path")  // ["a/b", "c"]
        let noID = router.match("/photos")?.params["id"]  // nil

        #expect(edit == "new")
        #expect(path == "a/b/c")
        #expect(segments == ["a/b", "c"])
        #expect(noID == nil)
    }

    @Test("Constraints")
    func constraints() throws {
        let screen: Controller = { request in Response(request: request) }
        let slug = Constraint.custom("slug") { value in
            !value.isEmpty && value.allSatisfy { $0.isLowercase || $0 == "-" }
        }
        let router = try Router(routes: [
            Route("/tags/:tag(slug)", constraints: ["slug": slug], controller: screen),
            Route(
                "/users/:handle", constraints: ["handle": .custom("handle") { $0.count <= 15 }],
                controller: screen),
        ])
        let tag = router.match("/tags/deep-links")?.params["tag"]  // "deep-links"
        let badTag = router.match("/tags/Deep%20Links")  // nil: the constraint sees "Deep Links"
        let long = router.match("/users/" + String(repeating: "a", count: 16))  // nil

        #expect(tag == "deep-links")
        #expect(badTag == nil)
        #expect(long == nil)
        #expect(router.match("/users/ada") != nil)
    }

    @Test("Mistakes are found at init")
    func mistakes() throws {
        let screen: Controller = { request in Response(request: request) }
        do {
            _ = try Router(routes: [Route("/files/*path/edit", controller: screen)])
            Issue.record("a glob that is not last must be refused")
        } catch let error as RouteTableError {
            print(error)  // invalid pattern "/files/*path/edit" at position 7: …
            #expect(error.pattern == "/files/*path/edit")
            #expect(error.position == 7)
        }
    }

    // The article's list of patterns `Router.init` refuses.
    static let invalidCases: [[String]] = [
        ["/:a-:b"],  // one parameter per segment
        ["/x:y"],
        ["/files/*path/edit"],  // a glob must be last
        ["/users/:id(number)"],  // unknown constraint
        ["/users/:id", "/users/:name"],  // same shape
    ]

    @Test("Invalid patterns", arguments: invalidCases)
    func invalidPatterns(patterns: [String]) {
        let screen: Controller = { request in Response(request: request) }
        #expect(throws: RouteTableError.self) {
            try Router(routes: patterns.map { Route($0, controller: screen) })
        }
    }
}
