import Testing

@testable import Switchyard

/// Constraints that read the link (`Constraint.custom(_:_:)` with a `LinkContext`): the
/// Wikipedia talk page, `Discussion:Chien` on French Wikipedia and an article on English
/// Wikipedia. `send`, `match`, `candidates`, `stack(for:)`, explain and reverse routing agree.
struct LinkContextTests {
    static let talkNamespaces = ["en": "Talk", "fr": "Discussion"]
    static let talkNamespace = Constraint.custom("talkNamespace") { namespace, link in
        talkNamespaces[link.hostParameters["lang"] ?? ""] == String(namespace)
    }
    /// Accepts only the value that spells the context it is checked for, so a test reads what
    /// the rule saw from which links it accepts: `scheme~host~lang`, `-` for nil.
    static let spellsLink = Constraint.custom("spellsLink") { value, link in
        value
            == [link.scheme, link.host, link.hostParameters["lang"]].map { $0 ?? "-" }.joined(separator: "~")
    }

    static let configuration = Router.Configuration(
        schemes: ["ksr", "mailapp"], hosts: ["*.wikipedia.org"], hostSchemes: ["ksr"])

    /// The rewrite moves the path; the host, and so `lang`, stays the link's.
    static let router = Result {
        try Router(
            rewrites: [Rewrite("/w/*page", to: "/wiki/*page")],
            routes: [
                Route(
                    "/wiki", name: "portal", isPublic: true, hosts: [":lang.wikipedia.org"], controller: echo),
                Route(
                    #"/wiki/:ns(talkNamespace)\::title"#, name: "talk", isPublic: true, parent: "portal",
                    hosts: [":lang.wikipedia.org"], constraints: ["talkNamespace": talkNamespace],
                    controller: echo),
                Route(
                    "/wiki/*title", name: "article", isPublic: true, parent: "portal",
                    hosts: [":lang.wikipedia.org"],
                    controller: echo),
                Route(
                    "/seen/:link", name: "seenByRoute", isPublic: true, hosts: [":lang.wikipedia.org"],
                    constraints: ["link": spellsLink], controller: echo),
                Route(
                    "/seen/:link", name: "seenUnscoped", isPublic: true, constraints: ["link": spellsLink],
                    controller: echo),
                Route(
                    "/search", name: "search", isPublic: true, hosts: [":lang.wikipedia.org"],
                    query: ["link": spellsLink], controller: echo),
            ], configuration: configuration)
    }

    @Test(
        "The talk route takes a namespace its wiki's language names, and the article route the rest",
        arguments: [
            ("https://fr.wikipedia.org/wiki/Discussion:Chien", ["talk", "article"]),
            ("https://FR.wikipedia.org/wiki/Discussion:Chien", ["talk", "article"]),
            ("https://en.wikipedia.org/wiki/Discussion:Chien", ["article"]),
            ("https://en.wikipedia.org/wiki/Talk:Dog", ["talk", "article"]),
            ("https://fr.wikipedia.org/wiki/Talk:Dog", ["article"]),
            ("https://de.wikipedia.org/wiki/Diskussion:Hund", ["article"]),
            ("https://fr.wikipedia.org/w/Discussion:Chien", ["talk", "article"]),
            ("ksr://fr.wikipedia.org/wiki/Discussion:Chien", ["talk", "article"]),
            ("ksr://en.wikipedia.org/wiki/Discussion:Chien", ["article"]),
            // A bare path has no host, so no `lang`: no namespace is a talk namespace.
            ("/wiki/Talk:Dog", ["article"]),
        ])
    func talkPages(_ url: String, _ candidates: [String]) async throws {
        let router = try Self.router.get()
        let sources: [Source] = url.hasPrefix("/") ? [.app] : [.app, .external(sourceApplication: nil)]
        for source in sources {
            #expect(router.match(url, source: source)?.route.name == candidates[0], "\(source)")
            #expect(router.candidates(url, source: source).map(\.route.name) == candidates, "\(source)")
            #expect(router.stack(for: url, source: source).map(\.route.name) == ["portal", candidates[0]])
            #expect(Self.matchedLine(router.explain(url, source: source)).hasSuffix("(\(candidates[0]))"))
        }
        let response = await Connection.send(url, router: router)
        #expect(response.request.route?.name == candidates[0])
        let external = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(external.request.route?.name == (url.hasPrefix("/") ? nil : candidates[0]))
    }

