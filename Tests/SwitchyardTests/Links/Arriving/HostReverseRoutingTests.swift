import Testing

@testable import Switchyard

/// Reverse routing for routes whose hosts have parameters: `url(for:)` writes the host from the
/// parameters, or reads them from `host:`; `path(for:)` refuses them. And the
/// apple-app-site-association file of a host lists the routes whose host patterns match it.
struct HostReverseRoutingTests {
    static let configuration = Router.Configuration(hosts: ["*.wikipedia.org", "wikipedia.org"])

    static let router = Result {
        try Router(
            routes: [
                Route(
                    "/wiki/*title", name: "article", isPublic: true, hosts: [":lang.wikipedia.org"],
                    controller: echo),
                Route(
                    "/wiki/*title", name: "english", isPublic: true, hosts: ["en.wikipedia.org"],
                    controller: echo),
                Route(
                    "/page/:id", name: "page", isPublic: true,
                    hosts: [":lang.wikipedia.org", ":lang.m.wikipedia.org"],
                    controller: echo),
                Route(
                    "/language/:code", name: "language", isPublic: true,
                    hosts: [":lang(language).wikipedia.org"],
                    constraints: ["language": .oneOf(["en", "fr", "de"])], controller: echo),
                Route(
                    "/:section/:code", name: "project", isPublic: true, hosts: [":site.:lang.wikipedia.org"],
                    controller: echo),
                Route("/edit/:page", name: "edit", hosts: [":lang.wikipedia.org"], controller: echo),
                Route(
                    "/mobile/:page", name: "mobile", isPublic: true, hosts: [":lang.m.wikipedia.org"],
                    controller: echo),
            ], configuration: configuration)
    }

    @Test(
        "url(for:) writes the host from the parameters, or reads them from host:",
        arguments: [
            ("article", ["title": "Chien", "lang": "fr"], nil, "https://fr.wikipedia.org/wiki/Chien"),
            ("article", ["title": "Chien"], "fr.wikipedia.org", "https://fr.wikipedia.org/wiki/Chien"),
            (
                "article", ["title": "Chien", "lang": "fr"], "fr.wikipedia.org",
                "https://fr.wikipedia.org/wiki/Chien"
            ),
            ("article", ["title": "a b/c"], "de.wikipedia.org", "https://de.wikipedia.org/wiki/a%20b/c"),
            ("english", ["title": "Dog"], nil, "https://en.wikipedia.org/wiki/Dog"),
            ("page", ["id": "7"], "fr.m.wikipedia.org", "https://fr.m.wikipedia.org/page/7"),
            ("page", ["id": "7", "lang": "fr"], "fr.wikipedia.org", "https://fr.wikipedia.org/page/7"),
            ("language", ["code": "x", "lang": "de"], nil, "https://de.wikipedia.org/language/x"),
            (
                "project", ["section": "a", "code": "b", "site": "commons", "lang": "en"], nil,
                "https://commons.en.wikipedia.org/a/b"
            ),
            ("edit", ["page": "Main", "lang": "fr"], nil, "https://fr.wikipedia.org/edit/Main"),
        ] as [(String, [String: String], String?, String)])
    func urls(_ name: String, _ params: [String: String], _ host: String?, _ expected: String) throws {
        let router = try Self.router.get()
        #expect(try router.url(for: name, params, host: host) == expected)
        // The URL gives the route and the values back, in-app; from outside too for a public route.
        let match = router.match(expected)
        #expect(match?.route.name == name)
        for (key, value) in params { #expect(match?.params[key] == value, "\(key)") }
        let external = router.match(expected, source: .external(sourceApplication: nil))
        #expect(external?.route.name == (match?.route.isPublic == true ? name : nil))
    }

    @Test(
        "url(for:) refuses what would not build a link to the route, saying why",
        arguments: [
            (
                "article", ["title": "Chien", "lang": "en"], "fr.wikipedia.org",
                "gives 'lang' the value 'fr', not 'en'"
            ),
            ("article", ["title": "Chien"], nil, "needs host parameter 'lang'"),
            ("article", ["title": "Chien"], "wikipedia.org", "is not one of the hosts of route 'article'"),
            (
                "article", ["title": "Chien"], "fr.m.wikipedia.org",
                "is not one of the hosts of route 'article'"
            ),
            ("article", ["title": "Dog", "lang": "en"], nil, "instead"),
            ("page", ["id": "7", "lang": "fr"], nil, "pass `host:`"),
            ("language", ["code": "x", "lang": "xx"], nil, "not a host it matches"),
            ("language", ["code": "x"], "xx.wikipedia.org", "break their constraints"),
            ("project", ["section": "a", "code": "b", "lang": "en"], nil, "needs host parameter 'site'"),
            ("article", ["title": "Chien", "lang": "f r"], nil, "not a host it matches"),
        ] as [(String, [String: String], String?, String)])
    func refusals(_ name: String, _ params: [String: String], _ host: String?, _ keyword: String) throws {
        let router = try Self.router.get()
        let error = Routing.routingError { try router.url(for: name, params, host: host) }
        #expect(error?.status == .badRequest)
        #expect(error?.message.contains(keyword) == true, "\(String(describing: error))")
    }

    @Test("path(for:) builds a path only, and refuses a host parameter's name")
    func pathRefusesHostParameters() throws {
        let router = try Self.router.get()
        #expect(try router.path(for: "article", ["title": "Chien"]) == "/wiki/Chien")
        let error = Routing.routingError {
            try router.path(for: "article", ["title": "Chien", "lang": "fr"])
        }
        #expect(error?.status == .badRequest)
        #expect(
            error?.message.contains("'lang' is a parameter of the host of route 'article'") == true,
            "\(String(describing: error))")
    }

