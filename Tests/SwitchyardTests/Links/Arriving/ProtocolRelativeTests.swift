import Testing

@testable import Switchyard

/// `Configuration.protocolRelativeScheme`: `//en.wikipedia.org/wiki/Dog`, as web pages write
/// links, is a 400 by default; with a scheme it is read as `https://en.wikipedia.org/wiki/Dog`
/// in-app and from content, never from outside (the OS never delivers one).
struct ProtocolRelativeTests {
    /// The notFound controller's mark, so a test can tell it from a plain 404.
    static let fallback: Controller = { request in
        Response(request: request, status: .notFound, data: ["fallback": request.url])
    }

    static func router(scheme: String?) throws -> Router {
        try Router(
            routes: [
                Route(
                    "/wiki/:title", name: "article", isPublic: true, hosts: ["en.wikipedia.org"],
                    controller: echo),
                Route(
                    "/messages/:id", name: "message", isPublic: true, schemes: ["mailapp"], controller: echo),
                Route("/old/:title", name: "old", isPublic: true, hosts: ["en.wikipedia.org"]) { request in
                    Response.redirect(request, to: "/wiki/" + (request.params["title"] ?? ""))
                },
            ],
            configuration: .init(
                schemes: ["mailapp"], hosts: ["en.wikipedia.org"], notFound: fallback,
                protocolRelativeScheme: scheme))
    }

    static let links = [
        "//en.wikipedia.org/wiki/Dog", "//en.wikipedia.org", "//EN.wikipedia.org:443/wiki/Dog?x=1#top",
        "//unknown.org/wiki/Dog",
    ]

    @Test("nil (the default): a protocol-relative link is a 400 from every source", arguments: links)
    func refusedByDefault(_ url: String) async throws {
        let router = try Self.router(scheme: nil)
        let responses = [
            await Connection.send(url, router: router),
            await Connection.send(contentLink: url, router: router),
            await Connection.send(
                fromPublicURL: url, sourceApplication: "com.apple.mobilesafari", router: router),
        ]
        for response in responses {
            #expect(response.status == .badRequest, "\(url) from \(response.request.source)")
            #expect(response.request.route == nil)
        }
        for source in [Source.app, .content, .external(sourceApplication: nil)] {
            #expect(router.match(url, source: source) == nil)
            #expect(router.candidates(url, source: source).isEmpty)
        }
    }

    @Test(
        "https: sent in-app or as content, the link is routed as https; request.url is the absolute URL",
        arguments: [
            ("//en.wikipedia.org/wiki/Dog", "https://en.wikipedia.org/wiki/Dog", "Dog"),
            (
                "//EN.Wikipedia.org:443/wiki/Dog?x=1#top", "https://EN.Wikipedia.org:443/wiki/Dog?x=1#top",
                "Dog"
            ),
            ("//en.wikipedia.org/wiki/Caf%C3%A9/", "https://en.wikipedia.org/wiki/Caf%C3%A9/", "Café"),
        ])
    func readAsHTTPS(_ url: String, _ absolute: String, _ title: String) async throws {
        let router = try Self.router(scheme: "https")
        let responses = [
            await Connection.send(url, router: router),
            await Connection.send(contentLink: url, router: router),
        ]
        for response in responses {
            #expect(response.status == .ok, "\(url) from \(response.request.source)")
            #expect(response.request.route?.name == "article")
            #expect(response.request.params["title"] == title)
            #expect(response.request.url == absolute)
            #expect(response.request.scheme == "https")
            #expect(response.request.host == "en.wikipedia.org")
        }
        for source in [Source.app, .content] {
            #expect(router.match(url, source: source)?.route.name == "article", "\(source)")
            #expect(router.stack(for: url, source: source).map(\.route.name) == ["article"])
        }
    }

    /// `Router.candidates` and `Router.explain` prepared the link as given, without
    /// `CompiledRouter.absolute`, so they refused what `match` and `send` route.
    @Test(
        "Regression (candidates and explain ignored protocolRelativeScheme): they agree with match",
        arguments: [Source.app, .content],
        ["//en.wikipedia.org/wiki/Dog", "//EN.wikipedia.org:443/wiki/Dog?x=1"])
    func candidatesAndExplain(_ source: Source, _ url: String) throws {
        let router = try Self.router(scheme: "https")
        #expect(router.match(url, source: source)?.route.name == "article")
        #expect(router.candidates(url, source: source).map(\.route.name) == ["article"], "\(source)")
        let trace = router.explain(url, source: source)
        #expect(trace.contains("route /wiki/:title (article) found"), "\(trace)")
        #expect(!trace.contains("refused"))
    }

    @Test("https: from outside a protocol-relative link stays a 400", arguments: links)
    func refusedFromOutside(_ url: String) async throws {
        let router = try Self.router(scheme: "https")
        let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(response.status == .badRequest)
        #expect(response.request.route == nil)
        #expect(response.request.host == nil)
        #expect(router.match(url, source: .external(sourceApplication: "com.apple.mobilesafari")) == nil)
        #expect(router.candidates(url, source: .external(sourceApplication: nil)).isEmpty)
    }

    @Test("https: a host the router does not serve goes to the notFound controller with the absolute URL")
    func unservedHost() async throws {
        let router = try Self.router(scheme: "https")
        for response in [
            await Connection.send("//unknown.org/wiki/Dog", router: router),
            await Connection.send(contentLink: "//unknown.org/wiki/Dog", router: router),
        ] {
            #expect(response.status == .notFound)
            #expect(response.data["fallback"] as? String == "https://unknown.org/wiki/Dog")
            #expect(response.request.route == nil)
        }
        #expect(router.match("//unknown.org/wiki/Dog") == nil)
    }

    @Test("A redirect to a bare path from a protocol-relative link keeps its scheme and host")
    func redirectKeepsTheAbsoluteURL() async throws {
        let router = try Self.router(scheme: "https")
        let response = await Connection.send("//en.wikipedia.org/old/Dog", router: router)
        #expect(response.status == .ok)
        #expect(response.request.route?.name == "article")
        #expect(response.request.url == "https://en.wikipedia.org/wiki/Dog")
    }

    @Test("A custom protocolRelativeScheme is put before the link the same way", arguments: [false, true])
    func customScheme(_ asContent: Bool) async throws {
        let router = try Self.router(scheme: "mailapp")
        let response =
            asContent
            ? await Connection.send(contentLink: "//messages/7", router: router)
            : await Connection.send("//messages/7", router: router)
        #expect(response.request.route?.name == "message")
        #expect(response.request.url == "mailapp://messages/7")
        #expect(response.request.scheme == "mailapp")
        #expect(response.request.host == nil)
        #expect(response.request.path == "/messages/7")
        // Read as mailapp://en.wikipedia.org/wiki/Dog, whose first segment is the host's text.
        #expect(router.match("//en.wikipedia.org/wiki/Dog") == nil)
    }

    @Test(
        "Only a leading '//' is protocol-relative: bare paths and absolute URLs are read as before",
        arguments: [
            ("/wiki/Dog", "article"), ("https://en.wikipedia.org/wiki/Dog", "article"), ("/wiki//Dog", nil),
        ]
            as [(String, String?)])
    func otherLinksUnchanged(_ url: String, _ expected: String?) async throws {
        let router = try Self.router(scheme: "https")
        let response = await Connection.send(url, router: router)
        #expect(response.request.route?.name == expected)
        #expect(response.request.url == url)
        if expected == nil { #expect(response.status == .badRequest) }
    }
}
