import Testing

@testable import Switchyard

/// `Request.fragment`, and the parser rules found by differential testing against browsers.
struct FragmentAndParsingTests {
    static let router = Result {
        try Router(
            routes: [Route("/a/:x", isPublic: true, controller: echo)],
            configuration: .init(schemes: ["app"], hosts: ["example.com"]))
    }

    @Test(
        "The fragment is decoded once and never matched",
        arguments: [
            ("/a/1#reply-3", "reply-3"), ("/a/1#", ""), ("/a/1", nil), ("app://a/1#caf%C3%A9", "café"),
            ("https://example.com/a/1?q=1#%2541", "%41"), ("/a/1#x#y", "x#y"), ("/a/1#a\\b", "a\\b"),
        ] as [(String, String?)])
    func fragment(_ url: String, _ expected: String?) async throws {
        let response = await Connection.send(url, router: try Self.router.get())
        #expect(response.status == .ok)
        #expect(response.request.fragment == expected)
        #expect(response.request.params["x"] == "1")
    }

    @Test(
        "A fragment that does not decode makes the URL a 400",
        arguments: ["/a/1#%zz", "/a/1#%C3", "/a/1#%"])
    func badFragment(_ url: String) async throws {
        let response = await Connection.send(url, router: try Self.router.get())
        #expect(response.status == .badRequest)
    }

    /// `https://host/a\..\admin` was routed as one segment while a browser shows `/admin`.
    @Test(
        "Regression (browser differential): a raw backslash in an http(s) URL and a raw space anywhere are 400",
        arguments: [
            ("https://example.com/a\\..\\admin", true), ("https://example.com/a/1?q=\\", true),
            ("https://example.com\\evil.org/a/1", true), ("https://example.com/a/1 ", true),
            ("/a/1 ", true), ("/a/ 1", true), ("app://a/1?q= x", true), ("/a/1#top x", true),
            ("app://a/b\\c", false), ("/a/b\\c", false), ("https://example.com/a/1#\\", false),
        ])
    func backslashAndSpace(_ url: String, _ refused: Bool) async throws {
        let router = try Self.router.get()
        let response = await Connection.send(url, router: router)
        #expect((response.status == .badRequest) == refused, "\(url): \(response.status)")
        if refused { #expect(router.match(url) == nil) }
    }
}
