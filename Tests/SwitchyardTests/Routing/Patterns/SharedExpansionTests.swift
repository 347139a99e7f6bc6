import Testing

@testable import Switchyard

/// Routes with optional parts conflict only when one could never run: a shared expansion answers
/// to the route that precedes (priority, then registration), `routeTable` and `explain` say which
/// expansions a route gives up, and a route that gives up every one is still refused.
@Suite("Route patterns: shared expansions")
struct SharedExpansionTests {
    static let songs = [
        Routing.route("/songs(/song-:song)(.:format)", name: "bySong"),
        Routing.route("/songs(/:song-song)(.:format)", name: "songFirst"),
    ]

    /// Rails' own pair (journey router tests): both are valid, and each keeps what is its own.
    @Test(
        "Rails' /songs(/song-:song)(.:format) beside /songs(/:song-song)(.:format)",
        arguments: [
            ("/songs/song-hey", "bySong", ["song": "hey"]),
            ("/songs/hey-song", "songFirst", ["song": "hey"]),
            ("/songs/hey-song.json", "songFirst", ["song": "hey", "format": "json"]),
            ("/songs", "bySong", [:]),
            ("/songs.json", "bySong", ["format": "json"]),
        ] as [(String, String, [String: String])])
    func railsSongs(path: String, name: String, params: [String: String]) throws {
        let router = try Router(routes: Self.songs)
        let match = try #require(router.match(path))
        #expect(match.route.name == name)
        #expect(Routing.strings(match.params) == params)
    }

    @Test("the route table and explain say which expansions a route gives up, and to whom")
    func shown() throws {
        let router = try Router(routes: Self.songs)
        let line =
            #"/songs(/:song-song)(.:format) (songFirst) gives up /songs, /songs.:format to "/songs(/song-:song)(.:format)""#
        #expect(router.routeTable.hasSuffix("\n" + line), "\(router.routeTable)")
        #expect(router.explain("/songs").contains("shared expansions: " + line))
        #expect(router.explain("/songs/a-song").contains("shared expansions: " + line))
        let plain = try Router(routes: [Routing.route("/a"), Routing.route("/b/:x-:y")])
        #expect(!plain.routeTable.contains("gives up"))
        #expect(!plain.explain("/a").contains("shared expansions"))
    }

    @Test(
        "a route that keeps one expansion is valid; one that keeps none is refused, naming the other",
        arguments: [
            (["/posts", "/posts(/:page)"], nil),
            (
                ["/posts(/:page)", "/posts"],
                #"it could never run: it has the same shape as "/posts(/:page)" (parameter names aside), which was registered first and has no continueNext"#
            ),
            (
                ["/a", "/a/:y", "/a(/:x)"],
                #"it could never run: every expansion of its optional parts is taken by a route that precedes it ("/a", "/a/:y") and has no continueNext"#
            ),
            (["/a(/:x)(/:y)"], nil),
        ] as [([String], String?)])
    func everyRouteRuns(patterns: [String], reason: String?) {
        let error = Routing.tableError(patterns.map { Routing.route($0) })
        #expect(error?.reason == reason)
        if reason != nil { #expect(error?.pattern == patterns.last) }
    }

    @Test("priority decides who keeps a shared expansion, whatever the registration order")
    func priorityDecides() throws {
        let router = try Router(routes: [
            Routing.route("/a(/:x)", name: "first"), Routing.route("/a/:y", name: "urgent", priority: 1),
        ])
        #expect(router.match("/a/1")?.route.name == "urgent")
        #expect(router.match("/a")?.route.name == "first")
        #expect(router.routeTable.contains(#"/a(/:x) (first) gives up /a/:x to "/a/:y""#))
    }

    /// A private route that takes a public route's expansion in-app does not take it from outside:
    /// the public route keeps it there, as if the private route did not exist.
    @Test("an expansion given up to a private route is the public route's from outside")
    func privateTaker() throws {
        let router = try Router(routes: [
            Routing.route("/a/:x-:y", name: "private", isPublic: false),
            Routing.route("/a(/:p-:q)", name: "public"),
        ])
        #expect(router.match("/a/1-2")?.route.name == "private")
        #expect(router.match("/a/1-2", source: .external(sourceApplication: nil))?.route.name == "public")
        // In-app, explain says what the public route gives up; from outside the private route
        // does not exist, and neither does the line.
        #expect(router.explain("/a").contains(#"gives up /a/:p-:q to "/a/:x-:y""#))
        #expect(!router.explain("/a", source: .external(sourceApplication: nil)).contains("/a/:x-:y"))
    }
}
