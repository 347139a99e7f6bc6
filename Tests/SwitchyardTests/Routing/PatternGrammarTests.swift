import Testing

@testable import Switchyard

/// Architecture, "Routes and patterns" (the pattern grammar): literals, `:name`, name rules and the
/// built-in constraints, as the router matches them. Rejected patterns are in
/// ``RouteTableErrorTests``.
@Suite("Pattern grammar")
struct PatternGrammarTests {
    @Test(
        "a literal segment compares with the decoded segment, exactly",
        arguments: [
            ("/messages", "/messages", true),
            ("/messages", "/Messages", false),
            ("/messages", "/message", false),
            ("/messages", "/messagesx", false),
            ("/messages", "/mess%61ges", true),
            ("/messages", "/messages/x", false),
            ("/a/b/c", "/a/b/c", true),
            ("/a/b/c", "/a/b", false),
            ("/a/b/c", "/a/c/b", false),
            ("/café", "/caf%C3%A9", true),
            ("/café", "/caf%C3%89", false),
            ("/a b", "/a%20b", true),
            ("/a+b", "/a+b", true),
            ("/a+b", "/a%20b", false),
            ("/a-b.c_d~e!$&'=,;@", "/a-b.c_d~e!$&'=,;@", true),
            ("/", "/", true),
            ("/", "/x", false),
            ("/notifications/settings", "/notifications/settings", true),
            ("/notifications/settings", "/notifications/settingz", false),
            ("/notifications/settings", "/notificationz/settings", false),
        ])
    func literal(pattern: String, path: String, matches: Bool) throws {
        let router = try Router(routes: [Routing.route(pattern)])
        #expect((router.match(path) != nil) == matches)
    }

    @Test(
        "parameter names are [A-Za-z_][A-Za-z0-9_]*",
        arguments: ["a", "_", "A9", "snake_case", "_1", "camelCase", "ID", "a_b_c_0123456789"])
    func parameterNames(name: String) throws {
        let router = try Router(routes: [Routing.route("/p/:\(name)"), Routing.route("/g/*\(name)")])
        #expect(router.match("/p/x")?.params[name] == "x")
        #expect(router.match("/g/x/y")?.params[name] == "x/y")
        #expect(router.match("/p/x")?.params.names == [name])
    }

    @Test(
        "a plain parameter takes exactly one non-empty segment, decoded once",
        arguments: [
            ("/x", "x"), ("/42", "42"), ("/a%2Fb", "a/b"), ("/%25", "%"), ("/%252F", "%2F"),
            ("/a%20b", "a b"), ("/a+b", "a+b"), ("/%C3%A9", "é"), ("/%E6%97%A5", "日"),
            ("/x?y=1", "x"), ("/x#y", "x"), ("/x/", "x"),
        ])
    func plainParameter(path: String, value: String) throws {
        let router = try Router(routes: [Routing.route("/:value")])
        #expect(router.match(path)?.params["value"] == value)
    }

    @Test("a plain parameter never takes zero or two segments", arguments: ["/", "/a/b", "//"])
    func plainParameterMisses(path: String) throws {
        #expect(try Router(routes: [Routing.route("/:value")]).match(path) == nil)
    }

