import Foundation
import Testing

@testable import Switchyard

/// Bugs found while testing typed requests, each named after the bug; those `Sources` still has
/// are marked as known issues (the known-issue block fails once fixed, as a reminder to drop
/// it). Then behaviours that surprise, pinned so that a change to them is a decision.
@Suite("Typed requests: regressions and surprising behaviours")
struct TypedRegressionTests {
    struct Grid: Codable, Equatable, Sendable {
        var rows: [[Int]]
    }

    /// `FieldValues.unkeyedContainer()` handed an array's element a list of its own (its one
    /// value), so `[[Int]]` read `?rows=1&rows=2` as `[[1], [2]]`, while encoding the same value
    /// was refused as nested.
    @Test("Regression (array of arrays decoded as arrays of one value): decode refuses [[Int]]")
    func arrayOfArraysDecoded() async throws {
        let router = try Router(routes: [
            Route("/r", name: "r", isPublic: true, controller: Typed.catching(Grid.self))
        ])
        let encoded = Typed.error { try router.path(for: "r", Grid(rows: [[1], [2]])) }
        #expect(encoded?.message.hasSuffix("unsupported") == true, "encoding refuses it")
        // Absent too: the type is refused whatever the link holds (`NestedDecodingTests`).
        for url in ["/r?rows=1&rows=2", "/r?rows=1", "/r"] {
            let response = await Connection.send(url, router: router)
            let error = try #require(
                response.data["caught"] as? RoutingError, "\(url) caught: \(response.data)")
            #expect(error.status == .badRequest)
            #expect(error.message == Self.nested)
        }
    }

    struct Words: Codable, Equatable, Sendable {
        var rows: [[String]]
    }

    struct Texts: Codable, Equatable, Sendable {
        var rows: [String]
    }

    static let nested = "'rows' asks for a nested value " + NestedValueProbe.explanation

    /// `[String]` is read by type identity, every value at once, without decoding each element
    /// (one reason `decode` costs under twice the hand-written reads). An array's element is read
    /// on that same path, so there it must refuse a list, as the general path does for `[[Int]]`.
    @Test(
        "the [String] fast path: [String] reads every value, [[String]] is refused as [[Int]] is",
        arguments: [
            ("/r?rows=a&rows=b", ["a", "b"], nested),
            ("/r?rows=a&other=x&rows=a%20b", ["a", "a b"], nested),
            ("/r?rows=", [""], nested),
            ("/r", [], nested),
        ] as [(String, [String], String)])
    func stringListFastPath(url: String, values: [String], nestedOutcome: String) async throws {
        let router = try Router(routes: [
            Route("/r", name: "r", isPublic: true, controller: Typed.catching(Words.self)),
            Route(
                "/r", name: "texts", isPublic: true, query: ["texts": .any],
                controller: Typed.decoding(Texts.self)),
        ])
        let refused = await Connection.send(url, router: router)
        let caught = refused.data["caught"]
        #expect(((caught as? RoutingError)?.message ?? caught as? String) == nestedOutcome, "\(url)")
        #expect((caught as? RoutingError)?.status ?? .badRequest == .badRequest)

        let separator = url.contains("?") ? "&" : "?"
        let read = await Connection.send(url + separator + "texts", router: router)
        #expect(read.data["value"] as? Texts == Texts(rows: values), "\(url): \(read.status)")
    }

    struct Segments: Codable, Equatable, Sendable {
        var path: [String]
    }

    /// A glob read as `[String]` keeps `a%2Fb` as the one segment `a/b`; written from `[String]`,
    /// the elements were joined by `/` and split again, so `["a/b", "c"]` became three segments
    /// and the link decoded as `["a", "b", "c"]`. `path(for:)` now refuses such an element (a
    /// `%2F` spelling would do too).
    @Test(
        "Regression (glob segment holding / split in two): path(for:) of [String] keeps each element one segment"
    )
    func globSegmentWithSlash() async throws {
        let router = try Router(routes: [
            Route("/files/*path", name: "files", isPublic: true, controller: Typed.decoding(Segments.self))
        ])
        let value = Segments(path: ["a/b", "c"])
        switch Result(catching: { try router.path(for: "files", value) }) {
        case .failure(let error):
            // A refusal is a fix too.
            #expect((error as? RoutingError)?.status == .badRequest, "\(error)")
        case .success(let path):
            let decoded = await Connection.send(path, router: router).data["value"] as? Segments
            #expect(path == "/files/a%2Fb/c")
            #expect(decoded == value, "\(path) decoded as \(String(describing: decoded))")
        }
    }

    struct Inner: Codable, Equatable, Sendable {
        var x: Int?
    }

    struct WithStruct: Codable, Equatable, Sendable {
        var id: Int
        var inner: Inner
    }

    struct WithDictionary: Codable, Equatable, Sendable {
        var id: Int
        var inner: [String: String]
    }

    /// The encoder refused a nested value only when it wrote something, while `decode` refuses the
    /// type whatever the link holds: `path(for:)` wrote a link its own `decode` refused. Asking for
    /// a nested container is now the refusal.
    @Test(
        "Regression (empty nested value written as no item): path(for:) refuses what decode refuses",
        arguments: [0, 1])
    func emptyNestedValueWritten(which: Int) async throws {
        let router = try Router(routes: [
            Route("/r/:id", name: "r", isPublic: true) { request in
                if which == 0 {
                    Response(request: request, data: ["value": try request.decode(WithStruct.self)])
                } else {
                    Response(request: request, data: ["value": try request.decode(WithDictionary.self)])
                }
            }
        ])
        let written = Result {
            which == 0
                ? try router.path(for: "r", WithStruct(id: 1, inner: Inner(x: nil)))
                : try router.path(for: "r", WithDictionary(id: 1, inner: [:]))
        }
        let decoded = await Connection.send("/r/1", router: router)
        #expect(decoded.error?.message.hasSuffix("unsupported") == true, "decode refuses the type")
        #expect(throws: RoutingError.self) { try written.get() }
    }

    struct DeepLink: Codable, Equatable, Sendable {
        var url: String?
        var tab: String?
    }

    /// `path(for:)` checked that its path reaches a route of the same path shape, which lets
    /// scoped routes share a shape; but routes of one shape told apart by query conditions only
    /// are told apart by the path itself, so it passed a path that another route answers (in the
    /// dictionary form too). Now such a path either reaches the named route or is refused.
    @Test(
        "Regression (path(for:) ignores query conditions): match(path(for:)) reaches the named route",
        arguments: [
            ("tab", DeepLink(url: "/x", tab: "z"), ["url": "/x", "tab": "z"]),
            ("tab", DeepLink(url: nil, tab: "c"), nil), ("url", DeepLink(url: "/x", tab: "c"), nil),
            ("plain", DeepLink(url: "/x", tab: nil), nil),
        ] as [(String, DeepLink, [String: String]?)])
    func pathForIgnoresQueryConditions(name: String, value: DeepLink, params: [String: String]?) throws {
        let router = try TypedReverseRoutingTests.conditionRouter()
        var paths = [Result { try router.path(for: name, value) }]
        if let params { paths.append(Result { try router.path(for: name, params) }) }
        for result in paths {
            switch result {
            case .success(let path): #expect(router.match(path)?.route.name == name, "\(path)")
            case .failure(let error): #expect((error as? RoutingError)?.status == .badRequest, "\(error)")
            }
        }
    }

    // MARK: - Surprising, but as designed or harmless: pinned.

    struct OptionalList: Codable, Equatable, Sendable {
        var tags: [String]?
    }

    @Test("an optional array that is empty writes no item and decodes as nil: [] and nil are one link")
    func emptyOptionalArray() async throws {
        let router = try Router(routes: [
            Route("/r", name: "r", isPublic: true, controller: Typed.decoding(OptionalList.self))
        ])
        #expect(try router.path(for: "r", OptionalList(tags: [])) == "/r")
        #expect(try router.path(for: "r", OptionalList(tags: nil)) == "/r")
        let response = await Connection.send("/r", router: router)
        #expect(response.data["value"] as? OptionalList == OptionalList(tags: nil))
    }

    struct Holes: Codable, Equatable, Sendable {
        var n: [Int?]
    }

    @Test("an array's nil elements are left out: [1, nil, 2] comes back as [1, 2]")
    func nilElementsDropped() async throws {
        let router = try Router(routes: [
            Route("/r", name: "r", isPublic: true, controller: Typed.decoding(Holes.self))
        ])
        let path = try router.path(for: "r", Holes(n: [1, nil, 2]))
        #expect(path == "/r?n=1&n=2")
        #expect(await Connection.send(path, router: router).data["value"] as? Holes == Holes(n: [1, 2]))
    }

    struct Flag: Codable, Equatable, Sendable {
        var flag: Bool?
    }

    @Test("a bare query item (?flag) is the empty text, which no Bool reads: 400, not true")
    func bareFlag() async throws {
        let router = try Router(routes: [Route("/r", isPublic: true, controller: Typed.decoding(Flag.self))])
        let response = await Connection.send("/r?flag", router: router)
        #expect(response.status == .badRequest)
        #expect(response.error?.message == "'flag' is not a valid Bool: ''")
    }

    @Test(
        "a top-level [String: String] is keyed, so it decodes: every parameter and query item, first values")
    func topLevelDictionary() async throws {
        let router = try Router(routes: [
            Route("/r/:id", isPublic: true, controller: Typed.decoding([String: String].self))
        ])
        let response = await Connection.send("/r/7?a=1&a=2&id=8&b=", router: router)
        #expect(response.data["value"] as? [String: String] == ["id": "7", "a": "1", "b": ""])
    }
}
