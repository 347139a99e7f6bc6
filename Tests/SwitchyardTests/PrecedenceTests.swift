import Testing

@testable import Switchyard

@Suite("Precedence and backtracking (DESIGN §2)")
struct PrecedenceTests {
    static let table = [
        "/users/new", "/users/:id/edit", "/users/:id(int)", "/users/:name", "/users/*rest",
        "/files/*path", "/files/readme", "/a/:x/c", "/a/b/d", "/",
    ]

    @Test(
        "the most specific route wins, segment by segment",
        arguments: [
            ("/users/new", "/users/new"),
            ("/users/new/edit", "/users/:id/edit"),
            ("/users/42", "/users/:id(int)"),
            ("/users/bob", "/users/:name"),
            ("/users/bob/x/y", "/users/*rest"),
            ("/files/readme", "/files/readme"),
            ("/files/readme/more", "/files/*path"),
            ("/files/a", "/files/*path"),
            ("/a/b/c", "/a/:x/c"),
            ("/a/b/d", "/a/b/d"),
            ("/", "/"),
            ("/users/42/", "/users/:id(int)"),
        ])
    func precedence(path: String, expected: String) throws {
        let router = try router(Self.table)
        #expect(router.match(path)?.route.pattern == expected)
    }

    @Test("no route: nil", arguments: ["/nope", "/a/b", "/a/b/c/d", "/users"])
    func misses(path: String) throws {
        #expect(try router(Self.table).match(path) == nil)
    }

    @Test("parameters come back decoded")
    func parameters() throws {
        let router = try router(["/a/:x/c", "/files/*path"])
        #expect(router.match("/a/b%20c/c")?.params["x"] == "b c")
        #expect(router.match("/files/x/y%2Fz")?.params["path"] == "x/y/z")
        #expect(router.match("/files/x/y%2Fz")?.params.segments("path") == ["x", "y/z"])
    }
}
