import Testing

@testable import Switchyard

/// Query conditions, and routes of one shape told apart by scope or conditions: tried by
/// priority, then specificity (exact > longer wildcard > shorter wildcard > `*` > unscoped, then
/// more conditions), then registration order.
struct SameShapeTests {
    static func router(_ routes: [Route], plusAsSpace: Bool = false) throws -> Router {
        try Router(
            routes: routes,
            configuration: .init(
                schemes: ["browser"], hosts: ["example.com", "*.example.com", "*.blog.example.com", "*"],
                plusAsSpace: plusAsSpace))
    }

    static let byScope = Result {
        try router([
            Route("/p/:id", name: "unscoped", isPublic: true, controller: echo),
            Route("/p/:id", name: "any", isPublic: true, hosts: ["*"], controller: echo),
            Route("/p/:id", name: "wild", isPublic: true, hosts: ["*.example.com"], controller: echo),
            Route("/p/:id", name: "blog", isPublic: true, hosts: ["*.blog.example.com"], controller: echo),
            Route("/p/:id", name: "exact", isPublic: true, hosts: ["example.com"], controller: echo),
            Route("/p/:id", name: "scheme", isPublic: true, schemes: ["browser"], controller: echo),
        ])
    }

    @Test(
        "Specificity orders the routes of one shape, whatever their registration order",
        arguments: [
            ("https://example.com/p/1", "exact"), ("https://a.example.com/p/1", "wild"),
            ("https://en.blog.example.com/p/1", "blog"), ("https://other.org/p/1", "any"),
            ("browser://p/1", "scheme"),
        ])
    func specificity(_ url: String, _ expected: String) throws {
        let router = try Self.byScope.get()
        #expect(router.match(url, source: .external(sourceApplication: nil))?.route.name == expected)
        let reversed = try Self.router(router.routes.reversed())
        #expect(reversed.match(url)?.route.name == expected, "registration order does not decide")
    }

    @Test(
        "A bare path is not ordered by scope: registration order decides in-app, and outside only unscoped routes"
    )
    func barePath() throws {
        let router = try Self.byScope.get()
        #expect(router.match("/p/1")?.route.name == "unscoped")
        #expect(router.match("/p/1", source: .external(sourceApplication: nil))?.route.name == "unscoped")
        let scopedOnly = try Self.router(Array(router.routes.dropFirst()))
        #expect(scopedOnly.match("/p/1")?.route.name == "any")
        #expect(scopedOnly.match("/p/1", source: .external(sourceApplication: nil)) == nil)
    }

    @Test("Priority comes before specificity")
    func priorityFirst() throws {
        let router = try Self.router([
            Route("/p/:id", name: "exact", isPublic: true, hosts: ["example.com"], controller: echo),
            Route("/p/:id", name: "urgent", isPublic: true, priority: 1, controller: echo),
        ])
        #expect(router.match("https://example.com/p/1")?.route.name == "urgent")
    }

    static let conditions = Result {
        try router(
            [
                Route("/deep-link", name: "plain", isPublic: true, schemes: ["browser"], controller: echo),
                Route(
                    "/deep-link", name: "url", isPublic: true, schemes: ["browser"], query: ["url": .any],
                    controller: echo),
                Route(
                    "/deep-link", name: "tab", isPublic: true, schemes: ["browser"],
                    query: ["url": .any, "tab": .oneOf(["a b", "c"])], controller: echo),
            ], plusAsSpace: true)
    }

    @Test(
        "Query conditions: present (first value), meeting the constraint, decoded; more conditions first",
        arguments: [
            ("browser://deep-link", "plain"), ("browser://deep-link?url=", "url"),
            ("browser://deep-link?url=%2Fsettings", "url"), ("browser://deep-link?url=/x&tab=c", "tab"),
            ("browser://deep-link?url=/x&tab=a+b", "tab"), ("browser://deep-link?url=/x&tab=a%20b", "tab"),
            ("browser://deep-link?url=/x&tab=z&tab=c", "url"), ("browser://deep-link?URL=/x", "plain"),
            ("https://example.com/deep-link?url=/settings", nil),
        ] as [(String, String?)])
    func queryConditions(_ url: String, _ expected: String?) async throws {
        let router = try Self.conditions.get()
        #expect(router.match(url)?.route.name == expected, "\(url)")
        let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(response.request.route?.name == expected)
    }

    /// The ported browser's bug: one path space for every scheme and host let a web page trigger
    /// an app action.
    @Test(
        "Regression (web link reached an app action): a scheme-scoped route ignores web links to the same path"
    )
    func webLinkCannotTriggerAppAction() async throws {
        let router = try Self.conditions.get()
        let response = await Connection.send(
            fromPublicURL: "https://any-site.example.com/deep-link?url=/settings", sourceApplication: nil,
            router: router)
        #expect(response.status == .notFound)
        #expect(response.request.route == nil)
    }

    @Test(
        "Same shape, scope and conditions is still a conflict; different scope or conditions is not",
        arguments: [
            ([["example.com"], ["example.com"]], [[:], [:]] as [[String: Constraint]], true),
            ([["example.com"], ["*.example.com"]], [[:], [:]], false),
            ([[], []], [["tab": .any], ["tab": .any]], true),
            ([[], []], [["tab": .any], ["tab": .int]], false),
            ([[], []], [["tab": .any], [:]], false),
        ] as [([Set<String>], [[String: Constraint]], Bool)])
    func conflicts(_ hosts: [Set<String>], _ query: [[String: Constraint]], _ conflicts: Bool) {
        let routes = (0..<2).map { Route("/p/:id", hosts: hosts[$0], query: query[$0], controller: echo) }
        let error = Routing.tableError(routes, configuration: .init(hosts: ["example.com", "*.example.com"]))
        #expect((error != nil) == conflicts)
        if conflicts { #expect(error?.reason.contains("shape, scope and query conditions") == true) }
    }
}
