import Testing

@testable import Switchyard

/// The pattern parser reads Unicode scalars, as the URL parser reads bytes: structure is ASCII,
/// and no combining mark may hide it.
@Suite("Pattern parsing by scalar")
struct PatternScalarTests {
    /// Regression: the parser walked `Character`s, and `/` followed by a combining mark is one
    /// `Character`, so `/a/\u{301}b` was one literal segment "a/\u{301}b": it matched the single
    /// encoded segment `a%2F%CC%81b` and never the two segments it was written as.
    @Test("'/' followed by a combining mark still separates segments")
    func slashBeforeCombiningMark() throws {
        let router = try Router(routes: [Routing.route("/a/\u{301}b"), Routing.route("/\u{301}x")])
        #expect(router.match("/a/%CC%81b")?.route.pattern == "/a/\u{301}b")
        #expect(router.match("/a%2F%CC%81b") == nil)
        #expect(router.match("/%CC%81x")?.route.pattern == "/\u{301}x", "a pattern may start with '/' + mark")
    }

    /// Regression: `:` or `*` followed by a combining mark was not seen as `:`/`*`, so such a
    /// segment became a literal holding a colon instead of an invalid parameter.
    @Test(
        "':' and '*' followed by a combining mark are still seen",
        arguments: [
            ("/:\u{301}x", 2, "a parameter name is"),
            ("/*\u{301}x", 2, "a glob name is"),
            ("/x:\u{301}y", 3, "a parameter name is"),
            ("/x*\u{301}y", 3, "a glob name is"),
            ("/:id(\u{301}int", 4, "'(' is never closed"),
        ])
    func structureBeforeCombiningMark(pattern: String, position: Int, reason: String) {
        let error = Routing.tableError([Routing.route(pattern)])
        #expect(error?.position == position)
        #expect(error?.reason.contains(reason) == true, "\(String(describing: error))")
    }

    @Test("positions count scalars: a decomposed 'é' is two")
    func positionsCountScalars() {
        #expect(Routing.tableError([Routing.route("/caf\u{E9}/:1")])?.position == 7)
        #expect(Routing.tableError([Routing.route("/cafe\u{301}/:1")])?.position == 8)
    }

    /// Regression: literals with U+200B–U+200F, U+202A–U+202E, U+2060–U+2064, U+2066–U+2069 or
    /// U+FEFF were accepted although the URL parser refuses them in every path, so such a route
    /// could never be reached; control characters were already refused the same way.
    @Test(
        "invisible and bidirectional formatting characters in a literal are refused",
        arguments: [
            ("/a\u{200B}b", 2), ("/\u{FEFF}x", 1), ("/x/\u{202E}y", 3), ("/\u{2066}", 1), ("/a\u{200F}", 2),
        ])
    func invisibleCharacters(pattern: String, position: Int) {
        let error = Routing.tableError([Routing.route(pattern)])
        #expect(error?.position == position)
        #expect(error?.reason.hasPrefix("invisible and bidirectional formatting characters") == true)
    }

    @Test(
        "their neighbours stay allowed",
        arguments: ["/a\u{200A}b", "/a\u{2010}b", "/a\u{2065}b", "/a\u{FEFE}"])
    func neighbours(pattern: String) {
        #expect(Routing.tableError([Routing.route(pattern)]) == nil)
    }
}
