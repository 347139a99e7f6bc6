import Testing

@testable import Switchyard

/// Architecture, "The router", reverse routing: `path(for:_:)` and `url(for:_:scheme:host:)`.
@Suite("Reverse routing")
struct ReverseRoutingTests {
    static let routes = [
        Routing.route("/", name: "root"),
        Routing.route("/inbox", name: "inbox"),
        Routing.route("/messages/:id", name: "message"),
        Routing.route("/messages/:id(int)/raw", name: "raw"),
        Routing.route("/files/*path", name: "files"),
        Routing.route("/photos(/:id)", name: "photo"),
        Routing.route("/feed(/page/:page(int))", name: "feed"),
        Routing.route("/a(/:x(/:y))", name: "nested"),
        Routing.route("/users/new", name: "newUser"),
        Routing.route("/users/:id", name: "user"),
        Routing.route("/kinds/:k(kind)", name: "kind", constraints: ["kind": .oneOf(["a b", "c/d"])]),
        Routing.route("/café/:x", name: "cafe"),
    ]

    static func router(_ configuration: Router.Configuration = .init()) throws -> Router {
        try Router(routes: routes, configuration: configuration)
    }

    @Test(
        "values are percent-encoded per segment and match back to the same route and values",
        arguments: [
            ("root", [:], "/"),
            ("inbox", [:], "/inbox"),
            ("message", ["id": "7"], "/messages/7"),
            ("message", ["id": "a/b"], "/messages/a%2Fb"),
            ("message", ["id": "a b"], "/messages/a%20b"),
            ("message", ["id": "100%"], "/messages/100%25"),
            ("message", ["id": "%2F"], "/messages/%252F"),
            ("message", ["id": "a?b"], "/messages/a%3Fb"),
            ("message", ["id": "a#b"], "/messages/a%23b"),
            ("message", ["id": "é"], "/messages/%C3%A9"),
            ("message", ["id": "日本"], "/messages/%E6%97%A5%E6%9C%AC"),
            ("message", ["id": "😀"], "/messages/%F0%9F%98%80"),
            ("message", ["id": "a+b=c&d;e"], "/messages/a+b=c&d;e"),
            ("message", ["id": "-._~!$'()*,:@"], "/messages/-._~!$'()*,:@"),
            ("message", ["id": "..."], "/messages/..."),
            ("message", ["id": "a\\b\"<>[]{}|^`"], "/messages/a%5Cb%22%3C%3E%5B%5D%7B%7D%7C%5E%60"),
            ("raw", ["id": "-12"], "/messages/-12/raw"),
            ("files", ["path": "a"], "/files/a"),
            ("files", ["path": "a/b c/d"], "/files/a/b%20c/d"),
            ("files", ["path": "x%/é?"], "/files/x%25/%C3%A9%3F"),
            ("photo", [:], "/photos"),
            ("photo", ["id": "7"], "/photos/7"),
            ("feed", [:], "/feed"),
            ("feed", ["page": "2"], "/feed/page/2"),
            ("nested", [:], "/a"),
            ("nested", ["x": "1"], "/a/1"),
            ("nested", ["x": "1", "y": "2"], "/a/1/2"),
            ("newUser", [:], "/users/new"),
            ("user", ["id": "bob"], "/users/bob"),
            ("kind", ["k": "a b"], "/kinds/a%20b"),
            ("kind", ["k": "c/d"], "/kinds/c%2Fd"),
            ("cafe", ["x": "1"], "/caf%C3%A9/1"),
        ] as [(String, [String: String], String)])
    func path(name: String, params: [String: String], expected: String) throws {
        let router = try Self.router()
        let path = try router.path(for: name, params)
        #expect(path == expected)
        let match = try #require(router.match(path))
        #expect(match.route.name == name)
        #expect(Routing.bytes(match.params) == Routing.bytes(params))
    }

