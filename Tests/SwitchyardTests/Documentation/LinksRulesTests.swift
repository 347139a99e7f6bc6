import Switchyard
import Testing

/// The rules of Sources/Routing/Switchyard.docc/Links.md that its recipes do not show: the order of
/// host entries, the mistakes `Router.init` refuses, and the engine bugs the recipes met.
@Suite("Docs: Links, the rules")
struct LinksRulesTests {
    // Section "Hosts with parameters": among routes of one shape, the more specific host wins,
    // whatever the order they were registered in.
    @Test(
        "Hosts with parameters: exact, then parameters (more literal labels first), then *., then *",
        arguments: [
            ("en.wikipedia.org", "exact"), ("fr.wikipedia.org", "lang"), ("fr.wikimedia.org", "labels"),
            ("a.b.wikipedia.org", "wildcard"), ("example.com", "any"),
        ])
    func specificity(host: String, expected: String) throws {
        let entries = [
            ("any", "*"), ("wildcard", "*.wikipedia.org"), ("labels", ":site.:project.org"),
            ("lang", ":lang.wikipedia.org"), ("exact", "en.wikipedia.org"),
        ]
        let routes = entries.map { Route("/wiki/*title", name: $0.0, hosts: [$0.1], controller: echo) }
        let router = try Router(routes: routes, configuration: .init(hosts: ["*"]))
        #expect(router.match("https://\(host)/wiki/Dog")?.route.name == expected)
    }

    // The mistakes the article says `Router.init` refuses.
    @Test(
        "Mistakes in links' options are refused at init",
        arguments: [
            ("/wiki/:lang", [":lang.wikipedia.org"], [:], Router.Configuration(hosts: ["*.wikipedia.org"])),
            ("/wiki/:title", ["sub-:x.wikipedia.org"], [:], .init(hosts: ["*.wikipedia.org"])),
            ("/wiki/:title", ["*.:x.wikipedia.org"], [:], .init(hosts: ["*.wikipedia.org"])),
            ("/wiki/:title", [":lang(language).wikipedia.org"], [:], .init(hosts: ["*.wikipedia.org"])),
            ("/wiki/:title", [":lang.wikimedia.org"], [:], .init(hosts: ["*.wikipedia.org"])),
            ("/projects/:id", [], [:], .init(schemes: ["ksr"], hostSchemes: ["kickstarter"])),
            ("/projects/:token", [], ["token": Constraint.absent], .init()),
        ] as [(String, Set<String>, [String: Constraint], Router.Configuration)])
    func mistakes(
        pattern: String, hosts: Set<String>, constraints: [String: Constraint],
        configuration: Router.Configuration
    ) {
        let route = Route(pattern, hosts: hosts, constraints: constraints, controller: echo)
        #expect(throws: RouteTableError.self) { try Router(routes: [route], configuration: configuration) }
        // The same route without the mistake is fine: the test is not refusing everything.
        #expect(throws: Never.self) { try Router(routes: [Route(pattern, controller: echo)]) }
    }

    /// Regression, found by the recipe "A custom scheme that carries the web host": `Router.match`
    /// walked the path as received, while `send`, `candidates` and `stack(for:)` walked it squeezed.
    @Test("Regression (match ignored .squeeze): match agrees with send for a squeezed path")
    func matchSqueezes() async throws {
        let router = try Router(
            routes: [Route("/projects/:id", controller: echo)], configuration: .init(emptySegments: .squeeze))
        let sent = await Connection.send("/projects//7", router: router)
        #expect(sent.request.route?.pattern == "/projects/:id")
        #expect(router.candidates("/projects//7").first?.route.pattern == "/projects/:id")
        #expect(router.match("/projects//7")?.route.pattern == "/projects/:id")
        #expect(router.match("https://example.com//projects/7") == nil)  // not a served host
    }

    /// Regression, found while checking the rules: `Configuration.hosts` took `:lang.wikipedia.org`
    /// and served `en.wikipedia.org` with it, though the served hosts take no parameters.
    @Test(
        "Regression (served hosts took parameters): a host with parameters in Configuration.hosts is refused")
    func servedHostsTakeNoParameters() {
        let configuration = Router.Configuration(hosts: [":lang.wikipedia.org"])
        let routes = [Route("/wiki/:title", controller: echo)]
        #expect(throws: RouteTableError.self) { try Router(routes: routes, configuration: configuration) }
        #expect(throws: Never.self) {
            try Router(routes: routes, configuration: .init(hosts: ["*.wikipedia.org"]))
        }
    }
}
