import Testing

@testable import Switchyard

/// Host parameters (`:lang.wikipedia.org`): which route a host reaches, the values it gives
/// (lowercased, after the path's parameters), the specificity among routes of one shape, and
/// the mistakes `Router.init` finds in them.
struct HostParameterTests {
    static let fallback: Controller = { request in
        Response(request: request, status: .notFound, data: ["fallback": request.url])
    }

    static let configuration = Router.Configuration(
        hosts: ["*.wikipedia.org", "wikipedia.org"], notFound: fallback)

    /// A Wikipedia-like site. A private route on `/edit/:page` comes first and takes the `test`
    /// wiki in-app; from outside it does not exist, and the public one takes that link.
    static let router = Result {
        try Router(
            routes: [
                Route(
                    "/wiki/*title", name: "article", isPublic: true, hosts: [":lang.wikipedia.org"],
                    controller: echo),
                Route(
                    "/wiki/*title", name: "mobile", isPublic: true, hosts: [":lang.m.wikipedia.org"],
                    controller: echo),
                Route(
                    "/wiki/*title", name: "english", isPublic: true, hosts: ["en.wikipedia.org"],
                    controller: echo),
                Route(
                    "/edit/:page", name: "editTest", hosts: [":lang(testWiki).wikipedia.org"],
                    constraints: ["testWiki": .oneOf(["test"])], controller: echo),
                Route(
                    "/edit/:page", name: "edit", isPublic: true, hosts: [":lang.wikipedia.org"],
                    controller: echo),
                Route("/drafts/:page", name: "drafts", hosts: [":lang.wikipedia.org"], controller: echo),
                Route(
                    "/language/:code", name: "language", isPublic: true,
                    hosts: [":lang(language).wikipedia.org"],
                    constraints: ["language": .oneOf(["en", "fr", "de"])], controller: echo),
                Route(
                    "/byname/:code", name: "byName", isPublic: true, hosts: [":lang.wikipedia.org"],
                    constraints: ["lang": .oneOf(["en", "fr"])], controller: echo),
                Route(
                    "/:section/:code", name: "twoLabels", isPublic: true,
                    hosts: [":site.:lang.wikipedia.org"],
                    controller: echo),
            ], configuration: configuration)
    }

    /// One link: whether it is sent from outside, the route it reaches (nil: none), and the
    /// parameters it gives, in order.
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        let external: Bool
        let route: String?
        let params: [String]
        var testDescription: String { "\(url) \(external ? "from outside" : "in-app")" }

