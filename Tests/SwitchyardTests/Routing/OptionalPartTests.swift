import Testing

@testable import Switchyard

/// Architecture, "Routes and patterns", optional parts `( … )`: expanded at init into one shape per
/// choice; they may nest.
@Suite("Optional parts")
struct OptionalPartTests {
    /// `nil` expects no match; otherwise the parameters, in pattern order.
    static let cases: [(String, String, [String]?)] = [
        ("/photos(/:id)", "/photos", []),
        ("/photos(/:id)", "/photos/7", ["id=7"]),
        ("/photos(/:id)", "/photos/7/8", nil),
        ("/feed(/page/:page)", "/feed", []),
        ("/feed(/page/:page)", "/feed/page/2", ["page=2"]),
        ("/feed(/page/:page)", "/feed/page", nil),
        ("/feed(/page/:page)", "/feed/2", nil),
        ("/a(/b(/c))", "/a", []),
        ("/a(/b(/c))", "/a/b", []),
        ("/a(/b(/c))", "/a/b/c", []),
        ("/a(/b(/c))", "/a/c", nil),
        ("/a(/:x(/:y))", "/a/1", ["x=1"]),
        ("/a(/:x(/:y))", "/a/1/2", ["x=1", "y=2"]),
        ("/search(/:q)(/page/:n(int))", "/search", []),
        ("/search(/:q)(/page/:n(int))", "/search/cats", ["q=cats"]),
        ("/search(/:q)(/page/:n(int))", "/search/page/2", ["n=2"]),
        ("/search(/:q)(/page/:n(int))", "/search/cats/page/2", ["q=cats", "n=2"]),
        ("/search(/:q)(/page/:n(int))", "/search/cats/page/x", nil),
        ("/v(/:id(int))", "/v/12", ["id=12"]),
        ("/v(/:id(int))", "/v/x", nil),
        ("/x(/y)/z", "/x/z", []),
        ("/x(/y)/z", "/x/y/z", []),
        ("/x(/y)/z", "/x/y", nil),
    ]

    @Test("every expansion matches, and nothing else", arguments: cases)
    func expansions(pattern: String, path: String, parameters: [String]?) throws {
        let router = try #require(try? Router(routes: [Routing.route(pattern)]), "\(pattern) is valid")
        let match = router.match(path)
        #expect(match?.params.map { "\($0.name)=\($0.value)" } == parameters)
    }

    @Test("an optional part is expanded at init: its shapes conflict with other routes' shapes")
    func expandedAtInit() {
        #expect(Routing.tableError([Routing.route("/photos(/:id)"), Routing.route("/photos")]) != nil)
        #expect(Routing.tableError([Routing.route("/photos(/:id)"), Routing.route("/photos/:x")]) != nil)
        #expect(Routing.tableError([Routing.route("/photos(/:id)"), Routing.route("/photos/new")]) == nil)
    }

    /// The Architecture article is silent on a limit; the parser refuses more than 256 expansions (`2^8`).
    @Test("eight independent optional parts are accepted, nine are refused", arguments: [8, 9])
    func expansionLimit(count: Int) throws {
        let letters = "abcdefghi".prefix(count).map { "(/\($0))" }.joined()
        let error = Routing.tableError([Routing.route("/x" + letters)])
        if count <= 8 {
            #expect(error == nil)
        } else {
            #expect(error?.reason == "more than 256 expansions of optional parts")
        }
    }
}
