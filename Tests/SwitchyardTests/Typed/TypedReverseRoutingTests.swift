import Foundation
import Testing

@testable import Switchyard

/// Typed links: `path(for:_:)` and `url(for:_:scheme:host:)` with an `Encodable` value. Properties
/// named after the route's parameters fill them; the others become query items in property
/// order (`nil` left out, arrays repeated). Refusals are the dictionary form's.
@Suite("Typed requests: reverse routing from an Encodable value")
struct TypedReverseRoutingTests {
    /// The typed-link example of the documentation.
    struct MessageLink: Codable, Equatable, Sendable {
        var id: Int
        var highlight: String?
        var tags: [String]
    }

    /// Properties in an order that is neither alphabetical nor the pattern's.
    struct Ordered: Codable, Equatable, Sendable {
        var z: String
        var id: Int
        var a: Int?
        var m: [Bool]
        var b: Double
    }

    struct Joined: Codable, Equatable, Sendable {
        var path: String
        var sort: String? = nil
    }

    struct Segments: Codable, Equatable, Sendable {
        var path: [String]
    }

    struct Photo: Codable, Equatable, Sendable {
        var id: Int?
    }

    struct User: Codable, Equatable, Sendable {
        var name: String
    }

    struct Kind: Codable, Equatable, Sendable {
        var k: String
    }

    struct Scalars: Codable, Equatable, Sendable {
        var flag: Bool
        var level: Typed.Level
        var folder: Typed.Folder
        var token: UUID
        var temperature: Typed.Celsius?
        var ratio: Float
    }

    struct Ids: Codable, Equatable, Sendable {
        var id: [Int]
    }

    struct TextId: Codable, Equatable, Sendable {
        var id: String
    }

    struct Empty: Codable, Equatable, Sendable {}

    struct Search: Codable, Equatable, Sendable {
        var q: String
    }

    static let patterns: [(String, String)] = [
        ("/", "root"), ("/messages/:id(int)", "message"), ("/o/:id", "ordered"), ("/files/*path", "files"),
        ("/photos(/:id)", "photo"), ("/users/new", "newUser"), ("/users/:name", "user"),
        ("/kinds/:k(kind)", "kind"), ("/t/:flag/:level/:folder", "scalars"),
    ]

    static func router(
        _ controller: @escaping Controller = echo, _ configuration: Router.Configuration = .init()
    )
        throws -> Router
    {
        try Router(
            routes: patterns.map {
                Route(
                    $0.0, name: $0.1, isPublic: true,
                    constraints: $0.1 == "kind" ? ["kind": .oneOf(["a b", "c/d"])] : [:],
                    controller: controller)
            }, configuration: configuration)
    }

    /// One row: a route name, a value and the path expected.
    struct PathCase: Sendable, CustomTestStringConvertible {
        let name: String
        let expected: String
        let label: String
        let path: @Sendable (Router) throws -> String
        let controller: Controller
        let decodesBack: @Sendable ((any Sendable)?) -> Bool

        var testDescription: String { "\(name): \(label)" }
    }

    static func link<T: Codable & Equatable & Sendable>(_ name: String, _ value: T, _ expected: String)
        -> PathCase
    {
        PathCase(
            name: name, expected: expected, label: "\(value)", path: { try $0.path(for: name, value) },
            controller: Typed.decoding(T.self), decodesBack: { ($0 as? T) == value })
    }

    static let token = UUID(uuidString: "123E4567-E89B-12D3-A456-426614174000")!

