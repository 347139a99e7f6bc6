import Testing

@testable import Switchyard

/// `Route.group(_:hosts:constraints:…)` with host parameters: the group's host entry meets the
/// routes' own, its constraints apply to the routes' path and host parameters by name, and a
/// route's own constraint overrides the group's.
struct HostParameterGroupTests {
    static let configuration = Router.Configuration(hosts: ["*.wikipedia.org"])
    static let languages = Constraint.oneOf(["en", "fr", "de"])

    static let routes =
        Route.group(
            "", hosts: [":lang.wikipedia.org"],
            constraints: ["lang": .oneOf(["en", "fr"]), "id": .int, "unused": .uuid],
            [
                Route("/wiki/*title", name: "article", isPublic: true, controller: echo),
                Route(
                    "/w/:page", name: "english", isPublic: true, hosts: ["en.wikipedia.org"], controller: echo
                ),
                Route("/id/:id", name: "revision", isPublic: true, controller: echo),
                Route(
                    "/talk/:title", name: "german", isPublic: true, constraints: ["lang": .oneOf(["de"])],
                    controller: echo),
                Route(
                    "/any/:id", name: "ownID", isPublic: true, constraints: ["id": .alpha], controller: echo),
                Route("/drafts/:title", name: "drafts", controller: echo),
                Route(
                    "/star/:title", name: "star", isPublic: true, hosts: ["*.wikipedia.org"], controller: echo
                ),
            ])
        + Route.group(
            "/named", hosts: [":lang(language).wikipedia.org"], constraints: ["language": languages],
            [
                Route("/:title", name: "title", isPublic: true, controller: echo),
                Route("/code/:code(language)", name: "code", isPublic: true, controller: echo),
            ])
        + Route.group(
            "/nested", hosts: [":lang.wikipedia.org"],
            Route.group(
                "", hosts: ["de.wikipedia.org"],
                [Route("/:title", name: "title", isPublic: true, controller: echo)]))

    static let router = Result { try Router(routes: routes, configuration: configuration) }

    @Test(
        "Group host parameters and constraints, in-app and from outside",
        arguments: [
            ("https://fr.wikipedia.org/wiki/Chien", true, "article", ["title=Chien", "lang=fr"]),
            ("https://de.wikipedia.org/wiki/Hund", true, nil, []),
            // The group's pattern met with the route's exact host: the route keeps the exact host
            // and the parameter the value of its label.
            ("https://en.wikipedia.org/w/Dog", true, "english", ["page=Dog", "lang=en"]),
            ("https://fr.wikipedia.org/w/Chien", true, nil, []),
            // Group constraints apply to path parameters by name.
            ("https://en.wikipedia.org/id/42", true, "revision", ["id=42", "lang=en"]),
            ("https://en.wikipedia.org/id/x", true, nil, []),
            // The route's own constraint overrides the group's: for the host parameter ...
            ("https://de.wikipedia.org/talk/Hund", true, "german", ["title=Hund", "lang=de"]),
            ("https://fr.wikipedia.org/talk/Chien", true, nil, []),
            // ... and for a path parameter.
            ("https://fr.wikipedia.org/any/abc", true, "ownID", ["id=abc", "lang=fr"]),
            ("https://fr.wikipedia.org/any/42", true, nil, []),
            ("https://fr.wikipedia.org/drafts/Chien", false, "drafts", ["title=Chien", "lang=fr"]),
            ("https://fr.wikipedia.org/drafts/Chien", true, nil, []),
            // A route's wildcard met with the group's parameters takes the parameters.
            ("https://fr.wikipedia.org/star/Chien", true, "star", ["title=Chien", "lang=fr"]),
            ("https://de.wikipedia.org/star/Hund", true, nil, []),
            ("https://de.wikipedia.org/named/Hund", true, "named.title", ["title=Hund", "lang=de"]),
            ("https://it.wikipedia.org/named/Cane", true, nil, []),
            // A group constraint named in a path parameter's parentheses applies to it too.
            ("https://de.wikipedia.org/named/code/fr", true, "named.code", ["code=fr", "lang=de"]),
            ("https://de.wikipedia.org/named/code/it", true, nil, []),
            ("https://de.wikipedia.org/nested/Hund", true, "nested.title", ["title=Hund", "lang=de"]),
            ("https://fr.wikipedia.org/nested/Chien", true, nil, []),
        ] as [(String, Bool, String?, [String])])
    func reach(_ url: String, _ external: Bool, _ expected: String?, _ params: [String]) async throws {
        let router = try Self.router.get()
        let source: Source = external ? .external(sourceApplication: nil) : .app
        let match = router.match(url, source: source)
        #expect(match?.route.name == expected)
        #expect(match.map { Array($0.params).map { "\($0.name)=\($0.value)" } } ?? [] == params)
        let response =
            external
            ? await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
            : await Connection.send(url, router: router)
        #expect(response.request.route?.name == expected)
        #expect(response.status == (expected == nil ? .notFound : .ok))
    }

    @Test("The routes a group returns show the met host entries")
    func metEntries() {
        let hosts = Dictionary(
            Self.routes.map { ($0.name ?? "-", $0.hosts) }, uniquingKeysWith: { a, _ in a })
        #expect(hosts["article"] == [":lang.wikipedia.org"])
        #expect(hosts["english"] == ["en.wikipedia.org"])
        #expect(hosts["star"] == [":lang.wikipedia.org"])
        #expect(hosts["nested.title"] == ["de.wikipedia.org"])
    }

    @Test("A group constraint no route uses is not a mistake")
    func unusedConstraint() {
        let routes = Route.group(
            "", hosts: [":lang.wikipedia.org"], constraints: ["nothing": .int, "language": Self.languages],
            [Route("/wiki/*title", controller: echo)])
        #expect(Routing.tableError(routes, configuration: Self.configuration) == nil)
    }

    @Test(
        "A group's host parameters that meet no route's host, or bind a label to two names, are refused",
        arguments: [
            ([":lang.wikipedia.org"], [":lang.m.wikipedia.org"]),
            ([":lang.wikipedia.org"], [":code.wikipedia.org"]),
            ([":lang.wikipedia.org"], ["en.wikimedia.org"]),
        ] as [(Set<String>, Set<String>)])
    func nothingInCommon(_ group: Set<String>, _ own: Set<String>) {
        let routes = Route.group("/g", hosts: group, [Route("/a", hosts: own, controller: echo)])
        let error = Routing.tableError(
            routes, configuration: .init(hosts: ["*.wikipedia.org", "*.wikimedia.org"]))
        #expect(error?.pattern == "/g/a")
        #expect(error?.reason.contains("nothing in common") == true, "\(String(describing: error))")
    }

    @Test("A group host parameter the route's path also names is refused, naming it")
    func nameInPathAndGroupHost() {
        let routes = Route.group("", hosts: [":lang.wikipedia.org"], [Route("/:lang", controller: echo)])
        let error = Routing.tableError(routes, configuration: Self.configuration)
        #expect(error?.pattern == "/:lang")
        #expect(error?.reason.contains("'lang' names both") == true, "\(String(describing: error))")
    }
}