    static let refusals: [(String, [String: String], Status, String)] = [
        ("nope", [:], .internalError, "no route is named 'nope'"),
        ("message", [:], .badRequest, "route 'message' needs parameter 'id'"),
        ("raw", ["id": "x"], .badRequest, "'x' breaks constraint int of parameter 'id'"),
        ("raw", ["id": "9223372036854775808"], .badRequest, "breaks constraint int"),
        ("feed", ["page": "two"], .badRequest, "breaks constraint int"),
        ("kind", ["k": "a"], .badRequest, "breaks constraint oneOf(a b|c/d)"),
        ("message", ["id": ""], .badRequest, "parameter 'id' cannot be ''"),
        ("message", ["id": "."], .badRequest, "parameter 'id' cannot be '.'"),
        ("message", ["id": ".."], .badRequest, "parameter 'id' cannot be '..'"),
        ("message", ["id": "a\u{1}"], .badRequest, "would be refused"),
        ("message", ["id": "a\u{200B}"], .badRequest, "would be refused"),
        ("files", ["path": ""], .badRequest, "cannot be ''"),
        ("files", ["path": "a//b"], .badRequest, "cannot be ''"),
        ("files", ["path": "a/"], .badRequest, "cannot be ''"),
        ("files", ["path": "a/../b"], .badRequest, "cannot be '..'"),
        ("user", ["id": "new"], .badRequest, "would reach \"/users/new\" instead"),
        ("inbox", ["x": "1"], .badRequest, "route 'inbox' (/inbox) has no parameter 'x' here"),
        ("message", ["id": "1", "extra": "2"], .badRequest, "has no parameter 'extra'"),
        ("nested", ["y": "2"], .badRequest, "has no parameter 'y'"),
    ]

    @Test("unknown names, missing, extra and invalid values throw a RoutingError", arguments: refusals)
    func refusal(name: String, params: [String: String], status: Status, message: String) throws {
        let router = try Self.router()
        let error = try #require(Routing.routingError { try router.path(for: name, params) })
        #expect(error.status == status)
        #expect(error.message.contains(message), "\(error)")
    }

    @Test("a path that a rewrite would turn elsewhere is refused")
    func rewrittenAway() throws {
        let router = try Router(
            rewrites: [Rewrite("/old/:id", to: "/new/:id")],
            routes: [Routing.route("/old/:id", name: "old"), Routing.route("/new/:id", name: "new")])
        #expect(try router.path(for: "new", ["id": "1"]) == "/new/1")
        let error = Routing.routingError { try router.path(for: "old", ["id": "1"]) }
        #expect(error?.status == .badRequest)
        #expect(error?.message.contains("instead") == true, "\(String(describing: error))")
    }

    @Test(
        "url(for:) with a custom scheme folds the first segment into the host position",
        arguments: [
            ("inbox", [:], nil, "mailapp://inbox"),
            ("message", ["id": "a b"], nil, "mailapp://messages/a%20b"),
            ("root", [:], nil, "mailapp://"),
            ("inbox", [:], "otherapp", "otherapp://inbox"),
            ("inbox", [:], "MailApp", "MailApp://inbox"),
        ] as [(String, [String: String], String?, String)])
    func customSchemeURL(name: String, params: [String: String], scheme: String?, expected: String) throws {
        let router = try Self.router(.init(schemes: ["mailapp", "otherapp"], hosts: ["mail.example.com"]))
        let url = try router.url(for: name, params, scheme: scheme)
        #expect(url == expected)
        #expect(router.match(url)?.route.name == name)
        #expect(Routing.bytes(try #require(router.match(url)).params) == Routing.bytes(params))
    }