    @Test("The talk route's parameters: the path's, then the host's")
    func talkParameters() throws {
        let match = try Self.router.get().match("https://fr.wikipedia.org/wiki/Discussion:Chien")
        #expect(
            match.map { Array($0.params).map { "\($0.name)=\($0.value)" } } == [
                "ns=Discussion", "title=Chien", "lang=fr",
            ])
    }

    /// The line of an explanation that names the route matched.
    static func matchedLine(_ text: String) -> Substring {
        text.split(separator: "\n").first { $0.hasPrefix("matched: ") } ?? ""
    }

    @Test(
        "Explain names the route a link-reading constraint passes over, and the constraint of a parameter",
        arguments: [
            (
                "https://en.wikipedia.org/wiki/Discussion:Chien", #"/wiki/:ns(talkNamespace)\::title (talk)"#,
                "matched: /wiki/*title (article)"
            ),
            (
                "https://fr.wikipedia.org/seen/x", "goes on to constraint spellsLink, which reads the link",
                "no route matches"
            ),
        ])
    func explain(_ url: String, _ passedOver: String, _ outcome: String) throws {
        let text = try Self.router.get().explain(url)
        #expect(text.contains(passedOver), "\(text)")
        #expect(text.contains(outcome), "\(text)")
    }

    @Test(
        "A rule sees the link's scheme and host, lowercased, and the host parameters of its own route",
        arguments: [
            ("https://FR.wikipedia.org/seen/https~fr.wikipedia.org~fr", "seenByRoute"),
            ("https://fr.wikipedia.org/seen/https~fr.wikipedia.org~-", "seenUnscoped"),
            ("HTTP://fr.wikipedia.org:8080/seen/http~fr.wikipedia.org~fr", "seenByRoute"),
            ("ksr://fr.wikipedia.org/seen/ksr~fr.wikipedia.org~fr", "seenByRoute"),
            ("mailapp://seen/mailapp~-~-", "seenUnscoped"),
            ("/seen/-~-~-", "seenByRoute"),
            ("https://fr.wikipedia.org/seen/https~fr.wikipedia.org~en", nil),
            ("https://fr.wikipedia.org/search?link=https~fr.wikipedia.org~fr", "search"),
            ("ksr://DE.wikipedia.org/search?link=ksr~de.wikipedia.org~de", "search"),
            ("/search?link=-~-~-", "search"),
            ("https://fr.wikipedia.org/search?link=-~-~-", nil),
        ] as [(String, String?)])
    func context(_ url: String, _ expected: String?) async throws {
        let router = try Self.router.get()
        #expect(router.match(url)?.route.name == expected)
        #expect(router.candidates(url).first?.route.name == expected)
        let response = await Connection.send(url, router: router)
        #expect(response.request.route?.name == expected)
    }

    @Test(
        "Reverse routing checks the rule against the URL it builds",
        arguments: [
            (
                "talk", ["ns": "Discussion", "title": "Chien", "lang": "fr"], nil,
                "https://fr.wikipedia.org/wiki/Discussion:Chien"
            ),
            (
                "talk", ["ns": "Talk", "title": "Dog"], "en.wikipedia.org",
                "https://en.wikipedia.org/wiki/Talk:Dog"
            ),
            ("talk", ["ns": "Discussion", "title": "Chien", "lang": "en"], nil, nil),
            ("talk", ["ns": "Talk", "title": "Dog"], "fr.wikipedia.org", nil),
            (
                "seenByRoute", ["link": "https~de.wikipedia.org~de", "lang": "de"], nil,
                "https://de.wikipedia.org/seen/https~de.wikipedia.org~de"
            ),
            (
                "search", ["link": "https~de.wikipedia.org~de", "lang": "de"], nil,
                "https://de.wikipedia.org/search?link=https~de.wikipedia.org~de"
            ),
        ] as [(String, [String: String], String?, String?)])
    func reverse(_ name: String, _ params: [String: String], _ host: String?, _ expected: String?) throws {
        let router = try Self.router.get()
        guard let expected else {
            let error = Routing.routingError { try router.url(for: name, params, host: host) }
            #expect(error?.status == .badRequest)
            #expect(error?.message.contains("talkNamespace") == true, "\(String(describing: error))")
            return
        }
        #expect(try router.url(for: name, params, host: host) == expected)
        #expect(router.match(expected, source: .external(sourceApplication: nil))?.route.name == name)
    }

    @Test("path(for:) builds a bare path: a rule that needs a host refuses it, one that reads nil takes it")
    func pathHasNoHost() throws {
        let router = try Self.router.get()
        let error = Routing.routingError { try router.path(for: "talk", ["ns": "Talk", "title": "Dog"]) }
        #expect(
            error?.message.contains("breaks constraint talkNamespace") == true, "\(String(describing: error))"
        )
        #expect(try router.path(for: "seenUnscoped", ["link": "-~-~-"]) == "/seen/-~-~-")
    }

    @Test("accepts(_:) checks for a bare path; accepts(_:in:) for the link given")
    func accepts() {
        let french = LinkContext(scheme: "https", host: "fr.wikipedia.org", hostParameters: ["lang": "fr"])
        #expect(Self.talkNamespace.accepts("Discussion", in: french))
        #expect(!Self.talkNamespace.accepts("Talk", in: french))
        #expect(!Self.talkNamespace.accepts("Discussion"))
        #expect(Self.spellsLink.accepts("-~-~-"))
        #expect(Self.spellsLink.accepts("-~-~-", in: .path))
        #expect(LinkContext.path == LinkContext(scheme: nil, host: nil, hostParameters: [:]))
        #expect(Constraint.int.accepts("7", in: french) && !Constraint.int.accepts("x", in: french))
    }
}
