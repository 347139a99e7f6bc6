import Testing

@testable import Switchyard

/// Reverse routing for scoped routes and routes with query conditions.
struct ScopedReverseRoutingTests {
    static let router = Result {
        try Router(
            routes: [
                Route("/posts/:id", name: "post", isPublic: true, controller: echo),
                Route(
                    "/posts/:slug", name: "shopPost", isPublic: true, hosts: ["shop.example.com"],
                    controller: echo),
                Route("/me", name: "me", isPublic: true, hosts: ["example.com"], controller: echo),
                Route(
                    "/share", name: "share", isPublic: true, schemes: ["blog"], query: ["url": .any],
                    controller: echo),
                Route(
                    "/team/:team", name: "team", isPublic: true, hosts: ["*.example.com"], controller: echo),
            ], configuration: .init(schemes: ["blog"], hosts: ["example.com", "*.example.com"]))
    }

    /// `path(for:)` checked its path in-app, where the first registered route of a shape wins, so
    /// only one route of each shape could be reverse-routed.
    @Test(
        "Regression (one route per shape): every route of a shape reverse-routes, and its own link reaches it",
        arguments: [
            ("post", ["id": "7"], nil, nil, "blog://posts/7"),
            ("shopPost", ["slug": "hat"], "https", "shop.example.com", "https://shop.example.com/posts/hat"),
            ("me", [:], nil, nil, "https://example.com/me"),
            (
                "share", ["url": "https://a.org/x?y=1"], nil, nil,
                "blog://share?url=https:%2F%2Fa.org%2Fx%3Fy%3D1"
            ),
            ("team", ["team": "acme"], nil, "acme.example.com", "https://acme.example.com/team/acme"),
        ] as [(String, [String: String], String?, String?, String)])
    func scopedRoutes(
        _ name: String, _ params: [String: String], _ scheme: String?, _ host: String?, _ expected: String
    ) throws {
        let router = try Self.router.get()
        let url = try router.url(for: name, params, scheme: scheme, host: host)
        #expect(url == expected)
        let match = router.match(url, source: .external(sourceApplication: nil))
        #expect(match?.route.name == name)
        for (key, value) in params where match?.route.query[key] == nil {
            #expect(match?.params[key] == value)
        }
    }

    @Test(
        "A link the route's scope leaves out is refused, saying why",
        arguments: [
            ("shopPost", ["slug": "hat"], "https", "example.com", "instead"),
            ("me", [:], "blog", nil, "scope leaves this link out"),
            ("team", ["team": "acme"], nil, nil, "needs `host:`"),
        ] as [(String, [String: String], String?, String?, String)])
    func outOfScope(
        _ name: String, _ params: [String: String], _ scheme: String?, _ host: String?, _ keyword: String
    )
        throws
    {
        let router = try Self.router.get()
        let error = Routing.routingError { try router.url(for: name, params, scheme: scheme, host: host) }
        #expect(error?.message.contains(keyword) == true, "\(String(describing: error))")
    }
}
