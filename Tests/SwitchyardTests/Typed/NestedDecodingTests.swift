import Foundation
import Testing

@testable import Switchyard

/// A link is flat, both ways and whatever it holds: a property whose type is nested (a struct, a
/// dictionary, or an array of those or of arrays) is refused by `decode` whether or not the link
/// has its key, and by `path(for:)` whether or not the value is `nil` or empty. Arrays of scalars
/// from repeated items, and optional scalars, stay supported.
@Suite("Typed requests: nested types refused, present or absent")
struct NestedDecodingTests {
    struct Inner: Codable, Equatable, Sendable {
        var x: Int = 1
    }

    struct OptionalStruct: Codable, Equatable, Sendable {
        var id: Int = 1
        var inner: Inner?
    }

    struct OptionalDictionary: Codable, Equatable, Sendable {
        var id: Int = 1
        var inner: [String: String]?
    }

    struct ArrayOfStructs: Codable, Equatable, Sendable {
        var id: Int = 1
        var inner: [Inner] = []
    }

    struct OptionalArrayOfStructs: Codable, Equatable, Sendable {
        var id: Int = 1
        var inner: [Inner]?
    }

    struct ArrayOfOptionalStructs: Codable, Equatable, Sendable {
        var id: Int = 1
        var inner: [Inner?] = [nil]
    }

    struct ArrayOfArrays: Codable, Equatable, Sendable {
        var id: Int = 1
        var inner: [[Int]] = []
    }

    struct ArrayOfStringArrays: Codable, Equatable, Sendable {
        var id: Int = 1
        var inner: [[String]] = []
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let catching: Controller
        /// `path(for:)` of the type's value that holds nothing: `nil`, or empty.
        let path: @Sendable (Router) throws -> String
        var testDescription: String { name }
    }

    static func row<T: Codable & Sendable>(_ empty: T) -> Case {
        Case(name: "\(T.self)", catching: Typed.catching(T.self), path: { try $0.path(for: "r", empty) })
    }

    static let nestedTypes = [
        row(OptionalStruct()), row(OptionalDictionary()), row(ArrayOfStructs()),
        row(OptionalArrayOfStructs()),
        row(ArrayOfOptionalStructs()), row(ArrayOfArrays()), row(ArrayOfStringArrays()),
    ]

    static let decoded = "'inner' asks for a nested value " + NestedValueProbe.explanation
    static let encoded = "'inner' holds a nested value " + NestedValueProbe.explanation

    static func router(_ row: Case) throws -> Router {
        try Router(routes: [Route("/r/:id", name: "r", isPublic: true, controller: row.catching)])
    }

    @Test(
        "Regression (optional nested struct decoded as nil when its key is absent): decode refuses a nested type, present or absent",
        arguments: nestedTypes, ["/r/1", "/r/1?inner=1", "/r/1?inner=1&inner=2", "/r/1?other=1"])
    func decodeRefuses(_ row: Case, url: String) async throws {
        let router = try Self.router(row)
        for external in [false, true] {
            let response =
                external
                ? await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
                : await Connection.send(url, router: router)
            let error = try #require(response.data["caught"] as? RoutingError, "\(url): \(response.data)")
            #expect(error == RoutingError(.badRequest, Self.decoded), "\(url)")
        }
    }

    @Test("the refusal reaches an in-app caller as a 400 naming the key; an external one gets the bare 400")
    func refusalAsAResponse() async throws {
        let router = try Typed.router(["/r/:id"], decoding: OptionalStruct.self)
        let (app, external) = await Typed.sendBoth("/r/1", router: router)
        #expect(app.status == .badRequest)
        #expect(app.error == RoutingError(.badRequest, Self.decoded))
        #expect(external.status == .badRequest)
        #expect(external.data.isEmpty)
    }

    @Test("path(for:) refuses a nested type whose value is nil or empty", arguments: nestedTypes)
    func encodeRefuses(_ row: Case) throws {
        let router = try Self.router(row)
        #expect(Typed.error { try row.path(router) } == RoutingError(.badRequest, Self.encoded))
    }

    struct Flat: Codable, Equatable, Sendable {
        var id: Int
        var count: Int?
        var folder: Typed.Folder?
        var level: Typed.Level?
        var token: UUID?
        var site: URL?
        var temperature: Typed.Celsius?
        var when: Date?
        var tags: [String] = []
        var pages: [Int] = []
        var folders: [Typed.Folder]?
        var tokens: [UUID] = []
        var holes: [Int?] = []
    }

    static let token = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    static let flatCases: [(url: String, value: Flat)] = [
        ("/r/1", Flat(id: 1)),
        (
            "/r/1?count=2&folder=news&level=-1&token=\(token)&site=https://example.com&temperature=21C"
                + "&when=0&tags=a&tags=b&pages=3&pages=4&folders=mail&folders=news&tokens=\(token)&holes=5",
            Flat(
                id: 1, count: 2, folder: .news, level: .low, token: token,
                site: URL(string: "https://example.com"),
                temperature: Typed.Celsius(degrees: 21), when: Date(timeIntervalSinceReferenceDate: 0),
                tags: ["a", "b"], pages: [3, 4], folders: [.mail, .news], tokens: [token], holes: [5])
        ),
    ]

    @Test("flat types still decode, present or absent, and round-trip", arguments: flatCases)
    func flatTypesDecode(url: String, value: Flat) async throws {
        let router = try Router(routes: [
            Route("/r/:id", name: "r", isPublic: true, controller: Typed.decoding(Flat.self))
        ])
        let response = await Connection.send(url, router: router)
        #expect(response.data["value"] as? Flat == value, "\(url): \(response.status) \(response.data)")
        let path = try router.path(for: "r", value)
        #expect(await Connection.send(path, router: router).data["value"] as? Flat == value, "\(path)")
    }
}
