import Testing

@testable import Switchyard

/// `Request.scheme` (lowercased) and `Request.host` (lowercased, mapped as browsers map hosts,
/// without a port): `nil` for a bare path, for a custom scheme's first segment and for a refused URL.
struct RequestLinkPartsTests {
    static let router = Result {
        try Router(
            rewrites: [Rewrite("/old/:x", to: "/a/:x")],
            routes: [
                Route("/a/*rest", isPublic: true, controller: echo),
                Route("/messages/:id", isPublic: true, controller: echo),
                Route("/projects/:creator/:project", isPublic: true, controller: echo),
            ],
            configuration: .init(
                schemes: ["mailapp", "ksr"],
                hosts: ["mail.example.com", "xn--bcher-kva.example", "example.com", "www.kickstarter.com"],
                hostSchemes: ["ksr"]))
    }

    @Test(
        "scheme and host of a routed link, the same from every source",
        arguments: [
            ("/a/1", nil, nil), ("mailapp://messages/7", "mailapp", nil),
            ("MailApp://messages/7", "mailapp", nil),
            ("HTTPS://Mail.Example.COM:443/a/1", "https", "mail.example.com"),
            ("https://mail.example.com:8443/a/1", "https", "mail.example.com"),
            ("http://MAIL.example.com/a/1", "http", "mail.example.com"),
            ("https://bücher.example/a/1", "https", "xn--bcher-kva.example"),
            ("https://BÜCHER.example/a/1", "https", "xn--bcher-kva.example"),
            ("https://ex%41mple.com/a/1", "https", "example.com"),
            ("https://mail.example.com/old/1", "https", "mail.example.com"),
            ("KSR://WWW.Kickstarter.com:99/projects/c/p", "ksr", "www.kickstarter.com"),
        ] as [(String, String?, String?)])
    func routed(_ url: String, _ scheme: String?, _ host: String?) async throws {
        let router = try Self.router.get()
        let responses = [
            await Connection.send(url, router: router),
            await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router),
            await Connection.send(contentLink: url, router: router),
        ]
        for response in responses {
            #expect(response.status == .ok, "\(url) from \(response.request.source)")
            #expect(response.request.scheme == scheme)
            #expect(response.request.host == host)
        }
    }

    @Test(
        "A link the parser refuses has neither",
        arguments: [
            "/a//b", "https://mail.example.com/a//b", "javascript:alert(1)", "https://mail.example.com/a b",
            "mailapp://user@messages/7", "//mail.example.com/a/1", "a/1",
        ])
    func refused(_ url: String) async throws {
        let router = try Self.router.get()
        let response = await Connection.send(url, router: router)
        #expect(response.status != .ok)
        #expect(response.request.route == nil)
        #expect(response.request.scheme == nil, "\(url)")
        #expect(response.request.host == nil)
    }

    @Test(
        "A link to a host or scheme not served keeps its scheme and host for the notFound controller",
        arguments: [
            ("https://Other.org/a/1", "https", "other.org"), ("other://messages/7", "other", nil),
            ("ksr://other.org/projects/c/p", "ksr", "other.org"),
        ] as [(String, String?, String?)])
    func unserved(_ url: String, _ scheme: String?, _ host: String?) async throws {
        let router = try Self.router.get()
        let response = await Connection.send(url, router: router)
        #expect(response.status == .notFound)
        #expect(response.request.scheme == scheme)
        #expect(response.request.host == host)
    }
}
