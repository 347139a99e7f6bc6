import Foundation
import Testing

@testable import Switchyard

/// Typed links: which value a property reads. A missing non-optional key is a 400, an optional is
/// `nil`, an array is empty; path parameters win over query items; a scalar takes a repeated
/// item's first value, an array every value in order; a glob reads as its joined text or as its
/// segments.
@Suite("Typed requests: missing keys, precedence, repeated items, globs")
struct TypedMissingAndRepeatedTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let type: String
        let decode: @Sendable (Request) throws -> Void
        var testDescription: String { type }
    }

    static func required<T: Codable & Equatable & Sendable>(_ type: T.Type) -> Case {
        Case(type: "\(T.self)", decode: { _ = try $0.decode(Typed.One<T>.self) })
    }

    @Test(
        "a missing non-optional key: 400 \"missing 'key', expected T\", in-app and out",
        arguments: [
            required(Int.self), required(UInt8.self), required(Double.self), required(Bool.self),
            required(String.self), required(UUID.self), required(Typed.Folder.self),
            required(Typed.Level.self),
            required(Typed.Celsius.self),
        ])
    func missingRequired(_ row: Case) async throws {
        let router = try Router(routes: [
            Route("/m", isPublic: true) { request in
                try row.decode(request)
                return Response(request: request)
            }
        ])
        for url in ["/m", "/m?other=1", "/m?Value=1", "/m?values=1"] {
            let (app, external) = await Typed.sendBoth(url, router: router)
            #expect(app.status == .badRequest, "\(url)")
            #expect(app.error?.message == "missing 'value', expected \(row.type)", "\(url)")
            #expect(external.status == .badRequest)
            #expect(external.data.isEmpty)
        }
    }

    struct Optionals: Codable, Equatable, Sendable {
        var int: Int?
        var text: String?
        var flag: Bool?
        var token: UUID?
        var folder: Typed.Folder?
        var level: Typed.Level?
        var temperature: Typed.Celsius?
        var list: [Int]?
    }

    struct Lists: Codable, Equatable, Sendable {
        var ints: [Int]
        var texts: [String]
        var folders: [Typed.Folder]
        var flags: [Bool]
    }

    @Test(
        "optionals are nil when absent, set when present; a non-optional array is empty when absent",
        arguments: [
            ("/o", Optionals(), Lists(ints: [], texts: [], folders: [], flags: [])),
            (
                "/o?int=-3&text=&flag=0&folder=&level=2&temperature=0C&list=4",
                Optionals(
                    int: -3, text: "", flag: false, folder: .unnamed, level: .two,
                    temperature: .init(degrees: 0), list: [4]),
                Lists(ints: [], texts: [], folders: [], flags: [])
            ),
            (
                "/o?token=123e4567-e89b-12d3-a456-426614174000&ints=1&texts=&folders=mail&flags=1&flags=false",
                Optionals(token: UUID(uuidString: "123e4567-e89b-12d3-a456-426614174000")),
                Lists(ints: [1], texts: [""], folders: [.mail], flags: [true, false])
            ),
        ] as [(String, Optionals, Lists)])
    func absentAndPresent(url: String, optionals: Optionals, lists: Lists) async throws {
        let router = try Typed.router(["/o"], decoding: Optionals.self)
        let response = await Connection.send(url, router: router)
        #expect(response.status == .ok, "\(String(describing: response.error))")
        #expect(response.data["value"] as? Optionals == optionals)
        let listRouter = try Typed.router(["/o"], decoding: Lists.self)
        #expect(await Connection.send(url, router: listRouter).data["value"] as? Lists == lists)
    }

    @Test(
        "an optional present but not converting is a 400, not nil",
        arguments: ["/o?int=x", "/o?flag=yes", "/o?flag", "/o?token=1", "/o?folder=spam", "/o?list=1&list=x"])
    func optionalPresentButInvalid(url: String) async throws {
        let router = try Typed.router(["/o"], decoding: Optionals.self)
        let response = await Connection.send(url, router: router)
        #expect(response.status == .badRequest)
        #expect(
            response.error?.message.contains("is not a valid") == true,
            "\(String(describing: response.error))")
    }

    struct Message: Codable, Equatable, Sendable {
        let id: Int
        let ids: [Int]
        let tab: String?
    }

    @Test(
        "a path parameter wins over a query item of its name, scalar and array alike",
        arguments: [
            ("/m/7?id=8", Message(id: 7, ids: [], tab: nil)),
            ("/m/7?id=x&id=9", Message(id: 7, ids: [], tab: nil)),
            ("/m/7?tab=a&id=8&tab=b", Message(id: 7, ids: [], tab: "a")),
            ("/n/7?id=1&ids=1&ids=2", Message(id: 1, ids: [7], tab: nil)),
            ("/n/7?id=3&ids=x", Message(id: 3, ids: [7], tab: nil)),
            ("/n/7/t?id=3&tab=q", Message(id: 3, ids: [7], tab: "t")),
        ] as [(String, Message)])
    func parametersWin(url: String, expected: Message) async throws {
        let router = try Typed.router(["/m/:id", "/n/:ids", "/n/:ids/:tab"], decoding: Message.self)
        let response = await Connection.send(url, router: router)
        #expect(response.status == .ok, "\(String(describing: response.error))")
        #expect(response.data["value"] as? Message == expected)
    }

    struct Repeated: Codable, Equatable, Sendable {
        let n: Int
        let all: [Int]
        let tag: String
        let tags: [String]
    }

    @Test(
        "repeated items: a scalar takes the first value (the others unread), an array every value in order",
        arguments: [
            (
                "/r?n=1&n=2&n=3&all=3&all=1&all=2&tag=b&tag=a&tags=b&tags=a&tags=b",
                Repeated(n: 1, all: [3, 1, 2], tag: "b", tags: ["b", "a", "b"])
            ),
            ("/r?n=5&n=x&tag=&tag=z&all=-1&tags=&tags=", Repeated(n: 5, all: [-1], tag: "", tags: ["", ""])),
            (
                "/r?tags=a&n=0&tags=%26&tag=q&tags=c&all=7&all=7",
                Repeated(n: 0, all: [7, 7], tag: "q", tags: ["a", "&", "c"])
            ),
        ] as [(String, Repeated)])
    func repeatedItems(url: String, expected: Repeated) async throws {
        let router = try Typed.router(["/r"], decoding: Repeated.self)
        let response = await Connection.send(url, router: router)
        #expect(response.status == .ok, "\(String(describing: response.error))")
        #expect(response.data["value"] as? Repeated == expected)
    }

    @Test("an array's later value that does not convert is still a 400 (every value is read)")
    func arrayReadsEveryValue() async throws {
        let router = try Typed.router(["/r"], decoding: Repeated.self)
        let response = await Connection.send("/r?n=1&tag=a&all=1&all=2&all=x", router: router)
        #expect(response.status == .badRequest)
        #expect(response.error?.message == "'all' is not a valid Int: 'x'")
    }

    struct Joined: Codable, Equatable, Sendable { let path: String }
    struct Segments: Codable, Equatable, Sendable { let path: [String] }

    @Test(
        "a glob reads as a String (segments joined by /) and as [String] (segments, a%2Fb one segment)",
        arguments: [
            ("/files/a", "a", ["a"]),
            ("/files/a/b%20c/d", "a/b c/d", ["a", "b c", "d"]),
            ("/files/a%2Fb/c", "a/b/c", ["a/b", "c"]),
            ("/files/%C3%A9/100%25/x%3Fy", "é/100%/x?y", ["é", "100%", "x?y"]),
            ("/files/a/b?path=q&path=r", "a/b", ["a", "b"]),
        ] as [(String, String, [String])])
    func glob(url: String, joined: String, segments: [String]) async throws {
        let asString = try Typed.router(["/files/*path"], decoding: Joined.self)
        let string = await Connection.send(url, router: asString)
        #expect(
            string.data["value"] as? Joined == Joined(path: joined), "\(String(describing: string.error))")
        let asArray = try Typed.router(["/files/*path"], decoding: Segments.self)
        let array = await Connection.send(url, router: asArray)
        #expect(
            array.data["value"] as? Segments == Segments(path: segments), "\(String(describing: array.error))"
        )
    }

    @Test("a plain parameter read as an array is one value, whatever it holds")
    func parameterAsArray() async throws {
        let router = try Typed.router(["/p/:path"], decoding: Segments.self)
        let response = await Connection.send("/p/a%2Fb", router: router)
        #expect(response.data["value"] as? Segments == Segments(path: ["a/b"]))
    }
}