    @Test(
        "parameters by name, the rest as query items in property order; nil left out, arrays repeated",
        arguments: [
            link(
                "message", MessageLink(id: 7, highlight: nil, tags: ["a", "b"]), "/messages/7?tags=a&tags=b"),
            link(
                "message", MessageLink(id: 7, highlight: "budget", tags: []), "/messages/7?highlight=budget"),
            link(
                "message", MessageLink(id: -3, highlight: "", tags: ["", "é"]),
                "/messages/-3?highlight=&tags=&tags=%C3%A9"),
            link(
                "message", MessageLink(id: 0, highlight: "a b&c=d+e#f?g%/;h", tags: []),
                "/messages/0?highlight=a%20b%26c%3Dd%2Be%23f%3Fg%25%2F%3Bh"),
            link(
                "ordered", Ordered(z: "1", id: 2, a: nil, m: [true, false], b: 0.5),
                "/o/2?z=1&m=true&m=false&b=0.5"),
            link("ordered", Ordered(z: "", id: 2, a: -1, m: [], b: -1e-05), "/o/2?z=&a=-1&b=-1e-05"),
            link("files", Joined(path: "a/b c/é"), "/files/a/b%20c/%C3%A9"),
            link("files", Joined(path: "x", sort: "name"), "/files/x?sort=name"),
            link("files", Segments(path: ["a", "b c", "é"]), "/files/a/b%20c/%C3%A9"),
            link("files", Segments(path: ["100%", "?"]), "/files/100%25/%3F"),
            link("photo", Photo(id: nil), "/photos"),
            link("photo", Photo(id: 7), "/photos/7"),
            link("user", User(name: "a/b"), "/users/a%2Fb"),
            link("user", User(name: "a+b=c&d"), "/users/a+b=c&d"),
            link("user", User(name: "..."), "/users/..."),
            link("kind", Kind(k: "c/d"), "/kinds/c%2Fd"),
            link(
                "scalars",
                Scalars(
                    flag: true, level: .low, folder: .archive, token: token, temperature: nil, ratio: 0.25),
                "/t/true/-1/a%2Fb?token=123E4567-E89B-12D3-A456-426614174000&ratio=0.25"),
            link(
                "scalars",
                Scalars(
                    flag: false, level: .high, folder: .sentItems, token: token,
                    temperature: .init(degrees: -4),
                    ratio: -2),
                "/t/false/300/sent%20items?token=123E4567-E89B-12D3-A456-426614174000&temperature=-4C&ratio=-2.0"
            ),
            link("root", Search(q: "a b"), "/?q=a%20b"),
            link("root", Empty(), "/"),
        ])
    func path(_ row: PathCase) async throws {
        let router = try Self.router(row.controller)
        let path = try row.path(router)
        #expect(path == row.expected)
        #expect(router.match(path)?.route.name == row.name)
        let response = await Connection.send(path, router: router)
        #expect(response.status == .ok, "\(path): \(String(describing: response.error))")
        #expect(
            row.decodesBack(response.data["value"]),
            "\(path) decoded as \(response.data["value"] ?? "nothing")")
    }

    /// One row: a route name, a value, and the error expected; when the dictionary form can say
    /// the same thing, its parameters, whose error must be the same.
    struct Refusal: Sendable, CustomTestStringConvertible {
        let name: String
        let label: String
        let path: @Sendable (Router) throws -> String
        let url: @Sendable (Router) throws -> String
        let status: Status
        let message: String
        let dictionary: [String: String]?

        var testDescription: String { "\(name): \(label)" }
    }

    static func refusal<T: Encodable & Sendable>(
        _ name: String, _ value: T, _ message: String, status: Status = .badRequest,
        dictionary: [String: String]? = nil
    ) -> Refusal {
        Refusal(
            name: name, label: "\(value)", path: { try $0.path(for: name, value) },
            url: { try $0.url(for: name, value, scheme: "app") }, status: status, message: message,
            dictionary: dictionary)
    }

    @Test(
        "refusals: the dictionary form's message where it has one",
        arguments: [
            refusal("nope", Empty(), "no route is named 'nope'", status: .internalError, dictionary: [:]),
            refusal(
                "nope", Photo(id: 1), "no route is named 'nope'", status: .internalError,
                dictionary: ["id": "1"]),
            refusal("message", Empty(), "route 'message' needs parameter 'id'", dictionary: [:]),
            refusal("message", Ids(id: []), "route 'message' needs parameter 'id'"),
            refusal("message", Ids(id: [1, 2]), "parameter 'id' of route 'message' takes one value, not 2"),
            refusal("photo", Ids(id: [1, 2, 3]), "parameter 'id' of route 'photo' takes one value, not 3"),
            refusal(
                "message", TextId(id: "x"), "'x' breaks constraint int of parameter 'id'",
                dictionary: ["id": "x"]),
            refusal(
                "message", TextId(id: "9223372036854775808"),
                "'9223372036854775808' breaks constraint int of parameter 'id'",
                dictionary: ["id": "9223372036854775808"]),
            refusal(
                "kind", Kind(k: "a"), "'a' breaks constraint oneOf(a b|c/d) of parameter 'k'",
                dictionary: ["k": "a"]),
            refusal(
                "user", User(name: ""), "parameter 'name' cannot be '': the URL parser refuses such segments",
                dictionary: ["name": ""]),
            refusal(
                "user", User(name: "."),
                "parameter 'name' cannot be '.': the URL parser refuses such segments",
                dictionary: ["name": "."]),
            refusal(
                "user", User(name: ".."),
                "parameter 'name' cannot be '..': the URL parser refuses such segments",
                dictionary: ["name": ".."]),
            refusal(
                "user", User(name: "new"),
                "the path /users/new would reach \"/users/new\" instead, which takes precedence",
                dictionary: ["name": "new"]),
            refusal(
                "files", Joined(path: "a//b"),
                "parameter 'path' cannot be '': the URL parser refuses such segments",
                dictionary: ["path": "a//b"]),
            refusal(
                "files", Joined(path: "a/../b"),
                "parameter 'path' cannot be '..': the URL parser refuses such segments",
                dictionary: ["path": "a/../b"]),
            refusal("files", Segments(path: []), "route 'files' needs parameter 'path'"),
            refusal(
                "files", Segments(path: ["a", ""]),
                "parameter 'path' cannot be '': the URL parser refuses such segments"),
            refusal(
                "files", Segments(path: [".", "a"]),
                "parameter 'path' cannot be '.': the URL parser refuses such segments"),
        ])
    func refused(_ row: Refusal) throws {
        let router = try Self.router(echo, .init(schemes: ["app"]))
        let error = try #require(Typed.error { try row.path(router) })
        #expect(error.status == row.status)
        #expect(error.message == row.message, "\(error)")
        #expect(Typed.error { try row.url(router) } == error, "url(for:) refuses the same way")
        if let dictionary = row.dictionary {
            #expect(Typed.error { try router.path(for: row.name, dictionary) } == error)
        }
    }

    @Test(
        "values the parser would refuse in the path, or NUL in the query: refused, not written",
        arguments: [
            ("user", User(name: "a\u{200B}b")), ("user", User(name: "tab\there")),
            ("user", User(name: "\u{202E}x")),
        ] as [(String, User)])
    func parserRefusals(name: String, value: User) throws {
        let router = try Self.router()
        let error = try #require(Typed.error { try router.path(for: name, value) })
        #expect(error.status == .badRequest)
        #expect(error.message.contains("would be refused"), "\(error)")
        #expect(Typed.error { try router.path(for: name, ["name": value.name]) } == error)
    }

    @Test("a control character is fine in a query value (percent-encoded), NUL is not")
    func controlCharactersInQuery() async throws {
        let router = try Self.router(Typed.decoding(MessageLink.self))
        let value = MessageLink(id: 1, highlight: "line\nbreak\u{7}", tags: [])
        let path = try router.path(for: "message", value)
        #expect(path == "/messages/1?highlight=line%0Abreak%07")
        #expect(await Connection.send(path, router: router).data["value"] as? MessageLink == value)
        let nul = Typed.error {
            try router.path(for: "message", MessageLink(id: 1, highlight: "a\u{0}", tags: []))
        }
        #expect(nul?.status == .badRequest)
        #expect(nul?.message.contains("would be refused") == true, "\(String(describing: nul))")
    }

    /// The dictionary form is the reference: a value holding only the route's parameters gives
    /// the same URL for every scheme and host choice, and the same refusal.
    @Test(
        "url(for:) chooses the scheme and host as the dictionary form does",
        arguments: [
            (nil, nil), ("otherapp", nil), ("MailApp", nil), ("https", nil), ("http", "MAIL.example.com"),
            ("https", "evil.com"), ("mailapp", "mail.example.com"), ("ftp", nil),
        ] as [(String?, String?)])
    func urlLikeDictionaryForm(scheme: String?, host: String?) throws {
        let router = try Self.router(
            echo, .init(schemes: ["mailapp", "otherapp"], hosts: ["mail.example.com"]))
        for (name, value, params) in [
            ("message", MessageLink(id: 7, highlight: nil, tags: []), ["id": "7"]),
            ("files", Joined(path: "a b/c"), ["path": "a b/c"]),
            ("root", Joined(path: "x"), nil),
        ] as [(String, any Encodable & Sendable, [String: String]?)] {
            let dictionary = Result { try router.url(for: name, params ?? [:], scheme: scheme, host: host) }
            let typed = Result { try router.url(for: name, value, scheme: scheme, host: host) }
            switch (typed, dictionary) {
            case (.success(let url), .success(let expected)) where params != nil:
                #expect(url == expected)
                #expect(router.match(url)?.route.name == name)
            case (.success(let url), .success(let expected)):
                // The root with a query item: the dictionary form's URL with the query after it.
                #expect(url == expected + "?path=x", "\(url) vs \(expected)")
                #expect(router.match(url)?.route.name == name, "\(url)")
            case (.failure(let error), .failure(let expected)):
                #expect(error as? RoutingError == expected as? RoutingError)
            default:
                Issue.record(
                    "\(name) \(String(describing: scheme)) \(String(describing: host)): \(typed) vs \(dictionary)"
                )
            }
        }
    }

    @Test("url(for:) with an Encodable value: query items after the path, percent-encoded")
    func urlWithQuery() throws {
        let router = try Self.router(echo, .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))
        let link = MessageLink(id: 7, highlight: "a b", tags: ["x"])
        #expect(try router.url(for: "message", link) == "mailapp://messages/7?highlight=a%20b&tags=x")
        #expect(
            try router.url(for: "message", link, scheme: "https")
                == "https://mail.example.com/messages/7?highlight=a%20b&tags=x")
        #expect(router.match(try router.url(for: "message", link))?.route.name == "message")
    }

    struct DeepLink: Codable, Equatable, Sendable {
        var url: String?
        var tab: String?
    }

    static func conditionRouter() throws -> Router {
        let controller = Typed.decoding(DeepLink.self)
        return try Router(
            routes: [
                Route(
                    "/deep-link", name: "plain", isPublic: true, schemes: ["browser"], controller: controller),
                Route(
                    "/deep-link", name: "url", isPublic: true, schemes: ["browser"], query: ["url": .any],
                    controller: controller),
                Route(
                    "/deep-link", name: "tab", isPublic: true, schemes: ["browser"],
                    query: ["url": .any, "tab": .oneOf(["a b", "c"])], controller: controller),
            ], configuration: .init(schemes: ["browser"], plusAsSpace: true))
    }

    @Test(
        "a value whose properties name a route's query conditions reaches that route",
        arguments: [
            ("tab", DeepLink(url: "/x", tab: "a b"), "browser://deep-link?url=%2Fx&tab=a%20b"),
            ("tab", DeepLink(url: "", tab: "c"), "browser://deep-link?url=&tab=c"),
            (
                "url", DeepLink(url: "/settings?a=1&b=2", tab: nil),
                "browser://deep-link?url=%2Fsettings%3Fa%3D1%26b%3D2"
            ),
            ("url", DeepLink(url: "/x", tab: "z"), "browser://deep-link?url=%2Fx&tab=z"),
            ("plain", DeepLink(url: nil, tab: nil), "browser://deep-link"),
            ("plain", DeepLink(url: nil, tab: "c"), "browser://deep-link?tab=c"),
        ] as [(String, DeepLink, String)])
    func queryConditions(name: String, value: DeepLink, expected: String) async throws {
        let router = try Self.conditionRouter()
        let url = try router.url(for: name, value)
        #expect(url == expected)
        let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(response.request.route?.name == name)
        #expect(response.data["value"] as? DeepLink == value)
    }

    /// `url(for:)` checks the link it writes reaches the route. `path(for:)` does not (it
    /// accepts any route of the same path shape): see
    /// `TypedRegressionTests.pathForIgnoresQueryConditions`.
    @Test(
        "url(for:) refuses a value that misses a route's query condition: its link would reach another route",
        arguments: [
            ("tab", DeepLink(url: "/x", tab: "z"), "url"), ("tab", DeepLink(url: nil, tab: "c"), "plain"),
            ("url", DeepLink(url: "/x", tab: "c"), "tab"), ("plain", DeepLink(url: "/x", tab: nil), "url"),
        ] as [(String, DeepLink, String)])
    func queryConditionMissed(name: String, value: DeepLink, reached: String) throws {
        let router = try Self.conditionRouter()
        let error = try #require(Typed.error { try router.url(for: name, value) })
        #expect(error.status == .badRequest)
        #expect(error.message.contains("(\(reached)) instead"), "\(error)")
    }
}
