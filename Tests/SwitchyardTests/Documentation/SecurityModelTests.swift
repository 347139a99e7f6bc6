import Foundation
import Switchyard
import Testing

/// Mirrors the code of Sources/Routing/Switchyard.docc/SecurityModel.md.
@Suite("Docs: Security Model")
struct SecurityModelTests {
    static func makeRouter() throws -> Router {
        try Router(
            routes: MessageRoutes.all + SettingsRoutes.all,
            configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))
    }

    @Test("Private routes are invisible from outside")
    func invisible() async throws {
        let router = try Self.makeRouter()
        let missing = await Connection.send(
            fromPublicURL: "mailapp://nothing/here", sourceApplication: nil, router: router)
        let hidden = await Connection.send(
            fromPublicURL: "mailapp://drafts/3", sourceApplication: nil, router: router)
        // Same status (404), same data, no route: a probe cannot tell them apart.
        #expect(missing.status == .notFound)
        #expect(hidden.status == missing.status)
        #expect(hidden.data.isEmpty && missing.data.isEmpty)
        #expect(hidden.request.route == nil && missing.request.route == nil)
    }

    @Test("Links in content")
    func contentLinks() async throws {
        let router = try Router(
            routes: [
                Route("/settings/forwarding") { request in
                    Response(request: request, data: ["forwarded": true])
                }
            ],
            configuration: .init(schemes: ["mailapp"]))
        let tapped = await Connection.send(
            contentLink: "mailapp://settings/forwarding?to=attacker@evil.example", router: router)
        // tapped.status == .notFound, tapped.data.isEmpty: exactly the answer of a link to nothing
        #expect(tapped.status == .notFound)
        #expect(tapped.data.isEmpty)
        let nothing = await Connection.send(contentLink: "mailapp://settings/nothing", router: router)
        #expect(nothing.status == tapped.status && nothing.data.isEmpty)
        #expect(
            await Connection.send("mailapp://settings/forwarding?to=a@b.example", router: router).status
                == .ok)
    }

    // Section "Hostile input": what the parser answers before any route is tried.
    static let hostile: [(url: String, status: Status)] = [
        ("mailapp://messages/%zz", .badRequest),  // malformed escape
        ("mailapp://messages/%C3", .badRequest),  // not UTF-8 once decoded
        ("mailapp://messages/../drafts/3", .badRequest),  // dot segment
        ("mailapp://messages//7", .badRequest),  // empty segment
        ("mailapp://messages/%00", .badRequest),  // control character
        ("mailapp://messages/a b", .badRequest),  // raw space
        ("https://mail.example.com\\evil.example/messages/7", .badRequest),  // raw backslash
        ("https://mail.example.com:0/messages/7", .badRequest),  // port out of range
        ("otherapp://messages/%zz", .badRequest),  // malformed, whoever's scheme it is
        ("javascript://messages/7", .notFound),  // runs code: never the app's
        ("https://evil.example/messages/7", .notFound),  // not our host: the notFound controller
        ("mailapp://messages/" + String(repeating: "7", count: 9000), .uriTooLong),  // over the limit
    ]

    @Test("Private routes are invisible, not refused")
    func invisibleNotRefused() async throws {
        let screen: Controller = { request in Response(request: request) }
        let profiles = try Router(
            routes: [
                Route("/users/:id", name: "profile", isPublic: true, controller: screen),
                Route("/users/admin", name: "admin", controller: screen),  // private
                Route("/files/*path", name: "file", isPublic: true, controller: screen),
                Route("/files/secret", name: "secret", controller: screen),  // private
            ],
            configuration: .init(schemes: ["mailapp"]))
        let outside = await Connection.send(
            fromPublicURL: "mailapp://users/admin", sourceApplication: nil, router: profiles)
        // outside.request.route?.name == "profile", outside.request.params["id"] == "admin"
        let inside = await Connection.send("mailapp://users/admin", router: profiles)
        // inside.request.route?.name == "admin"

        #expect(outside.status == .ok)
        #expect(outside.request.route?.name == "profile")
        #expect(outside.request.params["id"] == "admin")
        #expect(inside.request.route?.name == "admin")
        // The glob answers the private path from outside, as it answers any other file name.
        let secret = await Connection.send(
            fromPublicURL: "mailapp://files/secret", sourceApplication: nil, router: profiles)
        #expect(secret.status == .ok)
        #expect(secret.request.route?.name == "file")
        #expect(secret.request.params["path"] == "secret")
        #expect(
            await Connection.send("mailapp://files/secret", router: profiles).request.route?.name == "secret")
        // Dry runs and traces from outside agree, and never name a private route.
        let external = Source.external(sourceApplication: nil)
        #expect(profiles.match("mailapp://files/secret", source: external)?.route.name == "file")
        let trace = profiles.explain("mailapp://users/admin", source: external)
        #expect(trace.contains("external request: private routes are left out, as if they did not exist"))
        #expect(trace.contains("matched: /users/:id (profile)"))
        #expect(!trace.contains("admin)"), "never names the private route")
        #expect(!trace.contains("/files/secret"))
    }

    @Test("Links the app does not serve")
    func unservedLinks() async throws {
        let openInWebView: Controller = { request in
            Response(request: request, status: .notFound, data: ["open": request.url])
        }
        let fallback = try Router(
            routes: MessageRoutes.all,
            configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"], notFound: openInWebView))
        let help = await Connection.send(
            fromPublicURL: "https://help.example.com/faq", sourceApplication: nil, router: fallback)
        // help.status == .notFound, help.data["open"] as? String == "https://help.example.com/faq"
        let script = await Connection.send(
            fromPublicURL: "javascript://alert(1)", sourceApplication: nil, router: fallback)
        // script.status == .notFound, script.data.isEmpty: the notFound controller never saw it

        #expect(help.status == .notFound)
        #expect(help.data["open"] as? String == "https://help.example.com/faq")
        #expect(help.request.route == nil)
        #expect(help.request.url == "https://help.example.com/faq")
        #expect(script.status == .notFound)
        #expect(script.data.isEmpty)
        // In-app too, and for an unknown custom scheme; a malformed one is 400 and is not handed on.
        let other = await Connection.send("otherapp://x", router: fallback)
        #expect(other.data["open"] as? String == "otherapp://x")
        let malformed = await Connection.send(
            fromPublicURL: "otherapp://x/%zz", sourceApplication: nil, router: fallback)
        #expect(malformed.status == .badRequest)
        #expect(malformed.data["open"] == nil)
        for code in ["data://x", "file:///etc/passwd", "about://blank", "blob://x", "vbscript://x"] {
            let response = await Connection.send(code, router: fallback)
            #expect(response.status == .notFound)
            #expect(response.data["open"] == nil, "\(code) never reaches the notFound controller")
        }
        #expect(throws: RouteTableError.self) {
            try Router(routes: [], configuration: .init(schemes: ["mailapp", "javascript"]))
        }
    }

    @Test("URLs that Foundation read first")
    func foundationURLs() async throws {
        let router = try Self.makeRouter()
        let raw = "mailapp://messages/%2z"
        let strict = await Connection.send(fromPublicURL: raw, sourceApplication: nil, router: router)
        // strict.status == .badRequest: a malformed escape
        #expect(strict.status == .badRequest)
        if let url = URL(string: raw) {
            // Recent Foundation: url.absoluteString == "mailapp://messages/%252z", a valid link
            let rewritten = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
            // rewritten.status == .notFound: "%2z" is not an int, and no other route takes it
            if url.absoluteString == "mailapp://messages/%252z" {
                #expect(rewritten.status == .notFound)
            }
        }
    }

    @Test("Hostile input", arguments: hostile)
    func hostileInput(url: String, status: Status) async throws {
        let router = try Self.makeRouter()
        let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(response.status == status)
        #expect(response.data.isEmpty, "no details for external callers")
    }

    @Test("Limits")
    func limits() async throws {
        let configuration = Router.Configuration(
            schemes: ["mailapp"], maxRedirects: 3, limits: .init(urlBytes: 2048, segments: 16, queryItems: 32)
        )
        let router = try Router(routes: MessageRoutes.all, configuration: configuration)
        let long = "mailapp://messages?" + Array(repeating: "a=1", count: 40).joined(separator: "&")
        #expect(await Connection.send(long, router: router).status == .uriTooLong)
    }

    @Test("Error details stay inside the app")
    func errorDetails() async throws {
        let router = try Self.makeRouter()
        let inApp = await Connection.send("mailapp://messages/%zz", router: router)
        let external = await Connection.send(
            fromPublicURL: "mailapp://messages/%zz", sourceApplication: nil, router: router)
        // inApp.error?.message explains; external.error == nil
        #expect(inApp.error != nil)
        #expect(external.error == nil)
    }
}
