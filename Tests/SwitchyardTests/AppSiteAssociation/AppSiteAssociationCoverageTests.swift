import Foundation
import Testing

@testable import Switchyard

/// Every public route reaching the host is covered: the links the router routes to it are links
/// the file opens in the app, by `matches` and by the independent reading of the JSON.
struct AppSiteAssociationCoverageTests {
    static let hosts = ["mail.example.com", "acme.teams.example.com"]

    @Test("The generated file covers every public route reaching the host", arguments: hosts)
    func generatedFileCoversEveryRoute(host: String) throws {
        let router = try AppSiteFixture.router()
        let file = router.appSiteAssociation(appIDs: ["T.app"], host: host)
        let independent = try #require(AppleDocumentedMatcher(json: file.jsonData()))
        let coverage = router.coverage(of: file, host: host)
        #expect(coverage.count == (host == "mail.example.com" ? 8 : 9))
        for entry in coverage {
            let link = try #require(entry.link, "no link for \(entry.route.pattern)")
            #expect(entry.isCovered, "\(link)")
            #expect(independent.opens(link), "\(link)")
            let routed = router.candidates(link, source: .external(sourceApplication: nil))
            #expect(routed.contains { $0.route.pattern == entry.route.pattern }, "\(link)")
        }
    }

    /// Links a browser would write, for each route, beyond the one `coverage` picks.
    @Test(
        "Browser-written links to each route open in the app",
        arguments: [
            "https://mail.example.com", "https://mail.example.com/", "https://mail.example.com/inbox",
            "https://mail.example.com/inbox/", "https://mail.example.com/messages/42",
            "https://mail.example.com/messages/42/", "https://mail.example.com/photos",
            "https://mail.example.com/photos/9", "https://mail.example.com/search?q=",
            "https://mail.example.com/search?page=2&q=budget%20q1", "https://mail.example.com/labels?tab=b",
            "https://mail.example.com/files/a/b/c.txt", "https://mail.example.com/caf%C3%A9",
            "https://mail.example.com/caf%c3%a9/", "https://mail.example.com/inbox#latest",
        ])
    func browserLinks(url: String) throws {
        let router = try AppSiteFixture.router()
        #expect(router.match(url, source: .external(sourceApplication: nil)) != nil, "the router routes it")
        let file = router.appSiteAssociation(appIDs: ["T.app"], host: "mail.example.com")
        #expect(file.matches(url))
        #expect(try #require(AppleDocumentedMatcher(json: file.jsonData())).opens(url))
    }

    @Test("A deployed file missing a route: coverage names the route and the link")
    func deployedFileMissingARoute() throws {
        let router = try AppSiteFixture.router()
        var deployed = router.appSiteAssociation(appIDs: ["T.app"], host: "mail.example.com")
        deployed.applinks.details[0].components.removeAll { $0.path == "/messages/?*" }
        let missing = router.coverage(of: deployed, host: "mail.example.com").filter { !$0.isCovered }
        #expect(missing.map(\.route.name) == ["message"])
        #expect(missing.first?.link == "https://mail.example.com/messages/1")
    }

    @Test("A route no sample value reaches has no link and counts as not covered")
    func routeWithoutSample() throws {
        let router = try Router(
            routes: [
                Route(
                    "/codes/:code", isPublic: true,
                    constraints: ["code": .custom("sixDigits") { $0.count == 6 }],
                    controller: echo)
            ],
            configuration: .init(hosts: ["mail.example.com"]))
        let file = router.appSiteAssociation(appIDs: ["T.app"], host: "mail.example.com")
        let coverage = router.coverage(of: file, host: "mail.example.com")
        #expect(coverage.map(\.link) == [nil])
        #expect(coverage.map(\.isCovered) == [false])
        #expect(file.matches("https://mail.example.com/codes/123456"), "the file still covers the route")
    }

