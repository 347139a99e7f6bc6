import Testing

@testable import Switchyard

/// Which redirect locations the router follows, hands back to the caller, or refuses.
///
/// Regression: `mailto:`/`tel:` locations (no `//`) used to be answered 400 instead of handed
/// back, and `javascript://…` was handed back to the caller as a foreign URL.
@Suite("Pipeline: redirect locations")
struct RedirectLocationTests {
    static let configuration = Router.Configuration(schemes: ["mailapp"], hosts: ["mail.example.com"])

    @Test(
        "classification with schemes [mailapp] and hosts [mail.example.com]",
        arguments: [
            ("/inbox", RedirectLocation.follow),
            ("/a/%zz", .follow),
            ("inbox", .follow),
            ("//evil.example/x", .follow),
            ("mailapp://inbox", .follow),
            ("MAILAPP://inbox", .follow),
            ("mailapp:inbox", .follow),
            ("https://mail.example.com/inbox", .follow),
            ("https://user@mail.example.com/inbox", .follow),
            ("https://help.example.org/", .handBack),
            ("otherapp://open/1", .handBack),
            ("otherapp:open", .handBack),
            ("mailto:ada@example.com", .handBack),
            ("tel:+15550100", .handBack),
            ("javascript:alert(1)", .refuse),
            ("JavaScript://%0Aalert(1)", .refuse),
            ("data:text/html,<script>", .refuse),
            ("file:///etc/passwd", .refuse),
        ])
    func classify(location: String, expected: RedirectLocation) {
        #expect(RedirectLocation.classify(location, served: ServedLinks(Self.configuration)) == expected)
    }

    @Test(
        "with schemes [] (any custom scheme) only URLs in the scheme:// form are the router's",
        arguments: [
            ("anyapp://inbox", RedirectLocation.follow), ("anyapp://a/%zz", .follow), ("tel:1", .handBack),
            ("https://x.example/", .handBack), ("vbscript:x", .refuse),
        ])
    func classifyAnyScheme(location: String, expected: RedirectLocation) {
        #expect(RedirectLocation.classify(location, served: ServedLinks(.init())) == expected)
    }

    static func router(redirectingTo location: String) throws -> Router {
        try Router(
            routes: [
                Route("/go", isPublic: true) { .redirect($0, to: location) },
                Route("/inbox", isPublic: true, controller: echo),
            ], configuration: configuration)
    }

    @Test(
        "handed-back locations come back as 303 with the location",
        arguments: ["mailto:ada@example.com", "tel:1"])
    func handedBack(location: String) async throws {
        let response = await Connection.send(
            fromPublicURL: "mailapp://go", sourceApplication: nil,
            router: try Self.router(redirectingTo: location))
        #expect(response.status == .seeOther)
        #expect(response.location == location)
    }

    @Test(
        "refused schemes are never handed back: 400",
        arguments: ["javascript:alert(1)", "javascript://x/%0Aalert(1)", "data:text/html,x"])
    func refused(location: String) async throws {
        let router = try Self.router(redirectingTo: location)
        let external = await Connection.send(
            fromPublicURL: "mailapp://go", sourceApplication: nil, router: router)
        #expect(external.status == .badRequest)
        #expect(external.location == nil)
        #expect(external.data.isEmpty)
        let app = await Connection.send("mailapp://go", router: router)
        #expect(app.status == .badRequest)
        #expect(app.error != nil)
    }
}
