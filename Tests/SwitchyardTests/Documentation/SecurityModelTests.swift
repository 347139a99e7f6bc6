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

    // Section "Hostile input": what the parser answers before any route is tried.
    static let hostile: [(url: String, status: Status)] = [
        ("mailapp://messages/%zz", .badRequest),  // malformed escape
        ("mailapp://messages/%C3", .badRequest),  // not UTF-8 once decoded
        ("mailapp://messages/../drafts/3", .badRequest),  // dot segment
        ("mailapp://messages//7", .badRequest),  // empty segment
        ("mailapp://messages/%00", .badRequest),  // control character
        ("javascript://messages/7", .notFound),  // not our scheme
        ("https://evil.example/messages/7", .notFound),  // not our host
        ("mailapp://messages/" + String(repeating: "7", count: 9000), .uriTooLong),  // over the limit
    ]

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
