import Testing

@testable import Switchyard

/// `Response.redirect(_:to:data:)`, `maxRedirects: 0`, and bare-path locations read against the
/// link that redirected.
struct RedirectDataTests {
    static let external = Source.external(sourceApplication: nil)

    /// What a request carried, as the controller saw it.
    static let show: Controller = { request in
        Response(
            request: request,
            data: [
                "campaign": request.data["campaign"] as? String ?? "-",
                "origin": request.data["origin"] as? String ?? "-",
                "hops": request.data["hops"] as? Int ?? 0,
            ])
    }

    static func router(maxRedirects: Int = 5) throws -> Router {
        try Router(
            routes: [
                Route("/promo/:campaign", isPublic: true) { request in
                    .redirect(
                        request, to: "/hop",
                        data: ["campaign": request.params["campaign"] ?? "", "origin": "promo", "hops": 1])
                },
                Route("/hop", isPublic: true) { request in
                    .redirect(
                        request, to: "/landing", data: ["hops": (request.data["hops"] as? Int ?? 0) + 1])
                },
                Route("/landing", isPublic: true, controller: show),
                Route("/p", isPublic: true, hosts: ["x.example.com"]) { request in
                    .redirect(request, to: "/q?k=1#top", data: ["origin": "x"])
                },
                Route("/q", name: "x-only", isPublic: true, hosts: ["x.example.com"], controller: show),
                Route("/q", name: "anywhere", isPublic: true, controller: show),
                Route("/s", isPublic: true, schemes: ["mailapp"]) { .redirect($0, to: "/q") },
                Route("/scoped-target", isPublic: false) { request in Response(request: request) },
            ],
            configuration: .init(
                schemes: ["mailapp"], hosts: ["x.example.com", "y.example.com"], maxRedirects: maxRedirects))
    }

    @Test(
        "Redirect data reaches the next request, merged over what the request carried, accumulating over hops"
    )
    func dataAccumulates() async throws {
        let router = try Self.router()
        let response = await Connection.send("/promo/spring", data: ["origin": "sender"], router: router)
        #expect(response.status == .ok)
        #expect(response.data["campaign"] as? String == "spring")
        #expect(response.data["origin"] as? String == "promo", "redirect data wins over the sender's")
        #expect(response.data["hops"] as? Int == 2, "each hop's data is merged over the previous")
        #expect(response.request.url == "/landing", "the data never travels in the URL")
    }

    @Test("External links get redirect data too, and keep their source")
    func externalRedirectData() async throws {
        let response = await Connection.send(
            fromPublicURL: "mailapp://promo/fall", sourceApplication: "com.example.web",
            router: try Self.router())
        #expect(response.data["campaign"] as? String == "fall")
        #expect(response.request.source == .external(sourceApplication: "com.example.web"))
    }

    @Test("A forged query item is not redirect data")
    func cannotBeForged() async throws {
        let response = await Connection.send(
            fromPublicURL: "/landing?campaign=forged&origin=evil", sourceApplication: nil,
            router: try Self.router())
        #expect(response.data["campaign"] as? String == "-")
        #expect(response.data["origin"] as? String == "-")
    }

    @Test("maxRedirects 0: the 303 itself is the answer, with the redirect data")
    func maxRedirectsZero() async throws {
        let router = try Self.router(maxRedirects: 0)
        let response = await Connection.send("/promo/spring", router: router)
        #expect(response.status == .seeOther)
        #expect(response.location == "/hop")
        #expect(response.data["campaign"] as? String == "spring")
        #expect(await Connection.sendAll("/promo/spring", router: router).map(\.status) == [.seeOther])
        let refused = try Router(
            routes: [Route("/js", isPublic: true) { .redirect($0, to: "javascript:alert(1)") }],
            configuration: .init(maxRedirects: 0))
        #expect(
            await Connection.send("/js", router: refused).status == .badRequest, "still never handed back")
    }

    @Test(
        "A bare-path location keeps the scheme and host of the link that redirected",
        arguments: [
            ("https://x.example.com/p", "https://x.example.com/q?k=1#top", "x-only"),
            ("https://X.example.com:8443/p", "https://X.example.com:8443/q?k=1#top", "x-only"),
            ("mailapp://s", "mailapp://q", "anywhere"),
            // In-app, a bare path reaches scoped routes too: the first registered answers.
            ("/p", "/q?k=1#top", "x-only"),
        ])
    func barePathScope(_ url: String, _ followed: String, _ reached: String) async throws {
        let router = try Self.router()
        for source in [Source.app, Self.external] {
            let response: Response =
                source == .app
                ? await Connection.send(url, router: router)
                : await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
            // From outside, a bare path reaches only unscoped routes: "/p" is scoped, so it is missing.
            if source != .app && url == "/p" {
                #expect(response.status == .notFound)
                continue
            }
            #expect(response.status == .ok, "\(url) from \(source)")
            #expect(response.request.url == followed)
            #expect(response.request.route?.name == reached)
        }
    }

    @Test(
        "Only bare paths are read against the link: other locations are as written",
        arguments: [
            ("/b", "https://x.example.com/a", "https://x.example.com/b"),
            ("//evil.example/b", "https://x.example.com/a", "//evil.example/b"),
            ("https://y.example.com/b", "https://x.example.com/a", "https://y.example.com/b"),
            ("/b", "/a", "/b"),
            ("/b", "https://unserved.example/a", "/b"),
            ("/b", "mailapp://a/b/c?q#f", "mailapp://b"),
            // Regression: the root of a link gave `mailapp:///b` and `https://x.example.com//b`.
            ("/b", "mailapp://", "mailapp://b"),
            ("/b?x#y", "https://x.example.com/", "https://x.example.com/b?x#y"),
            ("/b", "https://x.example.com?q", "https://x.example.com/b"),
            ("/b", "https://x.example.com:8443#f", "https://x.example.com:8443/b"),
            ("b", "https://x.example.com/a", "b"),
        ])
    func absoluteLocation(_ location: String, _ after: String, _ expected: String) throws {
        let served = try Self.router().storage.served
        #expect(RedirectLocation.absolute(location, after: after, served: served) == expected)
    }
}
