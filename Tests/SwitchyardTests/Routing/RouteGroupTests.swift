import Testing

@testable import Switchyard

/// Architecture, "Routes and patterns", `Route.group`: prefixes patterns and names, prepends
/// stages, overrides access, nests.
@Suite("Route groups")
struct RouteGroupTests {
    static func named(_ names: String...) -> [Middleware] {
        names.map { name in Middleware(name) { $0 } }
    }

    static func policies(_ names: String...) -> [Policy] {
        names.map { name in Policy(name) { _ in .verified } }
    }

    @Test(
        "the prefix goes before the pattern; its literal segments before the name",
        arguments: [
            ("/admin", "/users", "users", "/admin/users", "admin.users"),
            ("/admin/", "/users", "users", "/admin/users", "admin.users"),
            ("/admin", "/", "index", "/admin", "admin.index"),
            ("/api/v1", "/users/:id", "user", "/api/v1/users/:id", "api.v1.user"),
            ("/orgs/:org", "/members", "members", "/orgs/:org/members", "orgs.members"),
            ("/orgs/:org(int)/teams", "/:team", "team", "/orgs/:org(int)/teams/:team", "orgs.teams.team"),
            ("/", "/users", "users", "/users", "users"),
            ("", "/users", "users", "/users", "users"),
        ])
    func prefixes(prefix: String, pattern: String, name: String, fullPattern: String, fullName: String) {
        let grouped = Route.group(prefix, [Routing.route(pattern, name: name)])
        #expect(grouped.map(\.pattern) == [fullPattern])
        #expect(grouped.map(\.name) == [fullName])
    }

    @Test("an unnamed route stays unnamed")
    func unnamed() {
        #expect(Route.group("/admin", [Routing.route("/x")]).map(\.name) == [nil])
    }

    /// Regression: the name prefix was made by splitting the prefix on '/' and dropping segments
    /// that start with ':', '*' or '(', so an optional part in a prefix leaked "docs(" into names.
    @Test("an optional part in a prefix stays out of names")
    func optionalPrefixName() {
        let grouped = Route.group("/docs(/:version)", [Routing.route("/intro", name: "intro")])
        #expect(grouped.map(\.pattern) == ["/docs(/:version)/intro"])
        #expect(grouped.map(\.name) == ["docs.intro"])
        let nested = Route.group("/api(/:version)/items(/:page)", [Routing.route("/list", name: "list")])
        #expect(nested.map(\.name) == ["api.items.list"])
    }

    @Test("groups nest: outer prefix first, names joined outer to inner")
    func nested() throws {
        let routes = Route.group(
            "/api",
            Route.group("/v1", [Routing.route("/users", name: "users"), Routing.route("/", name: "root")])
                + [Routing.route("/health", name: "health")])
        #expect(routes.map(\.pattern) == ["/api/v1/users", "/api/v1", "/api/health"])
        #expect(routes.map(\.name) == ["api.v1.users", "api.v1.root", "api.health"])
        let router = try Router(routes: routes)
        #expect(router.match("/api/v1/users")?.route.name == "api.v1.users")
        #expect(router.match("/api/v1")?.route.name == "api.v1.root")
        #expect(try router.path(for: "api.v1.users") == "/api/v1/users")
    }

    @Test(
        "isPublic: nil keeps each route's, true or false replaces it; the outer group decides last",
        arguments: [
            (nil, nil, [true, false]),
            (true, nil, [true, true]),
            (false, nil, [false, false]),
            (nil, true, [true, true]),
            (false, true, [false, false]),
            (true, false, [true, true]),
        ] as [(Bool?, Bool?, [Bool])])
    func access(outer: Bool?, inner: Bool?, expected: [Bool]) {
        let routes = [Routing.route("/open", isPublic: true), Routing.route("/closed", isPublic: false)]
        let grouped = Route.group("/o", isPublic: outer, Route.group("/i", isPublic: inner, routes))
        #expect(grouped.map(\.isPublic) == expected)
    }

    @Test("middlewares and policies: outer group, inner group, then the route's own")
    func stagesOrder() {
        let route = Route(
            "/x", middlewares: Self.named("route"), policies: Self.policies("routePolicy"), controller: echo)
        let grouped = Route.group(
            "/o", middlewares: Self.named("outer"), policies: Self.policies("outerPolicy"),
            Route.group(
                "/i", middlewares: Self.named("inner1", "inner2"), policies: Self.policies("innerPolicy"),
                [route]))
        #expect(grouped[0].middlewares.map(\.name) == ["outer", "inner1", "inner2", "route"])
        #expect(grouped[0].policies.map(\.name) == ["outerPolicy", "innerPolicy", "routePolicy"])
    }

    @Test("constraints, skipping, priority and the controller come along")
    func keepsTheRest() throws {
        let route = Route(
            "/items/:id", name: "item", isPublic: true, constraints: ["id": .int], skipping: ["auth"],
            priority: 7, controller: echo)
        let grouped = try #require(Route.group("/shop", [route]).first)
        #expect(grouped.constraints.keys.sorted() == ["id"])
        #expect(grouped.skipping == ["auth"])
        #expect(grouped.priority == 7)
        let router = try Router(policies: Self.policies("auth"), routes: [grouped])
        #expect(router.match("/shop/items/42") != nil)
        #expect(router.match("/shop/items/abc") == nil)
    }

    @Test("a group's name prefix makes names unique only when the prefixes differ")
    func namesCollideAcrossGroups() {
        let routes =
            Route.group("/admin", [Routing.route("/users", name: "users")])
            + [Routing.route("/x", name: "admin.users")]
        let error = Routing.tableError(routes)
        #expect(error?.pattern == "/x")
        #expect(error?.reason.contains("'admin.users'") == true)
    }
}
