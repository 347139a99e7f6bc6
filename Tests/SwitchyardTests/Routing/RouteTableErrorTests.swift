import Testing

@testable import Switchyard

/// Architecture, "The router": every mistake `Router.init` reports as a ``RouteTableError`` naming
/// the pattern, the position (a 0-based character offset) and the reason.
@Suite("Route table errors")
struct RouteTableErrorTests {
    struct Invalid: Sendable, CustomTestStringConvertible {
        let pattern: String
        let position: Int
        let reason: String
        var testDescription: String { pattern.debugDescription }

        init(_ pattern: String, _ position: Int, _ reason: String) {
            self.pattern = pattern
            self.position = position
            self.reason = reason
        }
    }

    static let invalid: [Invalid] = [
        Invalid("", 0, "a pattern starts with '/'"),
        Invalid("messages", 0, "a pattern starts with '/'"),
        Invalid("/a//b", 2, "empty segment"),
        Invalid("/a/(/b)", 2, "empty segment"),
        Invalid("/a(/)", 3, "empty segment"),
        Invalid("/x*y", 2, "a glob starts a segment"),
        Invalid("/:a:b", 3, "two parameters need a literal between them"),
        Invalid("/:a(:b)", 4, "two parameters need a literal between them"),
        Invalid("/*a:b", 3, "two parameters need a literal between them"),
        Invalid("/a\\", 2, "'\\' at the end escapes nothing"),
        Invalid("/a\\/b", 2, "'/' cannot be escaped"),
        Invalid("/a\\%", 3, "write the decoded character instead of a percent-escape"),
        Invalid("/:", 2, "a parameter name is [A-Za-z_][A-Za-z0-9_]*"),
        Invalid("/:1a", 2, "a parameter name is [A-Za-z_][A-Za-z0-9_]*"),
        Invalid("/:-a", 2, "a parameter name is"),
        Invalid("/:é", 2, "a parameter name is"),
        Invalid("/*", 2, "a glob name is [A-Za-z_][A-Za-z0-9_]*"),
        Invalid("/*9", 2, "a glob name is"),
        Invalid("/:id()", 4, "an optional part is empty"),
        Invalid("/:id(int", 4, "'(' is never closed"),
        Invalid("/a(/b", 2, "'(' is never closed"),
        Invalid("/a(/b(/c)", 2, "'(' is never closed"),
        Invalid("/a/b)", 4, "')' closes nothing"),
        Invalid("/a(/b))", 6, "')' closes nothing"),
        Invalid("/a()", 2, "an optional part is empty"),
        Invalid("/a/%20", 3, "write the decoded character instead of a percent-escape"),
        Invalid("/a?b", 2, "'?' cannot appear in a path pattern"),
        Invalid("/a#b", 2, "'#' cannot appear in a path pattern"),
        Invalid("/.", 1, "'.' and '..' segments can never match"),
        Invalid("/a/..", 3, "'.' and '..' segments can never match"),
        Invalid("/a\u{1}", 2, "control characters can never match"),
        Invalid("/a\u{7F}", 2, "control characters can never match"),
        Invalid("/:a/:a", 4, "parameter 'a' appears twice"),
        Invalid("/:a(/:a)", 5, "parameter 'a' appears twice"),
        Invalid("/:a/*a", 4, "parameter 'a' appears twice"),
        Invalid("/*a/*b", 4, "a pattern has at most one glob"),
        Invalid("/*a(/*b)", 5, "a pattern has at most one glob"),
        // Positions count characters, not UTF-8 bytes: "é" is one.
        Invalid("/café/:1", 7, "a parameter name is"),
        Invalid("/日本/x*y", 5, "a glob starts a segment"),
        // The parser reads bytes: every position after a scalar of two, three or four bytes, or a
        // combining mark, is still counted in scalars.
        Invalid("/e\u{301}/:a/:a", 7, "parameter 'a' appears twice"),
        Invalid("/\u{1F600}/*g/*h", 6, "a pattern has at most one glob"),
        Invalid("/ü(/*x)(/*g)", 9, "a pattern has at most one glob"),
        Invalid("/日本/:id(int", 7, "'(' is never closed"),
        Invalid("/ü/a\u{85}", 4, "control characters can never match"),
        Invalid("/ü/a\u{200B}", 4, "invisible and bidirectional formatting characters"),
        Invalid("/\u{1F600}x:y/%", 6, "write the decoded character instead of a percent-escape"),
        Invalid("/\u{1F600}(/a)//", 6, "empty segment"),
    ]

