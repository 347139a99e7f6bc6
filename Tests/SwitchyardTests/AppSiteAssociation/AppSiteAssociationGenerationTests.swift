import Foundation
import Testing

@testable import Switchyard

/// A mail app's routes over a custom scheme, its main web host and team subdomains.
enum AppSiteFixture {
    static let configuration = Router.Configuration(
        schemes: ["mailapp"], hosts: ["mail.example.com", "*.teams.example.com"])

    static let routes: [Route] = [
        Route("/", name: "home", isPublic: true, controller: echo),
        Route("/inbox", name: "inbox", isPublic: true, controller: echo),
        Route("/messages/:id(int)", name: "message", isPublic: true, controller: echo),
        Route("/photos(/:id)", name: "photos", isPublic: true, controller: echo),
        Route("/search", name: "search", isPublic: true, query: ["q": .any], controller: echo),
        Route(
            "/labels", name: "labels", isPublic: true, query: ["tab": .oneOf(["a", "b"])], controller: echo),
        Route("/files/*path", name: "files", isPublic: true, controller: echo),
        Route("/café", name: "cafe", isPublic: true, controller: echo),
        Route("/compose", name: "compose", isPublic: true, schemes: ["mailapp"], controller: echo),
        Route("/team/:name", name: "team", isPublic: true, hosts: ["*.teams.example.com"], controller: echo),
        Route("/admin/secrets", name: "secrets", isPublic: false, controller: echo),
    ]

    static func router(caseSensitive: Bool = true) throws -> Router {
        var configuration = configuration
        configuration.caseSensitive = caseSensitive
        return try Router(routes: routes, configuration: configuration)
    }
}

/// What `Router.appSiteAssociation(appIDs:host:)` writes: which routes, in which patterns.
struct AppSiteAssociationGenerationTests {
    static let appIDs = ["ABCDE12345.com.example.mail"]

    struct Case: Sendable, CustomTestStringConvertible {
        let host: String
        let paths: [String]
        var testDescription: String { host }
    }

    static let cases = [
        Case(
            host: "mail.example.com",
            paths: [
                "/", "/inbox", "/messages/?*", "/photos", "/photos/?*", "/search",
                "/labels", "/files/?*", "/café",
            ]),
        // The team route joins for its subdomains; the scheme-only compose route never does.
        Case(
            host: "acme.teams.example.com",
            paths: [
                "/", "/inbox", "/messages/?*", "/photos", "/photos/?*", "/search",
                "/labels", "/files/?*", "/café", "/team/?*",
            ]),
        // Hosts the router does not serve, and entries that are not one host, get no components.
        Case(host: "example.com", paths: []),
        Case(host: "evil.org", paths: []),
        Case(host: "*.teams.example.com", paths: []),
        Case(host: "mail.example.com:443", paths: []),
    ]

    @Test("Public routes reaching the host, one component per expansion", arguments: cases)
    func components(_ test: Case) throws {
        let file = try AppSiteFixture.router().appSiteAssociation(appIDs: Self.appIDs, host: test.host)
        #expect(file.host == test.host)
        #expect(file.applinks.details.map(\.appIDs) == [Self.appIDs])
        #expect(file.applinks.details.first?.components.map { $0.path ?? "*" } == test.paths)
    }

    @Test("Query conditions, comments, decoded literals")
    func componentDetails() throws {
        let file = try AppSiteFixture.router().appSiteAssociation(
            appIDs: Self.appIDs, host: "mail.example.com")
        let components = try #require(file.applinks.details.first?.components)
        let byPath = Dictionary(
            components.map { ($0.path ?? "*", $0) }, uniquingKeysWith: { first, _ in first })
        #expect(byPath["/search"]?.query == .items(["q": "*"]))
        #expect(byPath["/labels"]?.query == .items(["tab": "?*"]), "oneOf refuses the empty value")
        #expect(byPath["/inbox"]?.query == nil)
        #expect(byPath["/messages/?*"]?.comment == "message: /messages/:id(int)")
        #expect(byPath["/café"]?.percentEncoded == false, "the router compares decoded text")
        #expect(byPath["/inbox"]?.percentEncoded == nil)
        #expect(components.allSatisfy { $0.caseSensitive == nil && $0.exclude == nil && $0.fragment == nil })
    }

