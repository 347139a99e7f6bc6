import Foundation
import Testing

@testable import Switchyard

/// Typed links: a link is flat. A property holding a struct, an array of arrays or a dictionary
/// is refused with 400 "unsupported", by `decode` and by typed reverse routing; a request
/// decodes into a struct of named values only, and only such a value makes a link.
@Suite("Typed requests: nested values are refused")
struct TypedNestedValueTests {
    struct Inner: Codable, Equatable, Sendable {
        var x: Int = 1
    }

    struct WithStruct: Codable, Equatable, Sendable {
        var id: Int = 1
        var inner: Inner = Inner()
    }

    struct WithArrayOfArrays: Codable, Equatable, Sendable {
        var id: Int = 1
        var inner: [[Int]] = [[1], [2]]
    }

    struct WithDictionary: Codable, Equatable, Sendable {
        var id: Int = 1
        var inner: [String: String] = ["a": "b"]
    }

    struct WithOptionalStruct: Codable, Equatable, Sendable {
        var id: Int = 1
        var inner: Inner? = Inner()
    }

    struct WithArrayOfStructs: Codable, Equatable, Sendable {
        var id: Int = 1
        var inner: [Inner] = [Inner()]
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let catching: Controller
        let path: @Sendable (Router) throws -> String
        var testDescription: String { name }
    }

    static func row<T: Codable & Sendable>(_ value: T) -> Case {
        Case(
            name: "\(T.self)", catching: Typed.catching(T.self),
            path: { try $0.path(for: "r", value) })
    }

    static let cases = [
        row(WithStruct()), row(WithArrayOfArrays()), row(WithDictionary()),
        row(WithOptionalStruct()), row(WithArrayOfStructs()),
    ]

    /// `decode` of an array of arrays: see `TypedRegressionTests.arrayOfArraysDecoded`.
    static let decodeCases = cases.filter { $0.name != "\(WithArrayOfArrays.self)" }

    static func router(_ row: Case) throws -> Router {
        try Router(routes: [Route("/r/:id", name: "r", isPublic: true, controller: row.catching)])
    }

    /// The key is there, with a value or several: what a link could only spell flat.
    @Test("decode refuses a nested property whose key the link holds", arguments: decodeCases)
    func decodeRefuses(_ row: Case) async throws {
        let router = try Self.router(row)
        for url in ["/r/1?inner=1", "/r/1?inner=1&inner=2", "/r/1?inner=1&inner.x=1&inner[x]=1"] {
            let response = await Connection.send(url, router: router)
            let error = try #require(
                response.data["caught"] as? RoutingError, "\(row.name) \(url): \(response.data)")
            #expect(error.status == .badRequest)
            #expect(
                error.message.contains("'inner'") && error.message.hasSuffix("unsupported"),
                "\(url): \(error)")
        }
    }

    @Test("path(for:) refuses a value with a nested property", arguments: cases)
    func encodeRefuses(_ row: Case) throws {
        let router = try Self.router(row)
        let error = try #require(Typed.error { try row.path(router) })
        #expect(error.status == .badRequest)
        #expect(error.message.contains("'inner'") && error.message.hasSuffix("unsupported"), "\(error)")
        let url = Typed.error { try router.url(for: "r", WithStruct(), scheme: "app") }
        #expect(url?.message.hasSuffix("unsupported") == true)
    }

    /// An optional one was `nil` until the bug `NestedDecodingTests` names was fixed.
    @Test("a nested property is refused by decode even when its key is absent, optional or not")
    func absentNested() async throws {
        for catching in [Typed.catching(WithStruct.self), Typed.catching(WithOptionalStruct.self)] {
            let router = try Router(routes: [Route("/r/:id", isPublic: true, controller: catching)])
            let refused = await Connection.send("/r/1", router: router)
            #expect((refused.data["caught"] as? RoutingError)?.message.hasSuffix("unsupported") == true)
        }
    }

    @Test(
        "a top-level value that is not a struct of named values: decode and path(for:) refuse it",
        arguments: [
            row([1, 2]), row(7), row("x"), row(Typed.Folder.news), row([[1]]),
            row(UUID()), row(Optional<Int>.none),
        ])
    func topLevelRefused(_ row: Case) async throws {
        let router = try Router(routes: [Route("/r/:id", name: "r", isPublic: true, controller: row.catching)]
        )
        for url in ["/r/1", "/r/1?id=2&value=3"] {
            let response = await Connection.send(url, router: router)
            let error = try #require(response.data["caught"] as? RoutingError, "\(row.name) \(url)")
            #expect(error.status == .badRequest)
        }
        let error = try #require(Typed.error { try row.path(router) })
        #expect(error.status == .badRequest, "\(error)")
    }
}