    @Test("url(for:) with http(s) needs a served host; with one host, it is the default")
    func webURL() throws {
        let one = try Self.router(.init(schemes: ["mailapp"], hosts: ["mail.example.com"]))
        #expect(
            try one.url(for: "message", ["id": "7"], scheme: "https") == "https://mail.example.com/messages/7"
        )
        #expect(try one.url(for: "root", scheme: "https") == "https://mail.example.com")
        #expect(
            try one.url(for: "inbox", scheme: "http", host: "MAIL.example.com")
                == "http://MAIL.example.com/inbox")
        #expect(one.match(try one.url(for: "root", scheme: "https"))?.route.name == "root")
        #expect(
            Routing.routingError { try one.url(for: "inbox", scheme: "https", host: "evil.com") }?.status
                == .badRequest)

        let two = try Self.router(.init(schemes: ["mailapp"], hosts: ["a.example.com", "b.example.com"]))
        #expect(Routing.routingError { try two.url(for: "inbox", scheme: "https") }?.status == .badRequest)
        #expect(
            try two.url(for: "inbox", scheme: "https", host: "b.example.com") == "https://b.example.com/inbox"
        )
    }

    @Test("url(for:) refuses a scheme the router does not serve, a host on a custom scheme, no scheme")
    func urlRefusals() throws {
        let router = try Self.router(.init(schemes: ["mailapp"]))
        #expect(Routing.routingError { try router.url(for: "inbox", scheme: "other") }?.status == .badRequest)
        #expect(
            Routing.routingError { try router.url(for: "inbox", scheme: "mailapp", host: "x") }?.status
                == .badRequest)
        #expect(Routing.routingError { try router.url(for: "inbox", scheme: "https") }?.status == .badRequest)
        #expect(Routing.routingError { try router.url(for: "nope") }?.status == .internalError)
        let anyScheme = try Self.router()
        #expect(
            Routing.routingError { try anyScheme.url(for: "inbox") }?.message.contains("no schemes") == true)
        #expect(try anyScheme.url(for: "inbox", scheme: "whatever") == "whatever://inbox")
    }

    @Test("reverse routing of a case-insensitive router keeps the pattern's spelling")
    func caseInsensitive() throws {
        let router = try Router(
            routes: [Routing.route("/Inbox/:id", name: "inbox")], configuration: .init(caseSensitive: false))
        #expect(try router.path(for: "inbox", ["id": "X"]) == "/Inbox/X")
    }

    /// The Architecture article is silent on which expansion reverse routing picks; the code takes the first
    /// expansion (in the order optional parts are left out, then taken) with the most parameters,
    /// all given. Optional literals are therefore left out.
    @Test(
        "optional parts: the first expansion with the most given parameters",
        arguments: [
            ("/a(/b)(/:x)", [:], "/a"),
            ("/a(/b)(/:x)", ["x": "1"], "/a/1"),
            ("/feed(/rss)", [:], "/feed"),
            ("/docs(/*page)", [:], "/docs"),
            ("/docs(/*page)", ["page": "a/b"], "/docs/a/b"),
            ("/p(/:a)(/:b(int))", ["b": "2"], "/p/2"),
            ("/p(/:a)(/:b(int))", ["a": "x", "b": "2"], "/p/x/2"),
        ] as [(String, [String: String], String)])
    func optionalChoice(pattern: String, params: [String: String], expected: String) throws {
        let router = try Router(routes: [Routing.route(pattern, name: "r")])
        let path = try router.path(for: "r", params)
        #expect(path == expected)
        #expect(router.match(path).map { Routing.bytes($0.params) } == Routing.bytes(params))
    }

    @Test("every route of a fixed table round-trips through match(path(for:))")
    func everyRouteRoundTrips() throws {
        let router = try Self.router()
        let samples: [String: [String: String]] = [
            "root": [:], "inbox": [:], "message": ["id": "x/y z"], "raw": ["id": "0"],
            "files": ["path": "a/b/c"], "photo": ["id": "%"], "feed": ["page": "-1"],
            "nested": ["x": "é", "y": "#"], "newUser": [:], "user": ["id": "old"], "kind": ["k": "c/d"],
            "cafe": ["x": "?"],
        ]
        #expect(Set(samples.keys) == Set(Self.routes.compactMap(\.name)), "the table is covered")
        for (name, params) in samples {
            let path = try router.path(for: name, params)
            let match = try #require(router.match(path), "\(name): \(path)")
            #expect(match.route.name == name)
            #expect(Routing.bytes(match.params) == Routing.bytes(params), "\(name): \(path)")
        }
    }
}
