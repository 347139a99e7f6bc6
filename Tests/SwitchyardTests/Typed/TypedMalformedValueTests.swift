import Foundation
import Testing

@testable import Switchyard

/// Typed links: a value that does not convert is a 400 whose message names the key and the
/// expected type; the value itself appears only for in-app requests. An external caller gets
/// the status and no data at all.
@Suite("Typed requests: malformed values")
struct TypedMalformedValueTests {
    /// One row: a type, a text as written in the URL, and that text decoded (what an in-app
    /// message shows).
    struct Case: Sendable, CustomTestStringConvertible {
        let type: String
        let text: String
        let decoded: String
        let decode: @Sendable (Request) throws -> Void
        let catching: Controller

        var testDescription: String { "\(type) from \(text.debugDescription)" }
    }

    static func bad<T: Codable & Equatable & Sendable>(_ text: String, _ type: T.Type, decoded: String? = nil)
        -> Case
    {
        Case(
            type: "\(T.self)", text: text, decoded: decoded ?? text,
            decode: { _ = try $0.decode(Typed.One<T>.self) }, catching: Typed.catching(Typed.One<T>.self))
    }

    static let anywhere: [Case] = [
        // Whole numbers out of an integer type's range are `IntegerRangeTests`' rows.
        bad("x", Int.self), bad("1.5", Int.self), bad("1e3", Int.self), bad("%201", Int.self, decoded: " 1"),
        bad("0x10", Int.self), bad("--1", Int8.self), bad("+-1", Int8.self), bad("1-", UInt8.self),
        bad("abc", Double.self), bad("1,5", Double.self), bad("x", Float.self),
        bad("yes", Bool.self), bad("no", Bool.self), bad("TRUE", Bool.self), bad("True", Bool.self),
        bad("2", Bool.self), bad("01", Bool.self), bad("not-a-uuid", UUID.self),
        bad("123e4567-e89b-12d3-a456-42661417400", UUID.self),
        bad("123e4567-e89b-12d3-a456-4266141740000", UUID.self), bad("spam", Typed.Folder.self),
        bad("NEWS", Typed.Folder.self), bad("sent+items", Typed.Folder.self, decoded: "sent+items"),
        bad("1", Typed.Level.self), bad("x", Typed.Level.self), bad("21", Typed.Celsius.self),
        bad("21F", Typed.Celsius.self), bad("%E2%9C%93", Typed.Celsius.self, decoded: "✓"),
    ]

    /// An empty value: only a query item has one (`?value=` or `?value`).
    static let queryOnly: [Case] = [
        bad("", Int.self), bad("", Double.self), bad("", Bool.self), bad("", UUID.self),
        bad("", Typed.Level.self), bad("", Typed.Celsius.self),
    ]

    static func router(_ controller: @escaping Controller) throws -> Router {
        try Router(routes: [
            Route("/s/:value", isPublic: true, controller: controller),
            Route("/s", isPublic: true, controller: controller),
        ])
    }

    func check(_ row: Case, url: String) async throws {
        let router = try Self.router { request in
            try row.decode(request)
            return Response(request: request)
        }
        let (app, external) = await Typed.sendBoth(url, router: router)
        #expect(app.status == .badRequest, "\(url)")
        #expect(app.error?.status == .badRequest)
        #expect(
            app.error?.message == "'value' is not a valid \(row.type): '\(row.decoded)'",
            "\(url): \(String(describing: app.error))")
        #expect(external.status == .badRequest, "\(url) from another app")
        #expect(external.data.isEmpty, "an external error response carries no data: \(external.data)")
        #expect(external.error == nil)

        // What `decode` threw for the external request, caught in its controller.
        let catching = try Self.router(row.catching)
        let caught = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: catching)
        let error = try #require(caught.data["caught"] as? RoutingError, "\(url): \(caught.data)")
        #expect(error.status == .badRequest)
        #expect(error.message == "'value' is not a valid \(row.type)", "\(url): \(error)")
        #expect(!error.message.contains("'\(row.decoded)'"))
        let inApp = await Connection.send(url, router: catching)
        #expect((inApp.data["caught"] as? RoutingError)?.message.hasSuffix(": '\(row.decoded)'") == true)
    }

    @Test("from a path parameter", arguments: anywhere)
    func fromPathParameter(_ row: Case) async throws {
        try await check(row, url: "/s/\(row.text)")
    }

    @Test("from a query item", arguments: anywhere + queryOnly)
    func fromQueryItem(_ row: Case) async throws {
        try await check(row, url: "/s?value=\(row.text)")
    }

    /// The key is the coding key's string, not the property's name.
    struct Tagged: Codable, Equatable, Sendable {
        let messageID: Int
        let tags: [Int]
        let since: Double?

        enum CodingKeys: String, CodingKey {
            case messageID = "message_id"
            case tags, since
        }
    }

    @Test(
        "the message names the property's key: an array's element, an optional present but invalid",
        arguments: [
            ("/m/x", "'message_id' is not a valid Int: 'x'", "'message_id' is not a valid Int"),
            ("/m/7?tags=1&tags=two", "'tags' is not a valid Int: 'two'", "'tags' is not a valid Int"),
            (
                "/m/7?since=yesterday", "'since' is not a valid Double: 'yesterday'",
                "'since' is not a valid Double"
            ),
            ("/m/7?since=", "'since' is not a valid Double: ''", "'since' is not a valid Double"),
        ])
    func namesTheKey(url: String, inApp: String, external: String) async throws {
        let router = try Router(routes: [
            Route("/m/:message_id", isPublic: true, controller: Typed.catching(Tagged.self))
        ])
        let app = await Connection.send(url, router: router)
        #expect((app.data["caught"] as? RoutingError)?.message == inApp)
        let outside = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect((outside.data["caught"] as? RoutingError)?.message == external)
    }
}
