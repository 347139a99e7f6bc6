import Foundation
import Testing

@testable import Switchyard

/// Typed links: each scalar type decodes from the text of a path parameter and of a query item,
/// through the real pipeline (a controller calls `request.decode`), in-app and from another app.
@Suite("Typed requests: scalars from a path parameter and a query item")
struct TypedScalarTests {
    /// One row: a type, its text as written in the URL (percent-encoded) and the value expected.
    struct Case: Sendable, CustomTestStringConvertible {
        let type: String
        let text: String
        let expected: String
        /// Decodes `One<T>` from the request and answers its value.
        let decode: @Sendable (Request) throws -> any Sendable
        /// Whether a decoded value is the expected one.
        let matches: @Sendable ((any Sendable)?) -> Bool

        var testDescription: String { "\(type) from \(text.debugDescription)" }
    }

    static func scalar<T: Codable & Equatable & Sendable>(_ text: String, _ expected: T) -> Case {
        Case(
            type: "\(T.self)", text: text, expected: "\(expected)",
            decode: { try $0.decode(Typed.One<T>.self).value }, matches: { ($0 as? T) == expected })
    }

    static let uuid = UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000")!

    /// Texts that a path segment and a query value both carry.
    static let anywhere: [Case] = [
        scalar("7", 7), scalar("-7", -7), scalar("007", 7), scalar("+5", 5),
        scalar("9223372036854775807", Int.max), scalar("-9223372036854775808", Int.min),
        scalar("127", Int8.max), scalar("-128", Int8.min), scalar("255", UInt8.max), scalar("0", UInt8(0)),
        scalar("-32768", Int16.min), scalar("4294967295", UInt32.max), scalar("-1", Int64(-1)),
        scalar("18446744073709551615", UInt64.max), scalar("42", UInt(42)),
        scalar("2.5", 2.5), scalar("-0.125", -0.125), scalar("1e-07", 1e-07), scalar("1e300", 1e300),
        scalar("-3", -3.0), scalar("inf", Double.infinity), scalar("0.1", Float(0.1)),
        scalar("-1.5", Float(-1.5)), scalar("3.4028235e38", Float.greatestFiniteMagnitude),
        scalar("true", true), scalar("false", false), scalar("1", true), scalar("0", false),
        scalar("hello", "hello"), scalar("a%20b", "a b"), scalar("a%2Fb", "a/b"), scalar("100%25", "100%"),
        scalar("%25", "%"), scalar("%252F", "%2F"), scalar("%C3%A9%E6%97%A5", "é日"),
        scalar("%F0%9F%98%80", "😀"), scalar("e%CC%81", "e\u{301}"), scalar("a%3Fb%23c", "a?b#c"),
        scalar("x%26y%3Dz%2B", "x&y=z+"), scalar("-._~!$'()*,:@", "-._~!$'()*,:@"), scalar("...", "..."),
        scalar("123e4567-e89b-12d3-a456-426614174000", uuid),
        scalar("123E4567-E89B-12D3-A456-426614174000", uuid),
        scalar("news", Typed.Folder.news), scalar("a%2Fb", Typed.Folder.archive),
        scalar("sent%20items", Typed.Folder.sentItems), scalar("%C3%A9", Typed.Folder.accent),
        scalar("-1", Typed.Level.low), scalar("0", Typed.Level.zero), scalar("300", Typed.Level.high),
        scalar("21C", Typed.Celsius(degrees: 21)), scalar("-5C", Typed.Celsius(degrees: -5)),
        scalar("https%3A%2F%2Fexample.com%2Fa%3Fb%3D1%26c", URL(string: "https://example.com/a?b=1&c")!),
        scalar("mailapp:%2F%2Fmessages%2F7", URL(string: "mailapp://messages/7")!),
    ]

    /// Texts only a query value carries: empty (a path segment never is), or holding what splits
    /// or changes an item once decoded (`=` and `;` are part of the value).
    static let queryOnly: [Case] = [
        scalar("", ""), scalar("", Typed.Folder.unnamed), scalar("a=b", "a=b"), scalar("=", "="),
        scalar("a;b", "a;b"), scalar("a+b", "a+b"), scalar("%2B1", 1),
    ]