    @Test("A router that ignores case writes caseSensitive false")
    func caseInsensitive() throws {
        let file = try AppSiteFixture.router(caseSensitive: false).appSiteAssociation(
            appIDs: Self.appIDs, host: "mail.example.com")
        let components = try #require(file.applinks.details.first?.components)
        // Shared by every component, so written once, in the entry's defaults.
        #expect(file.applinks.details[0].defaults == AppSiteAssociation.Defaults(caseSensitive: false))
        #expect(!components.isEmpty && components.allSatisfy { $0.caseSensitive == nil })
        #expect(file.matches("https://mail.example.com/INBOX"))
        #expect(
            try #require(AppleDocumentedMatcher(json: file.jsonData())).opens(
                "https://mail.example.com/INBOX"))
    }

    @Test("Routes of one shape told apart by scope give one component naming both")
    func sameShapeOnce() throws {
        let router = try Router(
            routes: [
                Route("/me", name: "me", isPublic: true, hosts: ["mail.example.com"], controller: echo),
                Route("/me", name: "anywhere", isPublic: true, controller: echo),
            ],
            configuration: .init(hosts: ["mail.example.com"]))
        let components = router.appSiteAssociation(appIDs: Self.appIDs, host: "mail.example.com").applinks
            .details[0]
            .components
        #expect(components.map(\.path) == ["/me"], "a trailing slash needs no component: iOS ignores it")
        #expect(components.first?.comment == "me: /me; anywhere: /me")
    }

    @Test("A pattern rewrite to a public route is covered; one to a private route is not published")
    func rewrites() throws {
        let router = try Router(
            rewrites: [
                Rewrite("/msg/:id(int)", to: "/messages/:id"),
                Rewrite("/zq-old-admin", to: "/admin"),
                Rewrite("closure") { $0 == "/m" ? "/messages/1" : nil },
            ],
            routes: [
                Route("/messages/:id", name: "message", isPublic: true, controller: echo),
                Route("/admin", isPublic: false, controller: echo),
            ],
            configuration: .init(hosts: ["mail.example.com"]))
        let file = router.appSiteAssociation(appIDs: Self.appIDs, host: "mail.example.com")
        let components = file.applinks.details[0].components
        #expect(components.map(\.path) == ["/messages/?*", "/msg/?*"])
        #expect(components.last?.comment == "rewrite /msg/:id(int) -> /messages/:id")
        #expect(file.matches("https://mail.example.com/msg/7"))
        #expect(!String(decoding: file.jsonData(), as: UTF8.self).contains("zq"))
    }

    @Test("The bytes are stable: sorted keys, pretty printed, slashes unescaped")
    func stableBytes() throws {
        let router = try Router(
            routes: [
                Route("/messages/:id", name: "message", isPublic: true, controller: echo),
                Route("/search", isPublic: true, query: ["q": .any], controller: echo),
            ],
            configuration: .init(hosts: ["mail.example.com"]))
        let file = router.appSiteAssociation(appIDs: ["T.a", "T.b"], host: "mail.example.com")
        let expected = """
            {
              "applinks" : {
                "details" : [
                  {
                    "appIDs" : [
                      "T.a",
                      "T.b"
                    ],
                    "components" : [
                      {
                        "/" : "/messages/?*",
                        "comment" : "message: /messages/:id"
                      },
                      {
                        "/" : "/search",
                        "?" : {
                          "q" : "*"
                        },
                        "comment" : "/search"
                      }
                    ]
                  }
                ]
              }
            }

            """
        #expect(String(decoding: file.jsonData(), as: UTF8.self) == expected)
        #expect(file.jsonData() == file.jsonData())
        // The file decodes to an equal value, without its host.
        let decoded = try JSONDecoder().decode(AppSiteAssociation.self, from: file.jsonData())
        #expect(decoded == file)
        #expect(decoded.host == nil)
    }

    @Test("Private routes never appear, not even as exclusions")
    func privateRoutesNeverPublished() throws {
        let router = try Router(
            routes: [
                Route("/users/:id", isPublic: true, controller: echo),
                Route("/users/zq-admin-panel", name: "zqAdmin", isPublic: false, controller: echo),
                Route("/zq-internal/reports", isPublic: false, hosts: ["mail.example.com"], controller: echo),
                Route("/files/*path", isPublic: true, controller: echo),
                Route("/files/zq-vault/:key", name: "zqVault", isPublic: false, controller: echo),
            ],
            configuration: .init(hosts: ["mail.example.com"]))
        let json = router.appSiteAssociation(appIDs: Self.appIDs, host: "mail.example.com").jsonData()
        let strings = AppleDocumentedMatcher.strings(in: json)
        #expect(!strings.isEmpty)
        #expect(strings.allSatisfy { !$0.contains("zq") }, "\(strings)")
        #expect(!String(decoding: json, as: UTF8.self).contains("exclude"))
    }
}