    /// A group's `:lang.wikipedia.org` met with a route's `en.wikipedia.org` fixes `lang` to
    /// `en`: the link cannot carry another value, with `host:` or without.
    @Test(
        "A host parameter fixed by a route's exact host: a conflicting value throws",
        arguments: [
            (["page": "Dog"], nil, "https://en.wikipedia.org/w/Dog"),
            (["page": "Dog", "lang": "en"], nil, "https://en.wikipedia.org/w/Dog"),
            (["page": "Dog"], "en.wikipedia.org", "https://en.wikipedia.org/w/Dog"),
            (["page": "Dog", "lang": "fr"], "en.wikipedia.org", nil),
            (["page": "Dog", "lang": "fr"], nil, nil),
        ] as [([String: String], String?, String?)])
    func fixedByExactHost(_ params: [String: String], _ host: String?, _ expected: String?) throws {
        let routes = Route.group(
            "", hosts: [":lang.wikipedia.org"],
            [
                Route(
                    "/w/:page", name: "english", isPublic: true, hosts: ["en.wikipedia.org"], controller: echo
                )
            ])
        let router = try Router(routes: routes, configuration: Self.configuration)
        guard let expected else {
            let error = Routing.routingError { try router.url(for: "english", params, host: host) }
            #expect(
                error?.message.contains("'lang' the value 'en', not 'fr'") == true,
                "\(String(describing: error))")
            return
        }
        #expect(try router.url(for: "english", params, host: host) == expected)
        #expect(router.match(expected)?.params["lang"] == "en")
    }

    struct ArticleLink: Encodable {
        let lang: String
        let title: String
        let oldid: Int?
    }

    @Test(
        "Typed url(for:) fills host parameters from the value's fields",
        arguments: [
            (ArticleLink(lang: "fr", title: "Chien", oldid: nil), nil, "https://fr.wikipedia.org/wiki/Chien"),
            (
                ArticleLink(lang: "de", title: "Hund", oldid: 5), nil,
                "https://de.wikipedia.org/wiki/Hund?oldid=5"
            ),
            (
                ArticleLink(lang: "fr", title: "Chien", oldid: nil), "fr.wikipedia.org",
                "https://fr.wikipedia.org/wiki/Chien"
            ),
        ] as [(ArticleLink, String?, String)])
    func typed(_ value: ArticleLink, _ host: String?, _ expected: String) throws {
        #expect(try Self.router.get().url(for: "article", value, host: host) == expected)
    }

    @Test("Typed url(for:) refuses a field that conflicts with host:")
    func typedConflict() throws {
        let router = try Self.router.get()
        let value = ArticleLink(lang: "de", title: "Hund", oldid: nil)
        let error = Routing.routingError { try router.url(for: "article", value, host: "fr.wikipedia.org") }
        #expect(error?.message.contains("not 'de'") == true, "\(String(describing: error))")
    }

    @Test(
        "The apple-app-site-association file of a host lists the public routes whose host patterns match it",
        arguments: [
            ("fr.wikipedia.org", ["article", "page", "language"]),
            ("xx.wikipedia.org", ["article", "page"]),
            ("en.wikipedia.org", ["article", "english", "page", "language"]),
            ("fr.m.wikipedia.org", ["page", "project", "mobile"]),
            ("commons.xx.wikipedia.org", ["project"]),
            ("wikipedia.org", []),
            ("fr.wikimedia.org", []),
        ] as [(String, [String])])
    func appSiteAssociation(_ host: String, _ listed: [String]) throws {
        let router = try Self.router.get()
        let file = router.appSiteAssociation(appIDs: ["ABCDE12345.org.wikipedia"], host: host)
        // Routes of one shape share a component, whose comment names each: "name: pattern; …".
        let comments = file.applinks.details.flatMap(\.components).compactMap(\.comment)
        let named = router.routes.compactMap(\.name).filter { name in
            comments.contains { $0.split(separator: "; ").contains { $0.hasPrefix("\(name): ") } }
        }
        #expect(named == listed, "\(comments)")
    }
}