    static func router(for row: Case) throws -> Router {
        let controller: Controller = { request in
            Response(request: request, data: ["value": try row.decode(request)])
        }
        return try Router(routes: [
            Route("/s/:value", isPublic: true, controller: controller),
            Route("/s", isPublic: true, controller: controller),
        ])
    }

    func check(_ row: Case, url: String) async throws {
        let router = try Self.router(for: row)
        let (app, external) = await Typed.sendBoth(url, router: router)
        #expect(app.status == .ok, "\(url): \(String(describing: app.error))")
        #expect(
            row.matches(app.data["value"]),
            "\(url) gave \(app.data["value"] ?? "nothing"), not \(row.expected)")
        #expect(external.status == .ok, "\(url) from another app")
        #expect(row.matches(external.data["value"]), "\(url) from another app")
    }

    @Test("from a path parameter", arguments: anywhere)
    func fromPathParameter(_ row: Case) async throws {
        try await check(row, url: "/s/\(row.text)")
    }

    @Test("from a query item", arguments: anywhere + queryOnly)
    func fromQueryItem(_ row: Case) async throws {
        try await check(row, url: "/s?value=\(row.text)")
    }

    @Test("with plusAsSpace, + in the query reads as a space, %2B as a plus; in the path + stays")
    func plusAsSpace() async throws {
        let router = try Typed.router(
            ["/s/:value", "/s"], decoding: Typed.One<String>.self, configuration: .init(plusAsSpace: true))
        let spaced = await Connection.send("/s?value=a+b%2Bc", router: router)
        #expect(spaced.data["value"] as? Typed.One<String> == .init(value: "a b+c"))
        let path = await Connection.send("/s/a+b", router: router)
        #expect(path.data["value"] as? Typed.One<String> == .init(value: "a+b"))
    }

    struct Link: Codable, Equatable, Sendable {
        var next: URL
        var also: [URL]
    }

    /// `URL`'s own `Codable` conformance is keyed, which a link cannot carry: it is read as text
    /// Switchyard's parser accepts (`TypedURLFieldTests`) and written as its `absoluteString`.
    @Test("a URL reads and writes as its text, alone and in an array")
    func url() async throws {
        let router = try Router(routes: [
            Route("/u/:next", name: "u", isPublic: true, controller: Typed.decoding(Link.self))
        ])
        let link = Link(
            next: URL(string: "https://example.com/a%20b?c=d&e#f")!,
            also: [URL(string: "mailapp://messages/7")!, URL(string: "/relative")!])
        let path = try router.path(for: "u", link)
        #expect(
            path
                == "/u/https:%2F%2Fexample.com%2Fa%2520b%3Fc=d&e%23f?also=mailapp:%2F%2Fmessages%2F7&also=%2Frelative"
        )
        let response = await Connection.send(path, router: router)
        #expect(response.data["value"] as? Link == link, "\(String(describing: response.error))")
        let bad = await Connection.send("/u/%2Fx?also=", router: router)
        #expect(bad.error?.message == "'also' is not a valid URL: ''")
    }

    /// `Celsius`'s own `Codable` conformance is keyed; were it used, the link would be refused
    /// as nested. Its description is what a link carries, both ways.
    @Test("a LosslessStringConvertible type reads and writes as its description, not its Codable form")
    func losslessOverCodable() async throws {
        let router = try Router(routes: [
            Route(
                "/t/:value", name: "t", isPublic: true,
                controller: Typed.decoding(Typed.One<Typed.Celsius>.self))
        ])
        let link = Typed.One(value: Typed.Celsius(degrees: -40))
        let path = try router.path(for: "t", link)
        #expect(path == "/t/-40C")
        let response = await Connection.send(path, router: router)
        #expect(response.data["value"] as? Typed.One<Typed.Celsius> == link)
    }
}
