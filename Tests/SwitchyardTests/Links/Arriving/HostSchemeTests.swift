import Testing

@testable import Switchyard

/// Custom schemes whose links carry a web host (`Configuration.hostSchemes`):
/// `ksr://www.kickstarter.com/projects/1/2` has a host, served by `Configuration.hosts`, and a
/// path after it. Such a link reaches a route when the route's `schemes` is empty or holds the
/// scheme, and its `hosts` is empty or matches. Other custom schemes keep their first segment
/// in the path.
struct HostSchemeTests {
    static let fallback: Controller = { request in
        Response(request: request, status: .notFound, data: ["fallback": request.url])
    }

    static let configuration = Router.Configuration(
        schemes: ["ksr", "mailapp"], hosts: ["www.kickstarter.com", "*.kickstarter.com"], notFound: fallback,
        hostSchemes: ["ksr"])

    static let router = Result {
        try Router(
            routes: [
                Route("/projects/:creator/:project", name: "project", isPublic: true, controller: echo),
                Route("/settings", name: "ksrOnly", isPublic: true, schemes: ["ksr"], controller: echo),
                Route(
                    "/web", name: "hostOnly", isPublic: true, hosts: ["www.kickstarter.com"], controller: echo
                ),
                Route(
                    "/both", name: "both", isPublic: true, schemes: ["ksr"], hosts: ["www.kickstarter.com"],
                    controller: echo),
                Route("/mail", name: "mailOnly", isPublic: true, schemes: ["mailapp"], controller: echo),
                Route("/messages/:id", name: "message", isPublic: true, controller: echo),
                Route("/discover", name: "discover", controller: echo),
                Route(
                    "/home", name: "team", isPublic: true, hosts: [":team.kickstarter.com"], controller: echo),
            ], configuration: configuration)
    }

    /// One link, the route it reaches from `source` (nil: the not-found controller answers),
    /// and the host, scheme and path the request reads.
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        let external: Bool
        let route: String?
        let host: String?
        let scheme: String?
        let path: String
        var testDescription: String { "\(url) \(external ? "from outside" : "in-app")" }