    @Test("invalid patterns: pattern, position and reason", arguments: invalid)
    func invalidPattern(row: Invalid) throws {
        let error = try #require(Routing.tableError([Routing.route(row.pattern)]))
        #expect(error.pattern == row.pattern)
        #expect(error.position == row.position, "\(error)")
        #expect(error.reason.contains(row.reason), "\(error)")
        #expect(
            error.description
                == "invalid pattern \"\(row.pattern)\" at position \(row.position): \(error.reason)")
    }

    @Test("exact messages")
    func exactMessages() {
        #expect(
            Routing.tableError([Routing.route("/*a/*b")])?.description
                == "invalid pattern \"/*a/*b\" at position 4: a pattern has at most one glob")
        #expect(
            Routing.tableError([Routing.route("/:a:b")])?.description
                == #"invalid pattern "/:a:b" at position 3: two parameters need a literal between them: where would one end? (write '\' before a character to make it literal)"#
        )
        #expect(
            Routing.tableError([Routing.route("/users/:id(nope)")])?.description
                == "invalid pattern \"/users/:id(nope)\" at position 11: unknown constraint 'nope' (known here: alnum, alpha, int, uuid)"
        )
        #expect(
            Routing.tableError([Routing.route("/users/:id"), Routing.route("/users/:name")])?.description
                == "route table error for \"/users/:name\": it could never run: it has the same shape as \"/users/:id\" (parameter names aside), which was registered first and has no continueNext"
        )
    }

    @Test("the first bad route in registration order is reported, with its full (grouped) pattern")
    func firstBadRoute() {
        let routes =
            [Routing.route("/ok")] + Route.group("/admin", [Routing.route("/:a:b")])
            + [Routing.route("/x*y")]
        let error = Routing.tableError(routes)
        #expect(error?.pattern == "/admin/:a:b")
        #expect(error?.position == 9)
    }

    @Test(
        "unknown constraints: the position of the name; the route's own are listed as known",
        arguments: [
            (
                "/:id(nope)", [String: Constraint](), 5,
                "unknown constraint 'nope' (known here: alnum, alpha, int, uuid)"
            ),
            ("/a(/:id(nope))", [:], 8, "unknown constraint 'nope'"),
            ("/:id(Int)", [:], 5, "unknown constraint 'Int'"),
            ("/日本(/:id(nope))", [:], 9, "unknown constraint 'nope'"),
            (
                "/:k(kind)/:id(nope)", ["kind": .oneOf(["a"])], 14,
                "(known here: alnum, alpha, int, uuid, kind)"
            ),
        ])
    func unknownConstraint(pattern: String, constraints: [String: Constraint], position: Int, reason: String)
    {
        let error = Routing.tableError([Routing.route(pattern, constraints: constraints)])
        #expect(error?.pattern == pattern)
        #expect(error?.position == position)
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
    }

    /// A key that constrains nothing is most likely a typo, so it is refused (Architecture, "Routes and
    /// patterns").
    @Test("a constraints key that names neither a constraint in the pattern nor a parameter is refused")
    func unusedConstraintKey() {
        let error = Routing.tableError([Routing.route("/:id", constraints: ["iid": .int])])
        #expect(error?.pattern == "/:id")
        #expect(error?.position == nil)
        #expect(error?.reason.hasPrefix("constraint 'iid' is used by no parameter") == true)
        let shadowed = Routing.tableError([Routing.route("/:id(int)", constraints: ["id": .alpha])])
        #expect(
            shadowed?.reason.hasPrefix("constraint 'id' is used by no parameter") == true,
            "a parameter with its own (constraint) does not take a keyed one too")
    }

    /// The Architecture article gives globs no constraints; both spellings are refused rather than ignored.
    /// A behaviour change of 0.4: a glob's constraint was refused; it now sees the glob's
    /// decoded text, `/`-joined.
    @Test("a glob takes a constraint, in parentheses or by key, on its /-joined text")
    func globConstraints() throws {
        let inParentheses = try Router(routes: [Routing.route("/f/*path(int)")])
        #expect(inParentheses.match("/f/12")?.params["path"] == "12")
        #expect(inParentheses.match("/f/1/2") == nil)
        let keyed = try Router(routes: [
            Routing.route(
                "/f/*path",
                constraints: ["path": .custom("two segments") { $0.split(separator: "/").count == 2 }])
        ])
        #expect(keyed.match("/f/a/b")?.params["path"] == "a/b")
        #expect(keyed.match("/f/a") == nil)
    }

    struct Pair: Sendable, CustomTestStringConvertible {
        let first: Route
        let second: Route
        let conflicts: Bool
        var caseSensitive = true
        var testDescription: String {
            "\(first.pattern) vs \(second.pattern)\(caseSensitive ? "" : " (case-insensitive)")"
        }
    }

    static let kindAB: [String: Constraint] = ["kind": .oneOf(["a", "b"])]
    static let sortBA: [String: Constraint] = ["sort": .oneOf(["b", "a"])]
    static let sortAC: [String: Constraint] = ["sort": .oneOf(["a", "c"])]
    static func pair(_ first: String, _ second: String, _ conflicts: Bool) -> Pair {
        Pair(first: Routing.route(first), second: Routing.route(second), conflicts: conflicts)
    }

    static let pairs: [Pair] = [
        pair("/users/:id", "/users/:name", true),
        pair("/users/:id(int)", "/users/:n(int)", true),
        pair("/users/:id(int)", "/users/:n", false),
        pair("/users/:id(int)", "/users/:n(alnum)", false),
        pair("/a/*x", "/a/*y", true),
        pair("/a/*x", "/a/:y", false),
        pair("/a", "/a/", true),
        pair("/a", "/a", true),
        pair("/", "/", true),
        pair("/a", "/A", false),
        Pair(first: Routing.route("/a"), second: Routing.route("/A"), conflicts: true, caseSensitive: false),
        Pair(first: Routing.route("/é"), second: Routing.route("/É"), conflicts: false, caseSensitive: false),
        pair("/photos(/:id)", "/photos/:x", true),
        pair("/photos(/:id)", "/photos", true),
        pair("/a(/b)/:c", "/a/:x", true),
        pair("/a(/b)/:c", "/a/b", false),
        pair("/:a/:b", "/:c(int)/:d", false),
        Pair(
            first: Routing.route("/u/:id", constraints: ["id": .int]), second: Routing.route("/u/:n(int)"),
            conflicts: true),
        Pair(
            first: Routing.route("/f/:k(kind)", constraints: kindAB),
            second: Routing.route("/f/:j(sort)", constraints: sortBA), conflicts: true),
        Pair(
            first: Routing.route("/f/:k(kind)", constraints: kindAB),
            second: Routing.route("/f/:j(sort)", constraints: sortAC), conflicts: false),
        Pair(
            first: Routing.route("/h/:x(c)", constraints: ["c": .custom("short") { $0.count < 3 }]),
            second: Routing.route("/h/:y(d)", constraints: ["d": .custom("short") { $0.count < 9 }]),
            conflicts: true),
        Pair(first: Routing.route("/p/:x"), second: Routing.route("/p/:y", priority: 5), conflicts: true),
    ]

    @Test("two routes of the same expanded shape (parameter names aside, same constraints)", arguments: pairs)
    func sameShape(pair: Pair) {
        let error = Routing.tableError(
            [pair.first, pair.second], configuration: .init(caseSensitive: pair.caseSensitive))
        #expect((error != nil) == pair.conflicts, "\(String(describing: error))")
        guard let error else { return }
        // The route reported is the one that could never run: the later in precedence order
        // (higher priority first, then registration), whichever was registered last.
        let (blocker, blocked) =
            pair.second.priority > pair.first.priority ? (pair.second, pair.first) : (pair.first, pair.second)
        #expect(error.pattern == blocked.pattern, "the route that could never run is the one reported")
        #expect(error.position == nil)
        if pair.first.pattern != pair.second.pattern {
            #expect(error.reason.contains("the same shape as \"\(blocker.pattern)\""))
        }
    }

    /// Regression: the builder words a conflict as "two of its optional-part expansions" whenever
    /// both routes have the same pattern text, even when they are two different routes.
    @Test("two routes with the same pattern text are named as two routes")
    func samePatternTwice() throws {
        let error = try #require(Routing.tableError([Routing.route("/a"), Routing.route("/a")]))
        // Regression: `TrieBuilder.conflict` compared pattern text, not routes, and called these
        // "two of its optional-part expansions".
        #expect(!error.reason.contains("optional-part expansions"), "\(error)")
        #expect(error.reason.contains("same shape as \"/a\""), "\(error)")
    }

    /// A behaviour change of 0.4: such a route was refused; its later expansion now gives the
    /// shape up to the earlier one, which answers its links (as Rails reads them).
    @Test(
        "one route whose optional parts expand to the same shape twice: the earlier expansion answers",
        arguments: [
            ("/a(/b)(/b)", "/a/b", [:]), ("/a(/:x)(/:y)", "/a/1", ["x": "1"]),
            ("/a(/b(/c))(/b/c)", "/a/b/c", [:]), ("/a(/:x(int))(/:y(int))", "/a/7", ["x": "7"]),
        ] as [(String, String, [String: String])])
    func selfConflict(pattern: String, path: String, params: [String: String]) throws {
        let router = try Router(routes: [Routing.route(pattern)])
        let match = try #require(router.match(path))
        #expect(Routing.strings(match.params) == params)
    }

    @Test("optional parts whose expansions differ in kind do not conflict")
    func noSelfConflict() {
        #expect(Routing.tableError([Routing.route("/a(/:x)(/*y)")]) == nil)
        #expect(Routing.tableError([Routing.route("/a(/:x(int))(/:y)")]) == nil)
    }

    @Test("two routes with the same name")
    func duplicateNames() {
        let error = Routing.tableError([
            Routing.route("/a", name: "x"), Routing.route("/b", name: "y"),
            Routing.route("/c/:id", name: "x"),
        ])
        #expect(error?.pattern == "/c/:id")
        #expect(error?.position == nil)
        #expect(error?.reason == "the name 'x' is already used by \"/a\"")
        #expect(
            error?.description == "route table error for \"/c/:id\": the name 'x' is already used by \"/a\"")
    }

    @Test("a rewrite whose template names a parameter its pattern lacks")
    func rewriteTemplate() {
        let route = Routing.route("/messages/:id")
        let missing = Routing.tableError([route], rewrites: [Rewrite("/msg/:id", to: "/messages/:nope")])
        #expect(missing?.pattern == "/messages/:nope")
        #expect(missing?.position == 10)
        #expect(
            missing?.reason
                == "the template names 'nope', which its pattern \"/msg/:id\" does not always capture")
        let optional = Routing.tableError([route], rewrites: [Rewrite("/msg(/:id)", to: "/messages/:id")])
        #expect(optional?.position == 10, "captured in one expansion only is not enough")
        #expect(Routing.tableError([route], rewrites: [Rewrite("/msg/:id", to: "/messages/:id")]) == nil)
        #expect(Routing.tableError([route], rewrites: [Rewrite("/m/*rest", to: "/messages/*rest")]) == nil)
        #expect(Routing.tableError([route], rewrites: [Rewrite("/m(/:x)/:id", to: "/messages/:id")]) == nil)
    }

    @Test(
        "a rewrite's own pattern and template are checked like route patterns",
        arguments: [
            ("msg/:id", "/messages/:id", "msg/:id", 0),
            ("/msg/:id", "/messages/:a-:b", "/messages/:a-:b", 10),
            ("/msg/:id(kind)", "/messages/:id", "/msg/:id(kind)", 9),
            ("/msg/:id", "/messages(/:id)", "/messages(/:id)", nil),
        ] as [(String, String, String, Int?)])
    func rewritePatterns(from: String, to: String, pattern: String, position: Int?) {
        let error = Routing.tableError([Routing.route("/messages/:id")], rewrites: [Rewrite(from, to: to)])
        #expect(error?.pattern == pattern)
        #expect(error?.position == position)
    }
}