        init(_ url: String, external: Bool = true, _ route: String?, _ params: [String] = []) {
            (self.url, self.external, self.route, self.params) = (url, external, route, params)
        }
    }

    @Test(
        "Which route a host reaches, and the parameters it gives: the path's, then the host's",
        arguments: [
            Case("https://fr.wikipedia.org/wiki/Chien", "article", ["title=Chien", "lang=fr"]),
            Case(
                "https://fr.wikipedia.org/wiki/Chien", external: false, "article", ["title=Chien", "lang=fr"]),
            Case("https://FR.Wikipedia.org/wiki/Chien", "article", ["title=Chien", "lang=fr"]),
            Case("https://fr.wikipedia.org:8443/wiki/Chien", "article", ["title=Chien", "lang=fr"]),
            Case("https://fr.m.wikipedia.org/wiki/Chien", "mobile", ["title=Chien", "lang=fr"]),
            Case("https://EN.M.wikipedia.org/wiki/Dog", "mobile", ["title=Dog", "lang=en"]),
            // The host as mapped: in punycode; a trailing dot makes another host.
            Case("https://bücher.wikipedia.org/wiki/X", "article", ["title=X", "lang=xn--bcher-kva"]),
            Case("https://fr.wikipedia.org./wiki/X", nil),
            Case("https://en.wikipedia.org/wiki/Dog", "english", ["title=Dog"]),
            Case("https://wikipedia.org/wiki/Dog", nil),
            Case("https://a.b.c.wikipedia.org/wiki/Dog", nil),
            Case(
                "https://test.wikipedia.org/edit/Main", external: false, "editTest",
                ["page=Main", "lang=test"]),
            Case("https://test.wikipedia.org/edit/Main", "edit", ["page=Main", "lang=test"]),
            Case("https://fr.wikipedia.org/edit/Main", external: false, "edit", ["page=Main", "lang=fr"]),
            Case(
                "https://fr.wikipedia.org/drafts/Main", external: false, "drafts", ["page=Main", "lang=fr"]),
            Case("https://fr.wikipedia.org/drafts/Main", nil),
            Case("https://de.wikipedia.org/language/x", "language", ["code=x", "lang=de"]),
            Case("https://xx.wikipedia.org/language/x", nil),
            Case("https://fr.wikipedia.org/byname/x", "byName", ["code=x", "lang=fr"]),
            Case("https://de.wikipedia.org/byname/x", nil),
            Case(
                "https://Commons.EN.wikipedia.org/a/b", "twoLabels",
                ["section=a", "code=b", "site=commons", "lang=en"]),
            // A bare path reaches host-scoped routes in-app only, with no host parameters.
            Case("/wiki/Chien", external: false, "article", ["title=Chien"]),
            Case("/wiki/Chien", nil),
            Case("/drafts/Main", external: false, "drafts", ["page=Main"]),
        ])
    func reach(_ link: Case) async throws {
        let router = try Self.router.get()
        let source: Source = link.external ? .external(sourceApplication: nil) : .app
        let match = router.match(link.url, source: source)
        #expect(match?.route.name == link.route)
        #expect(match.map { Array($0.params).map { "\($0.name)=\($0.value)" } } ?? [] == link.params)
        let response =
            link.external
            ? await Connection.send(fromPublicURL: link.url, sourceApplication: nil, router: router)
            : await Connection.send(link.url, router: router)
        #expect(response.request.route?.name == link.route)
        #expect(Array(response.request.params).map { "\($0.name)=\($0.value)" } == link.params)
        #expect(response.status == (link.route == nil ? .notFound : .ok))
        #expect(response.request.route?.isPublic ?? true || !link.external, "a private route from outside")
    }

    @Test(
        "request.host is lowercased, without the port; request.scheme is lowercased; both nil for a bare path",
        arguments: [
            ("https://FR.Wikipedia.org:8443/wiki/Chien", "fr.wikipedia.org", "https"),
            ("HTTP://fr.m.wikipedia.org/wiki/Chien", "fr.m.wikipedia.org", "http"),
            ("https://wikipedia.org/wiki/Dog", "wikipedia.org", "https"),
            ("/wiki/Chien", nil, nil),
        ] as [(String, String?, String?)])
    func hostAndScheme(_ url: String, _ host: String?, _ scheme: String?) async throws {
        let response = await Connection.send(url, router: try Self.router.get())
        #expect(response.request.host == host)
        #expect(response.request.scheme == scheme)
    }

    @Test(
        "Specificity among routes of one shape: exact, then more literal labels, then wildcards, then *; each candidate reads its own host parameters",
        arguments: [
            (
                "en.wikipedia.org",
                ["en.wikipedia.org", ":lang.wikipedia.org lang=en", "*.wikipedia.org", "*"]
            ),
            ("fr.wikipedia.org", [":lang.wikipedia.org lang=fr", "*.wikipedia.org", "*"]),
            (
                "fr.m.wikipedia.org",
                [
                    ":lang.m.wikipedia.org lang=fr", ":a.:b.wikipedia.org a=fr,b=m", "*.m.wikipedia.org",
                    "*.wikipedia.org", "*",
                ]
            ),
            ("a.b.wikipedia.org", [":a.:b.wikipedia.org a=a,b=b", "*.wikipedia.org", "*"]),
            ("a.b.c.wikipedia.org", ["*.wikipedia.org", "*"]),
            ("a.b.m.wikipedia.org", ["*.m.wikipedia.org", "*.wikipedia.org", "*"]),
            ("example.org", ["*"]),
        ])
    func specificity(_ host: String, _ candidates: [String]) async throws {
        // Registered least specific first: the order must not decide.
        let entries = [
            "*", "*.wikipedia.org", "*.m.wikipedia.org", ":a.:b.wikipedia.org", ":lang.wikipedia.org",
            ":lang.m.wikipedia.org", "en.wikipedia.org",
        ]
        let router = try Router(
            routes: entries.map {
                Route("/wiki/:title", name: $0, isPublic: true, hosts: [$0], controller: echo)
            },
            configuration: .init(hosts: ["*"]))
        let url = "https://\(host)/wiki/Dog"
        let expected = String(candidates[0].prefix { $0 != " " })
        #expect(router.match(url, source: .external(sourceApplication: nil))?.route.name == expected)
        let found = router.candidates(url).map { match in
            let host = Array(match.params).dropFirst().map { "\($0.name)=\($0.value)" }
            return ([match.route.name ?? "-"] + (host.isEmpty ? [] : [host.joined(separator: ",")])).joined(
                separator: " ")
        }
        #expect(found == candidates)
        let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(response.request.route?.name == expected)
    }

    /// Two routes of one shape whose host entries name the same hosts could never both run: the
    /// router refuses the second, as it does for exact hosts spelled in another case.
    @Test(
        "Routes of one shape whose host patterns name the same hosts are a conflict",
        arguments: [
            (["en.wikipedia.org"], ["EN.wikipedia.org"]),
            ([":lang.wikipedia.org"], [":lang.WIKIPEDIA.org"]),
            ([":lang.wikipedia.org"], [":code.wikipedia.org"]),
        ] as [(Set<String>, Set<String>)])
    func sameHosts(_ first: Set<String>, _ second: Set<String>) {
        let error = Routing.tableError(
            [Route("/a", hosts: first, controller: echo), Route("/a", hosts: second, controller: echo)],
            configuration: Self.configuration)
        #expect(error?.reason.contains("it could never run") == true, "\(String(describing: error))")
    }

    @Test(
        "Host parameter mistakes are found at init, naming the route and the reason",
        arguments: [
            (Route("/wiki/:lang", hosts: [":lang.wikipedia.org"], controller: echo), "'lang' names both"),
            (Route("/wiki/*lang", hosts: [":lang.wikipedia.org"], controller: echo), "'lang' names both"),
            (Route("/a", hosts: ["sub-:x.wikipedia.org"], controller: echo), "one whole label"),
            (Route("/a", hosts: ["*.:x.wikipedia.org"], controller: echo), "do not mix"),
            (
                Route("/a", hosts: [":lang(language).wikipedia.org"], controller: echo),
                "unknown constraint 'language'"
            ),
            (Route("/a", hosts: [":x.:x.wikipedia.org"], controller: echo), "appears twice"),
            (Route("/a", hosts: [":lang.wikimedia.org"], controller: echo), "not served"),
            (Route("/a", hosts: [":lang.org"], controller: echo), "not served"),
        ])
    func mistakes(_ route: Route, _ keyword: String) {
        let error = Routing.tableError([route], configuration: Self.configuration)
        #expect(error?.pattern == route.pattern)
        #expect(error?.reason.contains(route.hosts.first!) == true, "\(String(describing: error))")
        #expect(error?.reason.contains(keyword) == true, "\(String(describing: error))")
    }

    @Test("A host pattern Configuration.hosts does not serve is refused at init")
    func notServed() {
        let route = Route("/wiki/*title", name: "article", hosts: [":lang.wikipedia.org"], controller: echo)
        let error = Routing.tableError(
            [route], configuration: .init(hosts: ["wikipedia.org", "en.wikipedia.org"]))
        #expect(error?.pattern == "/wiki/*title")
        #expect(
            error?.reason.contains("':lang.wikipedia.org' is not served") == true,
            "\(String(describing: error))")
        #expect(Routing.tableError([route], configuration: .init(hosts: ["*.wikipedia.org"])) == nil)
    }

    @Test(
        "Configuration.hosts may not hold parameters",
        arguments: [":lang.wikipedia.org", ":lang(language).wikipedia.org", "en.:x.org"])
    func parameterInConfiguration(_ entry: String) {
        let error = Routing.tableError(
            [Route("/wiki/*title", controller: echo)], configuration: .init(hosts: [entry]))
        #expect(error?.kind == .configuration)
        #expect(error?.pattern == "configuration.hosts")
        #expect(error?.reason.contains("'\(entry)'") == true, "\(String(describing: error))")
    }
}
