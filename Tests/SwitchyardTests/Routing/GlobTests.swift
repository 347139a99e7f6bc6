import Testing

@testable import Switchyard

/// Globs (`*name`, Architecture, "Routes and patterns") and `Parameters.segments(_:)`.
@Suite("Globs")
struct GlobTests {
    @Test(
        "a glob takes one or more remaining segments, decoded and joined by '/'",
        arguments: [
            ("/files/a", "a", ["a"]),
            ("/files/a/b/c", "a/b/c", ["a", "b", "c"]),
            ("/files/a/", "a", ["a"]),
            ("/files/a%2Fb", "a/b", ["a/b"]),
            ("/files/a/b%2Fc", "a/b/c", ["a", "b/c"]),
            ("/files/a%20b/c%25", "a b/c%", ["a b", "c%"]),
            ("/files/%252F", "%2F", ["%2F"]),
            ("/files/%C3%A9/x?q=1#f", "é/x", ["é", "x"]),
            ("/files/files/files", "files/files", ["files", "files"]),
        ])
    func glob(path: String, value: String, segments: [String]) throws {
        let router = try Router(routes: [Routing.route("/files/*path")])
        let match = try #require(router.match(path))
        #expect(match.params["path"] == value)
        #expect(match.params.segments("path") == segments)
        #expect(match.params.names == ["path"])
    }

    @Test("a glob needs at least one segment", arguments: ["/files", "/files/", "/"])
    func globNeedsASegment(path: String) throws {
        #expect(try Router(routes: [Routing.route("/files/*path")]).match(path) == nil)
    }

    @Test("'a/b' and 'a%2Fb' read alike through the subscript, apart through segments(_:)")
    func slashVersusEncodedSlash() throws {
        let router = try Router(routes: [Routing.route("/files/*path")])
        let two = try #require(router.match("/files/a/b")).params
        let one = try #require(router.match("/files/a%2Fb")).params
        #expect(two["path"] == one["path"])
        #expect(two.segments("path") == ["a", "b"])
        #expect(one.segments("path") == ["a/b"])
    }

    @Test("a root glob takes any non-empty path")
    func rootGlob() throws {
        let router = try Router(routes: [Routing.route("/*all")])
        #expect(router.match("/x")?.params["all"] == "x")
        #expect(router.match("/x/y/z")?.params.segments("all") == ["x", "y", "z"])
        #expect(router.match("/") == nil)
    }

    @Test("a glob after parameters keeps them")
    func globAfterParameters() throws {
        let router = try Router(routes: [Routing.route("/repos/:owner/:repo(alnum)/tree/*path")])
        let match = try #require(router.match("/repos/me/sw1/tree/Sources/Routing/x.swift"))
        #expect(match.params.names == ["owner", "repo", "path"])
        #expect(match.params["owner"] == "me")
        #expect(match.params["repo"] == "sw1")
        #expect(match.params["path"] == "Sources/Routing/x.swift")
        #expect(router.match("/repos/me/s-1/tree/x") == nil, "the constraint still applies")
    }

    @Test("segments(_:) of a plain parameter is its one value; of an unknown name, empty")
    func segmentsOfNonGlobs() throws {
        let router = try Router(routes: [Routing.route("/a/:x")])
        let params = try #require(router.match("/a/b%2Fc")).params
        #expect(params.segments("x") == ["b/c"])
        #expect(params.segments("nope") == [])
        #expect(params["nope"] == nil)
    }

    @Test("a glob in a trailing optional part: with and without it")
    func optionalGlob() throws {
        let router = try Router(routes: [Routing.route("/docs(/*page)")])
        #expect(router.match("/docs")?.params.isEmpty == true)
        #expect(router.match("/docs/a/b")?.params["page"] == "a/b")
    }
}
