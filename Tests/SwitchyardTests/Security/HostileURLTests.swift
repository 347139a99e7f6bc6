import Testing

@testable import Switchyard

/// Issue 6, item 1: hostile URLs, each with its expected safe outcome, sent through the real
/// pipeline both from outside and from inside the app.
struct HostileURLTests {
    /// A hostile URL and what the pipeline must answer.
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        /// The status for an external caller.
        let external: Status
        /// The status for an in-app caller, and the route it reaches (nil: none).
        let app: Status
        let appRoute: String?

        var testDescription: String {
            url.utf8.count > 80
                ? "\(url.prefix(40).debugDescription)… (\(url.utf8.count) bytes)" : url.debugDescription
        }

        /// Refused the same way whoever sends it.
        static func refused(_ url: String, _ status: Status) -> Case {
            Case(url: url, external: status, app: status, appRoute: nil)
        }

        /// A private route's spelling: in-app it reaches `route`, from outside it is not found.
        static func privateRoute(_ url: String, _ route: String) -> Case {
            Case(url: url, external: .notFound, app: .ok, appRoute: route)
        }

        /// A public route, reachable by everyone.
        static func reaches(_ url: String, _ route: String) -> Case {
            Case(url: url, external: .ok, app: .ok, appRoute: route)
        }
    }

    static func makeRouter(log: SecurityLog) throws -> Router {
        let logged: (String, Bool) -> Route = { pattern, isPublic in
            Route(
                pattern, isPublic: isPublic,
                middlewares: [
                    Middleware("log") {
                        await log.record("middleware \(pattern)"); return $0
                    }
                ],
                policies: [
                    Policy("log") { _ in
                        await log.record("policy \(pattern)"); return .verified
                    }
                ]
            ) { request in
                await log.record("controller \(pattern) \(request.source)")
                return Response(request: request, data: ["pattern": pattern])
            }
        }
        return try Router(
            routes: [
                logged("/", true), logged("/messages", true), logged("/messages/:id(int)", true),
                logged("/search/:term", true), logged("/files/*path", true), logged("/café", true),
                logged("/admin", false), logged("/admin/:panel", false), logged("/drafts/:id", false),
            ],
            configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com", "host.example.com"]))
    }

    static let oversizeURL = "/search/" + String(repeating: "a", count: 8192)
    static let tooManySegments = String(repeating: "/a", count: 65)
    static let tooManyQueryItems = "/messages?" + (0..<257).map { "k\($0)=v" }.joined(separator: "&")

    static let cases: [Case] = [
        // Spellings of the private route /admin.
        .refused("/Admin", .notFound), .privateRoute("/%61dmin", "/admin"),
        .privateRoute("/admin/", "/admin"),
        .refused("//admin", .badRequest), .refused("/x/../admin", .badRequest),
        .refused("/%2e%2e/admin", .badRequest), .refused("/%2E/admin", .badRequest),
        .refused("/admin;x", .notFound), .refused("/admin%0a", .badRequest),
        .refused("/%EF%BB%BFadmin", .badRequest), .privateRoute("mailapp://admin", "/admin"),
        .privateRoute("MAILAPP:///admin/", "/admin"),
        .privateRoute("https://mail.example.com/admin", "/admin"),
        .privateRoute("/admin/%2e%2e%2f", "/admin/:panel"), .privateRoute("/admin?as=root#x", "/admin"),
        // Invalid UTF-8, malformed escapes, NUL, invisible and bidirectional characters.
        .refused("/search/%C0%AF", .badRequest), .refused("/search/%FF", .badRequest),
        .refused("/search/%zz", .badRequest), .refused("/search/%", .badRequest),
        .refused("/search/%C3", .badRequest), .refused("/search/a\u{0}b", .badRequest),
        .refused("/search/%00", .badRequest), .refused("/search/\u{202E}fdp.exe", .badRequest),
        .refused("/search/%E2%80%AE", .badRequest), .refused("/search/a\u{200B}b", .badRequest),
        .refused("/search/%E2%80%8B", .badRequest), .refused("/search/x%0d%0aSet-Cookie:1", .badRequest),
        .refused("/messages?x=%00", .badRequest), .refused("/messages#%zz", .badRequest),
        // Encoded separators are data, decoded exactly once.
        .reaches("/search/a%2Fb", "/search/:term"), .reaches("/search/%252F", "/search/:term"),
        .reaches("/files/a%2F..%2Fadmin", "/files/*path"),
        // NFC and NFD are different paths: only the NFC spelling is the literal route.
        .reaches("/caf%C3%A9", "/café"), .reaches("/café", "/café"), .refused("/cafe%CC%81", .notFound),
        .refused("/cafe\u{301}", .notFound),
        // Schemes.
        .reaches("MailApp://messages", "/messages"), .refused("otherapp://messages", .notFound),
        .refused("javascript:alert(1)", .badRequest), .refused("javascript://admin", .notFound),
        .refused("JavaScript://%0aalert(1)", .badRequest), .refused("data:text/html,<script>", .badRequest),
        .refused("data://admin", .notFound), .refused("file:///etc/passwd", .notFound),
        .refused("mailapp:admin", .badRequest), .refused("ftp://mail.example.com/admin", .notFound),
        // User-info and ports.
        .refused("mailapp://user@admin", .badRequest), .refused("mailapp://admin:80", .badRequest),
        .refused("https://user:pw@mail.example.com/messages", .badRequest),
        .refused("https://mail.example.com@evil.example/messages", .badRequest),
        .reaches("https://mail.example.com:443/messages", "/messages"),
        .refused("https://mail.example.com:99999/messages", .badRequest),
        .refused("https://mail.example.com:/messages", .badRequest),
        // Hosts are read as browsers read them: ASCII case folds, and a compatibility spelling
        // (`ſ`, fullwidth) or an escape is the host itself, where the browser goes too. Another
        // letter (Cyrillic `о`) is another host, and a host no browser accepts is a 400.
        .reaches("https://HOST.example.com/messages", "/messages"),
        .reaches("https://ho\u{17F}t.example.com/messages", "/messages"),
        .reaches("https://ｈｏｓｔ.example.com/messages", "/messages"),
        .refused("https://host.example.com./messages", .notFound),
        .reaches("https://host%2Eexample.com/messages", "/messages"),
        .refused("https://h\u{43E}st.example.com/messages", .notFound),
        .refused("https://host.example.com%2F.evil.example/messages", .badRequest),
        .refused("https://[host.example.com]/messages", .badRequest),
        .refused("https://host.example.com\u{3000}/messages", .badRequest),
        .refused("https://mail.examp1e.com/messages", .notFound),
        .refused("https://mail.example.com.evil.example/messages", .notFound),
        .refused("https://evil.example/mail.example.com/messages", .notFound),
        .refused("https:///messages", .badRequest),
        // Limits: 414 before any other check, even when the URL is also malformed or foreign.
        .refused(oversizeURL, .uriTooLong), .refused("javascript:" + oversizeURL, .uriTooLong),
        .refused(tooManySegments, .uriTooLong), .refused(tooManySegments + "/%zz", .uriTooLong),
        .refused("otherapp://" + tooManySegments, .uriTooLong), .refused(tooManyQueryItems, .uriTooLong),
        .refused(tooManyQueryItems + "&%zz", .uriTooLong),
        // Not URLs at all.
        .refused("", .badRequest), .refused("admin", .badRequest), .refused("?admin", .badRequest),
        .refused(" /admin", .badRequest), .refused("\\admin", .badRequest),
    ]

    @Test(
        "An external caller gets the safe outcome, and no private stage runs", arguments: cases, probeSources)
    func external(_ row: Case, sourceApplication: String?) async throws {
        let log = SecurityLog()
        let router = try Self.makeRouter(log: log)
        let response = await Connection.send(
            fromPublicURL: row.url, sourceApplication: sourceApplication, router: router)
        #expect(response.status == row.external)
        #expect(response.request.route?.isPublic ?? true)
        #expect(response.request.isExternal)
        #expect(response.error == nil, "error details must not reach an external caller")
        if row.external != .ok {
            #expect(response.request.route == nil)
            #expect(response.request.params.isEmpty)
            #expect(await log.entries.isEmpty)
            #expect(router.match(row.url, source: .external(sourceApplication: sourceApplication)) == nil)
        }
    }

    @Test("An in-app caller gets the same refusals, and private spellings reach the route", arguments: cases)
    func app(_ row: Case) async throws {
        let log = SecurityLog()
        let router = try Self.makeRouter(log: log)
        let response = await Connection.send(row.url, router: router)
        #expect(response.status == row.app)
        #expect(response.request.route?.pattern == row.appRoute)
        #expect(router.match(row.url)?.route.pattern == row.appRoute)
        if row.app == .badRequest || row.app == .uriTooLong {
            #expect(response.error?.status == row.app, "in-app callers get the reason")
        }
        #expect(await log.entries.count == (row.appRoute == nil ? 0 : 3))
    }

    /// A router that accepts any scheme (an empty set) still never routes a URL whose scheme runs
    /// code or reaches local data, and never hands it to the `notFound` controller (a web-view
    /// fallback would run it). Listing one in the configuration is refused at init.
    @Test(
        "Schemes that run code or reach local data are not found, and cannot be configured",
        arguments: ["javascript", "JavaScript", "data", "file", "about", "blob", "vbscript"])
    func refusedScheme(_ scheme: String) async throws {
        let fallbackRan = SecurityLog()
        let router = try Router(
            routes: [Route("/messages", isPublic: true, controller: echo)],
            configuration: .init(notFound: { request in
                await fallbackRan.record("notFound")
                return Response(request: request, status: .notFound)
            }))
        for url in ["\(scheme)://messages", "\(scheme):///messages"] {
            let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
            #expect(response.status == .notFound, "\(url)")
            #expect(router.match(url) == nil)
        }
        #expect(await fallbackRan.entries.isEmpty, "the notFound controller never sees such a URL")
        #expect(router.match("mailapp://messages") != nil, "the app's own scheme still works")
        let error = Routing.tableError(
            [Route("/messages", isPublic: true, controller: echo)],
            configuration: .init(schemes: ["mailapp", scheme.lowercased()]))
        #expect(error?.pattern == "configuration.schemes")
        #expect(error?.reason.contains("never names an app") == true)
    }

    @Test(
        "Encoded separators and escapes are decoded exactly once",
        arguments: [
            ("/search/a%2Fb", "a/b"), ("/search/%252F", "%2F"), ("/search/%25", "%"),
            ("/search/caf%C3%A9", "café"), ("/search/cafe%CC%81", "cafe\u{301}"), ("/search/a+b", "a+b"),
        ])
    func decodedOnce(_ url: String, value: String) async throws {
        let router = try Self.makeRouter(log: SecurityLog())
        let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(response.status == .ok)
        // Bytes, not `String ==`: that compares by canonical equivalence, so it would call an
        // NFD value normalized to NFC (or back) equal.
        #expect(response.request.params["term"].map { Array($0.utf8) } == Array(value.utf8))
        #expect(response.request.params.count == 1, "an encoded '/' never splits a segment")
    }
}