    @Test("explain says what iOS would do with the link")
    func explainVerdict() throws {
        let router = try AppSiteFixture.router()
        let file = router.appSiteAssociation(appIDs: ["T.app"], host: "mail.example.com")
        let opened = router.explain("https://mail.example.com/messages/7", appSiteAssociation: file)
        // The component's number depends on the generator's layout; its rule and comment do not.
        let verdict = try #require(opened.split(separator: "\n").last.map(String.init))
        #expect(
            verdict.hasPrefix("apple-app-site-association: opens: iOS opens this link in the app (component ")
        )
        #expect(verdict.hasSuffix(": /messages/?* (message: /messages/:id(int)))"))
        #expect(opened.contains("matched: /messages/:id(int) (message)"))
        let browser = router.explain("https://mail.example.com/unknown/page/x", appSiteAssociation: file)
        #expect(browser.hasSuffix("not matched: iOS keeps this link in the browser: no rule matches it"))
        let custom = router.explain("mailapp://compose", appSiteAssociation: file)
        #expect(
            custom.hasSuffix(
                "not matched: not a universal link: a mailapp: link is never a universal link, which is https"
            ))
    }

    static let openEverything = """
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.mail"], "components": [{"/": "/*"}]}]}}
        """

    /// Under a `/*` file, `explain` judged a private route as an in-app request and said the link
    /// opens in the app, while iOS sends it from outside and the app answers 404.
    @Test(
        "Bug: explain(_:appSiteAssociation:) judges the link as iOS sends it, from outside",
        arguments: [
            (
                "https://mail.example.com/admin/secrets", false,
                "but no public route answers it: the app gets 404 Not Found (only private routes take it, which a "
                    + "universal link never reaches: /admin/secrets (secrets); mark the route isPublic: true if "
                    + "links should open it)"
            ),
            (
                "https://mail.example.com/unknown/page", false,
                "but no public route answers it: the app gets 404 Not Found"
            ),
            (
                "https://mail.example.com/messages/7", true,
                "apple-app-site-association: opens: iOS opens this link in the app (component 1: /*)"
            ),
        ])
    func explainUniversalLinkFromOutside(url: String, isAnswered: Bool, lastLine: String) throws {
        let router = try AppSiteFixture.router()
        let file = try AppSiteAssociation(json: Data(Self.openEverything.utf8))
        let text = router.explain(url, appSiteAssociation: file)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "explain \(url) from \(Source.external(sourceApplication: nil))")
        #expect(lines.contains("external request: private routes are left out, as if they did not exist"))
        #expect(!text.contains("private route, in-app request"))
        #expect(text.contains("matched: ") == isAnswered)
        #expect(lines.last == lastLine)
        // The file opens every link: only the router's answer differs.
        #expect(
            lines.contains(
                "apple-app-site-association: opens: iOS opens this link in the app (component 1: /*)"))
    }

    @Test(
        "explain(_:source:appSiteAssociation:) keeps a given source; the 404 note still judges from outside")
    func explainGivenSource() throws {
        let router = try AppSiteFixture.router()
        let file = try AppSiteAssociation(json: Data(Self.openEverything.utf8))
        let inApp = router.explain(
            "https://mail.example.com/admin/secrets", source: .app, appSiteAssociation: file)
        #expect(inApp.contains("access: allowed (private route, in-app request)"))
        #expect(
            inApp.contains(
                "\nbut no public route answers it: the app gets 404 Not Found (only private routes"))
        var configuration = AppSiteFixture.configuration
        configuration.notFound = { Response(request: $0, status: .notFound) }
        let withFallback = try Router(routes: AppSiteFixture.routes, configuration: configuration)
        #expect(
            withFallback.explain("https://mail.example.com/unknown", appSiteAssociation: file).hasSuffix(
                "\nbut no public route answers it: the app gets the notFound controller"))
    }

    /// Seeded random tables of public and private routes, scoped and with query conditions: every
    /// URL to the host that reaches a public route from outside is opened by the file.
    @Test("Property: every link routed from outside is opened", arguments: Array(UInt64(1)...150))
    func property(seed: UInt64) throws {
        guard let (routes, specs) = InvisiblePrivateRoutesPropertyTests.table(seed: seed),
            let router = try? Router(
                routes: routes, configuration: InvisiblePrivateRoutesPropertyTests.configuration)
        else { return }
        var generator = TableGenerator(seed: seed &+ 31)
        let source = Source.external(sourceApplication: nil)
        for host in ["mail.example.com", "team.example.com"] {
            let file = router.appSiteAssociation(appIDs: ["T.app"], host: host)
            let independent = try #require(AppleDocumentedMatcher(json: file.jsonData()))
            for entry in router.coverage(of: file, host: host) where entry.link != nil {
                #expect(entry.isCovered, "seed \(seed): \(entry.link ?? "")")
            }
            for index in 0..<30 {
                let path =
                    "/" + generator.segments(for: specs).map(Self.browserEncoded).joined(separator: "/")
                let url = "https://\(host)\(path)" + ["", "?tab=a", "?tab=&x=1", "#f"][index % 4]
                guard !router.candidates(url, source: source).isEmpty else { continue }
                #expect(file.matches(url), "seed \(seed): \(url)")
                #expect(independent.opens(url), "seed \(seed): \(url)")
            }
        }
    }

    /// A segment as a browser writes it: Foundation's path encoding, with `/` escaped too.
    static func browserEncoded(_ segment: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove("/")
        return segment.addingPercentEncoding(withAllowedCharacters: allowed) ?? segment
    }
}