/// `oneOf` path parameters become substitution variables: the file opens exactly the values the
/// router answers, where a pattern alone (`?*`) would open any word.
@Suite("AASA generator: oneOf parameters as substitution variables")
struct AppSiteVariableGenerationTests {
    static func router(caseSensitive: Bool = true) throws -> Router {
        try Router(
            routes: [
                Route(
                    "/feeds/:kind(feedKind)", name: "feed", isPublic: true,
                    constraints: ["feedKind": .oneOf(["news", "mail"])], controller: echo),
                Route(
                    "/boards/:kind", isPublic: true, constraints: ["kind": .oneOf(["café", "bar"])],
                    controller: echo),
                Route("/other/:kind", isPublic: true, controller: echo),
            ],
            configuration: .init(hosts: ["mail.example.com"], caseSensitive: caseSensitive))
    }

    @Test("each route's oneOf parameter is a variable of its own, named after route and parameter")
    func variables() throws {
        let file = try Self.router().appSiteAssociation(appIDs: ["T.a"], host: "mail.example.com")
        #expect(
            file.applinks.substitutionVariables == [
                "feed_kind": ["mail", "news"], "route2_kind": ["bar", "café"],
            ])
        #expect(
            file.applinks.details[0].components.map(\.path) == [
                "/feeds/$(feed_kind)", "/boards/$(route2_kind)", "/other/?*",
            ])
        #expect(file.applinks.details[0].components[1].percentEncoded == false, "café is compared decoded")
    }

    static let links: [(url: String, opens: Bool)] = [
        ("https://mail.example.com/feeds/news", true),
        ("https://mail.example.com/feeds/mail", true),
        ("https://mail.example.com/feeds/sports", false),
        ("https://mail.example.com/boards/caf%C3%A9", true),
        ("https://mail.example.com/boards/pub", false),
        ("https://mail.example.com/other/anything", true),
    ]

    @Test("the file opens what the router answers, and not the rest", arguments: links)
    func opens(url: String, opens: Bool) throws {
        let router = try Self.router()
        let file = router.appSiteAssociation(appIDs: ["T.a"], host: "mail.example.com")
        #expect(file.matches(url, appID: "T.a") == opens)
        #expect((router.match(url, source: .external(sourceApplication: nil)) != nil) == opens)
        let deployed = try AppSiteAssociation(json: file.jsonData())
        #expect(deployed.matches(url, appID: "T.a") == opens, "the same read back from its bytes")
    }

    @Test("coverage holds for a file with variables")
    func coverage() throws {
        let router = try Self.router()
        let file = router.appSiteAssociation(appIDs: ["T.a"], host: "mail.example.com")
        let coverage = router.coverage(of: file, host: "mail.example.com")
        #expect(coverage.count == 3 && coverage.allSatisfy { $0.isCovered })
    }
}
