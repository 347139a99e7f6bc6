import Foundation
import Testing

@testable import Switchyard

/// Regression: on watchOS (arm64_32) `Int` is 32 bits, and the `int` constraint accepts what fits
/// `Int64`, so a link could match and then hold a number `require(_:as: Int.self)` and `decode`
/// cannot. Matching stays the same on every OS; reading a whole number an integer type cannot hold
/// is a ``RoutingError`` naming the parameter, the value and the type, a 404 for a path parameter
/// and a 400 for a query item, never a trap and never a wrapped value. `Int8`, `Int32` and the
/// unsigned types stand in for a 32-bit `Int`.
@Suite("Typed requests: whole numbers out of an integer type's range")
struct IntegerRangeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let text: String
        let type: String
        let range: String
        let read: @Sendable (Request) throws -> Void
        let require: @Sendable (Parameters) throws -> Void

        var testDescription: String { "\(text) as \(type)" }
    }

    static func row<T: FixedWidthInteger & Codable & Sendable>(_ text: String, _ type: T.Type) -> Case {
        Case(
            text: text, type: "\(T.self)", range: "\(T.min) to \(T.max)",
            read: { _ = try $0.decode(Typed.One<T>.self) },
            require: { _ = try $0.require("value", as: T.self) })
    }

    static let rows: [Case] = [
        row("128", Int8.self), row("-129", Int8.self), row("+128", Int8.self), row("2147483648", Int32.self),
        row("-2147483649", Int32.self), row("9999999999", Int32.self), row("-1", UInt8.self),
        row("256", UInt8.self), row("65536", UInt16.self), row("-1", UInt64.self),
        row("9223372036854775808", Int.self), row("0099999999999999999999", Int64.self),
    ]

    /// `/n/:value` and `/q`: each reads the row its request's data names, with `decode` or
    /// `require`, and answers with the error it caught.
    static let router = try! Router(routes: [
        Route("/n/:value", isPublic: true, controller: readingTheRow),
        Route("/q", isPublic: true, controller: readingTheRow),
    ])

    static let readingTheRow: Controller = { request in
        do {
            try rowUnderTest(request)
            return Response(request: request, data: ["caught": "none"])
        } catch let error as RoutingError {
            return Response(request: request, data: ["caught": error])
        }
    }

    /// The row a request reads, named by its `type` and `how` data.
    @Sendable static func rowUnderTest(_ request: Request) throws {
        let text = request.params["value"] ?? request.query["value"]
        let row = try #require(rows.first { $0.type == request.data["type"] as? String && $0.text == text })
        if request.data["how"] as? String == "require" {
            try row.require(request.params)
        } else {
            try row.read(request)
        }
    }

    func caught(_ url: String, _ row: Case, how: String) async throws -> RoutingError {
        let response = await Connection.send(url, data: ["type": row.type, "how": how], router: Self.router)
        return try #require(response.data["caught"] as? RoutingError, "\(url): \(response.data)")
    }

    @Test("a path parameter: 404 from decode and require", arguments: rows)
    func pathParameter(_ row: Case) async throws {
        let expected = RoutingError(
            .notFound, "parameter 'value' is \(row.text), which does not fit in \(row.type) (\(row.range))")
        #expect(try await caught("/n/\(row.text)", row, how: "decode") == expected)
        #expect(try await caught("/n/\(row.text)", row, how: "require") == expected)
    }

    @Test("a query item: 400 from decode", arguments: rows)
    func queryItem(_ row: Case) async throws {
        let expected = RoutingError(
            .badRequest, "query item 'value' is \(row.text), which does not fit in \(row.type) (\(row.range))"
        )
        #expect(
            try await caught(
                "/q?value=\(row.text.replacingOccurrences(of: "+", with: "%2B"))", row, how: "decode")
                == expected)
    }

    /// The uncaught error is the response: a 404 with the message in-app, an empty 404 from outside.
    @Test func theErrorIsTheResponse() async throws {
        let router = try Router(routes: [
            Route("/messages/:id(int)", isPublic: true) { request in
                let id = try request.params.require("id", as: Int32.self)
                return Response(request: request, data: ["id": id])
            }
        ])
        let inApp = await Connection.send("/messages/4294967296", router: router)
        #expect(inApp.status == .notFound)
        #expect(
            inApp.error?.message
                == "parameter 'id' is 4294967296, which does not fit in Int32 (-2147483648 to 2147483647)")
        let outside = await Connection.send(
            fromPublicURL: "https://example.com/messages/4294967296", sourceApplication: nil, router: router)
        #expect(outside.status == .notFound)
        #expect(outside.data.isEmpty)
        #expect(await Connection.send("/messages/2147483647", router: router).data["id"] as? Int32 == .max)
    }

    /// From outside, the message names the item and the type but not the value, as every decode
    /// error does.
    @Test func anExternalDecodeKeepsTheValueOut() async throws {
        let row = Self.row("128", Int8.self)
        let router = try Router(routes: [
            Route("/n/:value", isPublic: true, controller: Typed.catching(Typed.One<Int8>.self))
        ])
        let response = await Connection.send(fromPublicURL: "/n/128", sourceApplication: nil, router: router)
        #expect(
            response.data["caught"] as? RoutingError
                == RoutingError(.notFound, "parameter 'value' does not fit in \(row.type) (\(row.range))"))
    }

    /// Matching is the same on every OS: `int` means "fits `Int64`", whatever `Int` is.
    @Test(arguments: [
        ("9223372036854775807", true), ("-9223372036854775808", true), ("9223372036854775808", false),
    ])
    func theIntConstraintIsInt64(value: String, matches: Bool) throws {
        let router = try Router(routes: [Route("/n/:id(int)", isPublic: true) { Response(request: $0) }])
        #expect((router.match("/n/\(value)") != nil) == matches)
    }
}
