import Testing

@testable import Switchyard

/// Which links reach a scoped route: custom-scheme links by `schemes:`, web links by `hosts:`,
/// bare paths only in-app; groups intersect; mistakes are found at init.
struct RouteScopeTests {
    static let configuration = Router.Configuration(
        schemes: ["blog", "browser"], hosts: ["blog.example.com", "*.blog.example.com", "*"])

    static let router = Result {
        try Router(
            routes: [
                Route("/me", name: "me", isPublic: true, hosts: ["blog.example.com"], controller: echo),
                Route(
                    "/posts/:id", name: "post", isPublic: true, hosts: ["*.blog.example.com"],
                    controller: echo),
                Route("/settings", name: "settings", isPublic: true, schemes: ["browser"], controller: echo),
                Route("/about", name: "about", isPublic: true, controller: echo),
                Route("/page/*path", name: "web", isPublic: true, hosts: ["*"], controller: echo),
            ], configuration: configuration)
    }

    @Test(
        "Reachability by link kind and source",
        arguments: [
            ("https://blog.example.com/me", true, "me"), ("https://BLOG.example.com:443/me", false, "me"),
            ("https://en.blog.example.com/me", true, nil), ("blog://me", true, nil), ("/me", true, nil),
            ("/me", false, "me"),
            ("https://en.blog.example.com/posts/7", true, "post"),
            ("https://blog.example.com/posts/7", true, nil),
            ("blog://posts/7", false, nil), ("/posts/7", false, "post"),
            ("browser://settings", true, "settings"), ("blog://settings", true, nil),
            ("https://blog.example.com/settings", true, nil), ("/settings", true, nil),
            ("/settings", false, "settings"),
            ("https://anything.org/about", true, "about"), ("blog://about", true, "about"),
            ("/about", true, "about"),
            ("https://anything.org/page/a/b", true, "web"), ("browser://page/a", true, nil),
        ] as [(String, Bool, String?)])
    func reachability(_ url: String, _ external: Bool, _ expected: String?) async throws {
        let router = try Self.router.get()
        let source: Source = external ? .external(sourceApplication: nil) : .app
        #expect(router.match(url, source: source)?.route.name == expected, "\(url) from \(source)")
        let response =
            external
            ? await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
            : await Connection.send(url, router: router)
        #expect(response.request.route?.name == expected)
        #expect(response.status == (expected == nil ? .notFound : .ok))
    }

    @Test(
        "Groups apply their scope to routes without one and intersect with routes that have one",
        arguments: [
            (["*.example.com"], ["en.blog.example.com"], ["en.blog.example.com"]),
            (["a.com", "b.com"], ["b.com", "c.com"], ["b.com"]),
            (["*"], ["a.com"], ["a.com"]),
            (["*.example.com"], ["*.blog.example.com"], ["*.blog.example.com"]),
            ([], ["a.com"], ["a.com"]),
            (["a.com"], [], ["a.com"]),
        ] as [(Set<String>, Set<String>, Set<String>)])
    func groupIntersection(_ group: Set<String>, _ own: Set<String>, _ expected: Set<String>) {
        let routes = Route.group("/g", hosts: group, [Route("/x", hosts: own, controller: echo)])
        #expect(routes.map(\.hosts) == [expected])
    }

    @Test(
        "An empty prefix scopes routes without changing patterns or names; schemes intersect case-insensitively"
    )
    func emptyPrefixGroup() {
        let routes = Route.group(
            "", schemes: ["Blog", "browser"],
            [
                Route("/a", name: "a", schemes: ["blog"], controller: echo),
                Route("/b", name: "b", controller: echo),
            ])
        #expect(routes.map(\.pattern) == ["/a", "/b"])
        #expect(routes.map(\.name) == ["a", "b"])
        #expect(routes.map(\.schemes) == [["blog"], ["Blog", "browser"]])
    }

    @Test(
        "Scope mistakes are found at init, naming the route and the reason",
        arguments: [
            (Route("/a", schemes: ["https"], controller: echo), "scope them with hosts:"),
            (Route("/a", schemes: ["other"], controller: echo), "not served"),
            (Route("/a", hosts: ["other.com"], controller: echo), "not served"),
            (Route("/a", hosts: ["*.com"], controller: echo), "not served"),
            (Route("/a", hosts: ["a b"], controller: echo), "' ' is not allowed"),
            (Route("/a", query: ["": .any], controller: echo), "item name"),
            (
                Route.group(
                    "/g", hosts: ["x.example.com"], [Route("/a", hosts: ["y.example.com"], controller: echo)])[
                        0],
                "nothing in common"
            ),
            (
                Route.group("/g", schemes: ["app"], [Route("/a", schemes: ["other"], controller: echo)])[0],
                "nothing in common"
            ),
        ])
    func scopeMistakes(_ route: Route, _ keyword: String) {
        let error = Routing.tableError(
            [route], configuration: .init(schemes: ["app"], hosts: ["example.com", "*.example.com"]))
        #expect(error?.pattern == route.pattern)
        #expect(error?.reason.contains(keyword) == true, "\(String(describing: error))")
    }

    @Test("The routes a group returns show the combined sets, and nested groups narrow further")
    func nestedGroups() throws {
        let routes = Route.group(
            "/outer", hosts: ["*.example.com"],
            Route.group(
                "/inner", hosts: ["*.blog.example.com"],
                [Route("/x", hosts: ["en.blog.example.com"], controller: echo)]))
        #expect(routes[0].pattern == "/outer/inner/x")
        #expect(routes[0].hosts == ["en.blog.example.com"])
    }
}
