import Testing

@testable import Switchyard

/// `caseSensitive` (Architecture, "The router") and trailing slash, fragment and query, as matching
/// sees them.
@Suite("Case, trailing slash, fragment and query")
struct MatchingOptionsTests {
    static let patterns = [
        "/inbox", "/users/:name", "/état", "/notifications/settings", "/x@y", "/[a]", "/abcdefgh@[`{",
    ]

    /// `(path, route matched when case-insensitive, route matched when case-sensitive)`.
    static let cases: [(String, String?, String?)] = [
        ("/inbox", "/inbox", "/inbox"),
        ("/INBOX", "/inbox", nil),
        ("/InBoX", "/inbox", nil),
        ("/%49nbox", "/inbox", nil),
        ("/%69nbox", "/inbox", "/inbox"),
        ("/inboxes", nil, nil),
        ("/USERS/Bob", "/users/:name", nil),
        ("/NOTIFICATIONS/SETTINGS", "/notifications/settings", nil),
        ("/notifications/settingS", "/notifications/settings", nil),
        ("/notificationz/settings", nil, nil),
        // Only ASCII folds: "É" (U+00C9) is not "é" (U+00E9).
        ("/%C3%A9tat", "/état", "/état"),
        ("/%C3%A9TAT", "/état", nil),
        ("/%C3%89tat", nil, nil),
        ("/%C3%89TAT", nil, nil),
        // Bytes next to the letter ranges do not fold: '@' | 0x20 is '`', '[' | 0x20 is '{'.
        ("/X@Y", "/x@y", nil),
        ("/x%60y", nil, nil),
        ("/%7Ba%7D", nil, nil),
        ("/[A]", "/[a]", nil),
        ("/ABCDEFGH@[`{", "/abcdefgh@[`{", nil),
        ("/ABCDEFGH%60%7B%60%7B", nil, nil),
        ("/abcdefgh@[%40%5B", nil, nil),
    ]

    @Test("caseSensitive: false folds ASCII letters of literals only", arguments: cases)
    func caseFolding(path: String, insensitive: String?, sensitive: String?) throws {
        let folding = try router(Self.patterns, configuration: .init(caseSensitive: false))
        #expect(folding.match(path)?.route.pattern == insensitive)
        #expect(try router(Self.patterns).match(path)?.route.pattern == sensitive, "the default is sensitive")
    }

    @Test("folding never changes parameter values")
    func parametersKeepTheirCase() throws {
        let router = try router(["/users/:name", "/files/*path"], configuration: .init(caseSensitive: false))
        #expect(router.match("/USERS/BoB")?.params["name"] == "BoB")
        #expect(router.match("/Files/A/b")?.params["path"] == "A/b")
    }

    /// The Architecture article is silent: folding is for literals; a `.oneOf` value still compares exactly.
    @Test("folding does not reach constraints")
    func constraintsStayExact() throws {
        let router = try Router(
            routes: [Routing.route("/f/:k(kind)", constraints: ["kind": .oneOf(["news"])])],
            configuration: .init(caseSensitive: false))
        #expect(router.match("/F/news") != nil)
        #expect(router.match("/f/NEWS") == nil)
    }

    @Test(
        "a trailing '/' is ignored, in the URL and in the pattern",
        arguments: [
            ("/inbox/", "/inbox", []),
            ("/users/7/", "/users/:id", ["id=7"]),
            ("/files/a/", "/files/*path", ["path=a"]),
            ("/files/a/b/", "/files/*path", ["path=a/b"]),
            ("/slash", "/slash/", []),
            ("/slash/", "/slash/", []),
            ("/", "/", []),
        ])
    func trailingSlash(path: String, expected: String, parameters: [String]) throws {
        let router = try router(["/inbox", "/users/:id", "/files/*path", "/slash/", "/"])
        let match = try #require(router.match(path))
        #expect(match.route.pattern == expected)
        #expect(match.params.map { "\($0.name)=\($0.value)" } == parameters)
    }

    @Test(
        "the fragment and the query take no part in matching",
        arguments: [
            ("/inbox#x", "/inbox", []),
            ("/inbox#/users/7", "/inbox", []),
            ("/users/7#frag", "/users/:id", ["id=7"]),
            ("/inbox?a=b", "/inbox", []),
            ("/inbox?/users/7", "/inbox", []),
            ("/users/7?id=9", "/users/:id", ["id=7"]),
            ("/users/7/?id=9#x", "/users/:id", ["id=7"]),
            ("/files/a?b/c", "/files/*path", ["path=a"]),
            ("/files/a%3Fb/c", "/files/*path", ["path=a?b/c"]),
            ("/files/a%23b", "/files/*path", ["path=a#b"]),
            ("/?x", "/", []),
            ("/#x", "/", []),
        ])
    func fragmentAndQuery(url: String, expected: String, parameters: [String]) throws {
        let router = try router(["/inbox", "/users/:id", "/files/*path", "/"])
        let match = try #require(router.match(url))
        #expect(match.route.pattern == expected)
        #expect(match.params.map { "\($0.name)=\($0.value)" } == parameters)
    }
}