    /// `raw` is as sent in the URL; the constraint sees it decoded.
    @Test(
        "built-in constraints",
        arguments: [
            ("int", "0", true), ("int", "42", true), ("int", "-7", true), ("int", "-0", true),
            ("int", "007", true), ("int", "9223372036854775807", true),
            ("int", "9223372036854775808", false), ("int", "-9223372036854775808", true),
            ("int", "-9223372036854775809", false), ("int", "99999999999999999999", false),
            ("int", "00000000000000000000000000001", true),
            ("int", "+1", false), ("int", "%2B1", false), ("int", "1.0", false), ("int", "-", false),
            ("int", "--1", false), ("int", "1-", false), ("int", "%201", false), ("int", "1e3", false),
            ("int", "0x1F", false), ("int", "%D9%A1", false), ("int", "%2D5", true), ("int", "%31", true),
            ("uuid", "123e4567-e89b-12d3-a456-426614174000", true),
            ("uuid", "123E4567-E89B-12D3-A456-426614174000", true),
            ("uuid", "123e4567-E89B-12d3-A456-426614174000", true),
            ("uuid", "123e4567e89b12d3a456426614174000", false),
            ("uuid", "%7B123e4567-e89b-12d3-a456-426614174000%7D", false),
            ("uuid", "123e4567-e89b-12d3-a456-42661417400", false),
            ("uuid", "123e4567-e89b-12d3-a456-4266141740000", false),
            ("uuid", "123e4567-e89b-12d3-a456-42661417400g", false),
            ("uuid", "123e456-7e89b-12d3-a456-426614174000", false),
            ("uuid", "123e4567-e89b-12d3-a456--26614174000", false),
            ("uuid", "123e4567-e89b-12d3-a456-426614174%30%30%30", true),
            ("alpha", "abc", true), ("alpha", "ABC", true), ("alpha", "aBc", true), ("alpha", "%41", true),
            ("alpha", "a1", false), ("alpha", "%C3%A9", false), ("alpha", "a%20b", false),
            ("alpha", "a-b", false), ("alpha", "_", false), ("alpha", "%5B", false), ("alpha", "%60", false),
            ("alnum", "a1B2", true), ("alnum", "123", true), ("alnum", "abc", true),
            ("alnum", "%41%31", true), ("alnum", "a_1", false), ("alnum", "a-1", false),
            ("alnum", "%C3%A91", false), ("alnum", "1%3A", false),
        ])
    func builtIn(constraint: String, raw: String, accepted: Bool) throws {
        let router = try Router(routes: [Routing.route("/v/:x(\(constraint))")])
        let match = router.match("/v/" + raw)
        #expect((match != nil) == accepted)
        if let match { #expect(match.params["x"] == PercentEncoding.decode(Substring(raw))) }
    }

    @Test("no built-in constraint accepts the empty string", arguments: ["int", "uuid", "alpha", "alnum"])
    func emptyValue(constraint: String) throws {
        #expect(try #require(Constraint.builtIns[constraint]).accepts("") == false)
    }

    @Test("a constraint that refuses hands the segment to the next candidate")
    func constraintFallsThrough() throws {
        let router = try Router(routes: [Routing.route("/v/:id(int)"), Routing.route("/v/:slug")])
        #expect(router.match("/v/42")?.route.pattern == "/v/:id(int)")
        #expect(router.match("/v/abc")?.route.pattern == "/v/:slug")
        #expect(router.match("/v/abc")?.params["slug"] == "abc")
        #expect(router.match("/v/abc")?.params["id"] == nil)
    }

    static let feedKind: [String: Constraint] = ["feedKind": .oneOf(["news", "mail"])]

    @Test(
        "a route-level constraint named in parentheses; .oneOf compares the decoded value exactly",
        arguments: [
            ("news", true), ("mail", true), ("sport", false), ("News", false), ("%6Eews", true),
            ("news%20", false), ("ne", false),
        ])
    func oneOf(raw: String, accepted: Bool) throws {
        let router = try Router(routes: [Routing.route("/feeds/:kind(feedKind)", constraints: Self.feedKind)])
        #expect((router.match("/feeds/" + raw) != nil) == accepted)
    }

    /// The closure counts characters: percent-escapes would triple the count if it saw them.
    @Test(
        "a custom constraint runs on the decoded segment",
        arguments: [("abc", true), ("abcd", false), ("%41%42%43", true), ("%C3%A9%C3%A9%C3%A9", true)])
    func custom(raw: String, accepted: Bool) throws {
        let short: [String: Constraint] = ["short": .custom("short") { $0.count <= 3 }]
        let router = try Router(routes: [Routing.route("/h/:handle(short)", constraints: short)])
        #expect((router.match("/h/" + raw) != nil) == accepted)
    }

    @Test("a constraints key naming a plain parameter constrains it, Rails-style")
    func keyNamesParameter() throws {
        let router = try Router(routes: [
            Routing.route("/users/:handle", constraints: ["handle": .custom("handle") { $0.count <= 3 }]),
            Routing.route("/items/:id", constraints: ["id": .int]),
            Routing.route("/items/:slug/x"),
        ])
        #expect(router.match("/users/bob") != nil)
        #expect(router.match("/users/robert") == nil)
        #expect(router.match("/items/42")?.params["id"] == "42")
        #expect(router.match("/items/abc") == nil)
        #expect(router.match("/items/abc/x")?.params["slug"] == "abc")
    }

    /// The Architecture article is silent; the code looks a name up in the route's constraints
    /// before the built-ins.
    @Test("a route-level constraint shadows a built-in of the same name")
    func routeLevelShadowsBuiltIn() throws {
        let router = try Router(routes: [Routing.route("/v/:x(int)", constraints: ["int": .alpha])])
        #expect(router.match("/v/abc") != nil)
        #expect(router.match("/v/42") == nil)
    }

    @Test("one constraint may serve several parameters and names both ways")
    func sharedConstraint() throws {
        let router = try Router(routes: [
            Routing.route("/:kind/:other(kind)", constraints: ["kind": .oneOf(["a", "b"])])
        ])
        #expect(router.match("/a/b")?.params["other"] == "b")
        #expect(router.match("/a/c") == nil)
        #expect(router.match("/c/a") == nil)
    }

    @Test("Route exposes pattern, name and isPublic as written")
    func routeProperties() {
        let route = Route(
            "/messages/:id(int)", name: "message", isPublic: true, priority: 3, controller: echo)
        #expect(route.pattern == "/messages/:id(int)")
        #expect(route.name == "message")
        #expect(route.isPublic)
        #expect(route.priority == 3)
        let hidden = Route("/drafts", controller: echo)
        #expect(hidden.name == nil)
        #expect(hidden.isPublic == false, "routes are private unless said otherwise")
    }
}
