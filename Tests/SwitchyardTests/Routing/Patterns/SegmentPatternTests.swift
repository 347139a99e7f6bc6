import Testing

@testable import Switchyard

/// Patterns the web writes: literals and parameters inside a segment, `\` escapes, optional parts
/// inside a segment and at the start, globs anywhere, with a tail or a constraint. Each row is a
/// table, a path, and the route and parameters it must give (or none).
@Suite("Route patterns: segments of literals and parameters, globs anywhere")
struct SegmentPatternTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let patterns: [String]
        let path: String
        /// The index of the route the path reaches, or `nil` for none.
        let route: Int?
        let params: [String: String]
        var caseSensitive = true
        var testDescription: String { "\(patterns) ← \(path)" }
    }

    static func row(
        _ patterns: [String], _ path: String, _ route: Int?, _ params: [String: String] = [:],
        caseSensitive: Bool = true
    ) -> Row {
        Row(patterns: patterns, path: path, route: route, params: params, caseSensitive: caseSensitive)
    }

    static let rows: [Row] = [
        // A parameter inside a segment ends at the first occurrence of the literal after it.
        row(["/:artist-:song"], "/ada-lovelace", 0, ["artist": "ada", "song": "lovelace"]),
        row(["/:artist-:song"], "/a-b-c", 0, ["artist": "a", "song": "b-c"]),
        row(["/:artist-:song"], "/-ab", nil),
        row(["/:artist-:song"], "/ab-", nil),
        row(["/:artist/:song-song"], "/x/yes-song", 0, ["artist": "x", "song": "yes"]),
        row(["/files/:name.html"], "/files/a.b.html", 0, ["name": "a.b"]),
        row(["/files/:name.html"], "/files/a.html.html", nil),
        row(["/files/:name.html"], "/files/index.html", 0, ["name": "index"]),
        row(["/files/:name.html"], "/files/.html", nil),
        row(["/files/:name.html"], "/files/index.htm", nil),
        // Matching is on the decoded segment; the value is decoded when read.
        row(["/files/:name.html"], "/files/a%20b%2Ehtml", 0, ["name": "a b"]),
        row(["/:a-:b"], "/x%2Dy-z", 0, ["a": "x", "b": "y-z"]),
        // Escapes make `:`, `*`, `(`, `)` and `\` literal, and end a parameter name.
        row([#"/wiki/Talk\::title"#], "/wiki/Talk:Dog", 0, ["title": "Dog"]),
        row([#"/wiki/Talk\::title"#], "/wiki/Talk:", nil),
        row([#"/a\(b\)"#], "/a(b)", 0),
        row([#"/:foo\bar"#], "/xbar", 0, ["foo": "x"]),
        row([#"/\*star"#], "/*star", 0),
        // Optional parts inside a segment: tried present first.
        row(["/:id(.:format)"], "/7.json", 0, ["id": "7", "format": "json"]),
        row(["/:id(.:format)"], "/7", 0, ["id": "7"]),
        row(["/:id(.:format)"], "/a.b.c", 0, ["id": "a", "format": "b.c"]),
        row(["/:id(int)(.:format)"], "/7.json", 0, ["id": "7", "format": "json"]),
        row(["/:id(int)(.:format)"], "/x.json", nil),
        row(["/star-trek(-tng)/:episode"], "/star-trek-tng/4", 0, ["episode": "4"]),
        row(["/star-trek(-tng)/:episode"], "/star-trek/4", 0, ["episode": "4"]),
        row(["/books(/:action(.:format))"], "/books/show.xml", 0, ["action": "show", "format": "xml"]),
        row(["/books(/:action(.:format))"], "/books", 0),
        // An optional part may start the pattern.
        row(["(/:locale)/books"], "/fr/books", 0, ["locale": "fr"]),
        row(["(/:locale)/books"], "/books", 0),
        row(["(/*path)"], "/", 0),
        // One that does not start with `/` continues the first segment, as it would any other.
        row(["(/:locale)(.:format)"], "/.json", 0, ["format": "json"]),
        row(["(/:locale)(.:format)"], "/en.json", 0, ["locale": "en", "format": "json"]),
        row(["(a)/b"], "/a/b", 0),
        row(["(a)/b"], "/b", 0),
        row(["(/*path)"], "/a/b", 0, ["path": "a/b"]),
        row(["/docs(/*path)"], "/docs", 0),
        row(["/docs(/*path)"], "/docs/x/y", 0, ["path": "x/y"]),
        // Globs anywhere, with a tail in their last segment.
        row(["/*path/edit"], "/a/b/edit", 0, ["path": "a/b"]),
        row(["/*path/edit"], "/edit", nil),
        row(["/*path/edit"], "/a/b/show", nil),
        row(["/media/*path.ogg"], "/media/a/b.ogg", 0, ["path": "a/b"]),
        row(["/media/*path.ogg"], "/media/.ogg", nil),
        row(
            ["/:locale/*file.:format"], "/en/a/b.c.json", 0,
            ["locale": "en", "file": "a/b", "format": "c.json"]),
        row(["/:locale/*file.:format"], "/en/x", nil),
        row(["/src/*path/blob/:ref"], "/src/a/b/blob/main", 0, ["path": "a/b", "ref": "main"]),
        row(["/*path(.:format)"], "/a/b.json", 0, ["path": "a/b", "format": "json"]),
        row(["/*path(.:format)"], "/a/b", 0, ["path": "a/b"]),
        // Precedence: literal, then segment pattern (more literal characters first), then a
        // constrained parameter, a plain one, a glob.
        row(["/f/:x", "/f/:n.html", "/f/index.html"], "/f/index.html", 2),
        row(["/f/:x", "/f/:n.html"], "/f/a.html", 1, ["n": "a"]),
        row(["/f/:n.h", "/f/:n.html"], "/f/a.html", 1, ["n": "a"]),
        row(["/f/:x(int)", "/f/:n-:m"], "/f/1-2", 1, ["n": "1", "m": "2"]),
        row(["/f/*g", "/f/:n-:m"], "/f/1-2", 1, ["n": "1", "m": "2"]),
        row(["/f/*g", "/f/*g.ogg"], "/f/a.ogg", 1, ["g": "a"]),
        // A refused constraint fails the form, and the trie backtracks.
        row(["/u/:id(int).json", "/u/:x"], "/u/ab.json", 1, ["x": "ab.json"]),
        row(["/u/:id(int).json", "/u/:x"], "/u/12.json", 0, ["id": "12"]),
        row(["/m/*p(int)", "/m/*q"], "/m/1/2", 1, ["q": "1/2"]),
        // Case folding applies inside segments and tails.
        row(["/files/:name.HTML"], "/files/A.html", 0, ["name": "A"], caseSensitive: false),
        row(["/files/:name.HTML"], "/files/A.html", nil),
        row(["/m/*p.OGG"], "/m/x.ogg", 0, ["p": "x"], caseSensitive: false),
    ]

    @Test("each form matches as the rule says", arguments: rows)
    func matches(row: Row) throws {
        let router = try Router(
            routes: row.patterns.map { Routing.route($0) },
            configuration: .init(caseSensitive: row.caseSensitive))
        let match = router.match(row.path)
        #expect(match?.routeIndex == row.route, "\(router.explain(row.path))")
        if let match, row.route != nil {
            #expect(Routing.strings(match.params) == row.params)
        }
    }

    @Test("a hostile segment through a hundred multi-parameter routes stays linear")
    func hostileSegment() throws {
        let routes = (0..<100).map { index in Routing.route("/h/:a-:b-x\(index)-:d") }
        let router = try Router(routes: routes)
        let hostile = "/h/" + String(repeating: "-", count: 8_192)
        var tracer = CountingTracer()
        _ = router.storage.trie.match(hostile, path: 0..<hostile.utf8.count, tracer: &tracer)
        // One step per route tried: matching a segment pattern is a pass over the segment, not
        // a search over the ways to split it.
        #expect(tracer.steps <= 300)
        #expect(router.match(hostile) == nil)
        #expect(router.match("/h/p-q-x7-w")?.routeIndex == 7)
    }

    /// A private segment pattern does not exist for a link from outside: the public route it
    /// would outrank answers, and explain names only public routes.
    @Test(
        "private segment patterns and globs stay invisible from outside",
        arguments: [
            ("/files/:name.html", "/files/:name", "/files/a.html", ["name": "a.html"]),
            ("/media/*path.ogg", "/media/*rest", "/media/a/b.ogg", ["rest": "a/b.ogg"]),
            ("/*path/edit", "/*rest", "/x/y/edit", ["rest": "x/y/edit"]),
        ] as [(String, String, String, [String: String])])
    func privateFormsInvisible(hidden: String, open: String, path: String, params: [String: String]) throws {
        let router = try Router(routes: [
            Routing.route(hidden, name: "hidden", isPublic: false), Routing.route(open, name: "open"),
        ])
        #expect(router.match(path)?.route.name == "hidden")
        let outside = Source.external(sourceApplication: nil)
        let match = try #require(router.match(path, source: outside))
        #expect(match.route.name == "open")
        #expect(Routing.strings(match.params) == params)
        #expect(!router.explain(path, source: outside).contains(hidden))
        #expect(router.candidates(path, source: outside).map(\.route.name) == ["open"])
    }
}