        init(
            _ url: String, external: Bool = true, _ route: String?, host: String?, scheme: String?,
            path: String
        ) {
            (self.url, self.external, self.route) = (url, external, route)
            (self.host, self.scheme, self.path) = (host, scheme, path)
        }
    }

    static let www = "www.kickstarter.com"

    @Test(
        "Links of a host scheme: host, path, and the routes they reach",
        arguments: [
            Case(
                "ksr://www.kickstarter.com/projects/c/p", "project", host: www, scheme: "ksr",
                path: "/projects/c/p"),
            Case(
                "KSR://WWW.Kickstarter.COM:8080/projects/c/p", "project", host: www, scheme: "ksr",
                path: "/projects/c/p"),
            Case(
                "ksr://www.kickstarter.com/settings", "ksrOnly", host: www, scheme: "ksr", path: "/settings"),
            Case("https://www.kickstarter.com/settings", nil, host: www, scheme: "https", path: "/settings"),
            Case("mailapp://settings", nil, host: nil, scheme: "mailapp", path: "/settings"),
            Case("ksr://www.kickstarter.com/web", "hostOnly", host: www, scheme: "ksr", path: "/web"),
            Case("https://www.kickstarter.com/web", "hostOnly", host: www, scheme: "https", path: "/web"),
            Case(
                "ksr://api.kickstarter.com/web", nil, host: "api.kickstarter.com", scheme: "ksr", path: "/web"
            ),
            Case("ksr://www.kickstarter.com/both", "both", host: www, scheme: "ksr", path: "/both"),
            Case(
                "ksr://api.kickstarter.com/both", nil, host: "api.kickstarter.com", scheme: "ksr",
                path: "/both"),
            // A web link reaches a route by its hosts alone, as before host schemes.
            Case("https://www.kickstarter.com/both", "both", host: www, scheme: "https", path: "/both"),
            Case("mailapp://both", nil, host: nil, scheme: "mailapp", path: "/both"),
            Case("ksr://www.kickstarter.com/mail", nil, host: www, scheme: "ksr", path: "/mail"),
            Case("mailapp://mail", "mailOnly", host: nil, scheme: "mailapp", path: "/mail"),
            // Other custom schemes are unchanged: the text after `//` is the first segment.
            Case("mailapp://messages/7", "message", host: nil, scheme: "mailapp", path: "/messages/7"),
            Case(
                "ksr://www.kickstarter.com/messages/7", "message", host: www, scheme: "ksr",
                path: "/messages/7"),
            // A host the router does not serve reaches no route: the notFound controller answers.
            Case("ksr://evil.com/projects/c/p", nil, host: "evil.com", scheme: "ksr", path: "/projects/c/p"),
            Case(
                "ksr://ACME.kickstarter.com/home", "team", host: "acme.kickstarter.com", scheme: "ksr",
                path: "/home"),
            Case(
                "ksr://www.kickstarter.com/discover", external: false, "discover", host: www, scheme: "ksr",
                path: "/discover"),
            Case("ksr://www.kickstarter.com/discover", nil, host: www, scheme: "ksr", path: "/discover"),
            Case("/settings", external: false, "ksrOnly", host: nil, scheme: nil, path: "/settings"),
        ])
    func links(_ link: Case) async throws {
        let router = try Self.router.get()
        let source: Source = link.external ? .external(sourceApplication: nil) : .app
        #expect(router.match(link.url, source: source)?.route.name == link.route)
        let response =
            link.external
            ? await Connection.send(fromPublicURL: link.url, sourceApplication: nil, router: router)
            : await Connection.send(link.url, router: router)
        #expect(response.request.route?.name == link.route)
        #expect(response.status == (link.route == nil ? .notFound : .ok))
        #expect(response.data["fallback"].map { "\($0)" } == (link.route == nil ? link.url : nil))
        #expect(response.request.host == link.host)
        #expect(response.request.scheme == link.scheme)
        #expect(response.request.path == link.path)
    }

    @Test("A host scheme's link gives the route's parameters, host parameters after the path's")
    func parameters() throws {
        let router = try Self.router.get()
        let project = router.match("ksr://www.kickstarter.com/projects/c/p")
        #expect(project.map { Array($0.params).map(\.value) } == ["c", "p"])
        let team = router.match("ksr://ACME.kickstarter.com/home")
        #expect(team.map { Array($0.params).map { "\($0.name)=\($0.value)" } } == ["team=acme"])
    }

    @Test(
        "Reverse routing writes the host of a host scheme",
        arguments: [
            (
                "project", ["creator": "c", "project": "p"], nil, "www.kickstarter.com",
                "ksr://www.kickstarter.com/projects/c/p"
            ),
            (
                "project", ["creator": "c", "project": "p"], "https", "www.kickstarter.com",
                "https://www.kickstarter.com/projects/c/p"
            ),
            ("both", [:], nil, nil, "ksr://www.kickstarter.com/both"),
            ("message", ["id": "7"], "mailapp", nil, "mailapp://messages/7"),
            ("team", [:], "ksr", "acme.kickstarter.com", "ksr://acme.kickstarter.com/home"),
            ("team", ["team": "acme"], "ksr", nil, "ksr://acme.kickstarter.com/home"),
            ("team", ["team": "acme"], nil, nil, "https://acme.kickstarter.com/home"),
        ] as [(String, [String: String], String?, String?, String)])
    func reverse(
        _ name: String, _ params: [String: String], _ scheme: String?, _ host: String?, _ expected: String
    )
        throws
    {
        let router = try Self.router.get()
        #expect(try router.url(for: name, params, scheme: scheme, host: host) == expected)
        #expect(router.match(expected, source: .external(sourceApplication: nil))?.route.name == name)
    }

    @Test(
        "hostSchemes must name schemes the router serves",
        arguments: [
            (["ksr"], ["mailapp"], "'mailapp' is not one of the router's schemes"),
            (["ksr"], ["KSR", "other"], "'other'"),
            ([], ["https"], "'https'"),
            ([], ["javascript"], "'javascript'"),
        ] as [(Set<String>, Set<String>, String)])
    func notSubset(_ schemes: Set<String>, _ hostSchemes: Set<String>, _ keyword: String) {
        let error = Routing.tableError(
            [Route("/x", controller: echo)],
            configuration: .init(schemes: schemes, hosts: ["*"], hostSchemes: hostSchemes))
        #expect(error?.kind == .configuration)
        #expect(error?.pattern == "configuration.hostSchemes")
        #expect(error?.reason.contains(keyword) == true, "\(String(describing: error))")
    }

    @Test("hostSchemes with every custom scheme served, and in another case than schemes, is accepted")
    func subset() throws {
        for (schemes, hostSchemes) in [([], ["ksr"]), (["ksr"], ["KSR"])] as [(Set<String>, Set<String>)] {
            let router = try Router(
                routes: [Route("/x", controller: echo)],
                configuration: .init(schemes: schemes, hosts: ["a.org"], hostSchemes: hostSchemes))
            #expect(router.match("ksr://a.org/x")?.route.pattern == "/x")
            #expect(router.match("ksr://b.org/x") == nil)
        }
    }
}
