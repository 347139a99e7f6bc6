import Testing

@testable import Switchyard

@Suite("Precedence and backtracking")
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

    @Test(
        "at each segment: literal > constrained > plain > glob, whatever the registration order",
        arguments: [
            ("/v/new", "/v/new"),
            ("/v/42", "/v/:id(int)"),
            ("/v/abc", "/v/:name"),
            ("/v/a/b", "/v/*rest"),
            ("/v/new/b", "/v/*rest"),
        ])
    func ranks(path: String, expected: String) throws {
        let patterns = ["/v/*rest", "/v/:name", "/v/:id(int)", "/v/new"]
        for order in Self.permutations(patterns) {
            #expect(try router(order).match(path)?.route.pattern == expected, "order \(order)")
        }
    }

    @Test("priority never beats rank")
    func priorityDoesNotBeatRank() throws {
        let router = try Router(routes: [
            Routing.route("/v/*rest", priority: 100), Routing.route("/v/:name", priority: 50),
            Routing.route("/v/:id(int)", priority: 10), Routing.route("/v/new"),
        ])
        #expect(router.match("/v/new")?.route.pattern == "/v/new")
        #expect(router.match("/v/1")?.route.pattern == "/v/:id(int)")
        #expect(router.match("/v/x")?.route.pattern == "/v/:name")
    }

    /// Two constrained candidates of equal rank that both accept "42".
    @Test(
        "equally ranked candidates: higher priority, then registration order",
        arguments: [
            (0, 0, false, "/v/:a(int)"),
            (0, 0, true, "/v/:b(alnum)"),
            (0, 1, false, "/v/:b(alnum)"),
            (0, 1, true, "/v/:b(alnum)"),
            (1, 0, true, "/v/:a(int)"),
            (-1, 0, false, "/v/:b(alnum)"),
        ])
    func ties(intPriority: Int, alnumPriority: Int, alnumFirst: Bool, expected: String) throws {
        var routes = [
            Routing.route("/v/:a(int)", priority: intPriority),
            Routing.route("/v/:b(alnum)", priority: alnumPriority),
        ]
        if alnumFirst { routes.reverse() }
        let router = try Router(routes: routes)
        #expect(router.match("/v/42")?.route.pattern == expected)
        #expect(router.match("/v/x1")?.route.pattern == "/v/:b(alnum)", "only one candidate accepts")
    }

    /// The Architecture article says the higher priority wins among candidates at a segment; a
    /// constrained candidate stands for every route below it, so it ranks by the highest priority
    /// among them, even when the route that finally matches has a lower one.
    @Test("a constrained candidate ranks by the highest priority of the routes below it")
    func priorityOfASubtree() throws {
        let router = try Router(routes: [
            Routing.route("/v/:a(int)/x"),
            Routing.route("/v/:a(int)/y", priority: 10),
            Routing.route("/v/:b(alnum)/:c", priority: 5),
        ])
        #expect(router.match("/v/42/x")?.route.pattern == "/v/:a(int)/x")
        #expect(router.match("/v/42/z")?.route.pattern == "/v/:b(alnum)/:c", "dead end, then the next")
    }

    /// Regression: `TrieBuilder.build()` ordered a node's constrained children by the highest
    /// priority below, then the earliest route below, and left the rest to the order of a
    /// `Dictionary` keyed by constraint name, which changes with the process's hash seed. Two
    /// candidates from the same route (its optional parts) always tie on both, so which one
    /// won changed from run to run. The Architecture article: the result never depends on dictionary order.
    @Test("constrained candidates from one route's optional parts: the first written wins, in every run")
    func sameRouteTie() throws {
        var winners: [String] = []
        for pair in 0..<24 {
            let (first, second) = ("c\(pair)x", "c\(pair)y")
            let always: [String: Constraint] = [
                first: .custom(first) { _ in true }, second: .custom(second) { _ in true },
            ]
            let pattern = "/x(/:a(\(first)))(/:b(\(second)))"
            let router = try Router(routes: [Routing.route(pattern, constraints: always)])
            winners.append(router.match("/x/1")?.params.names.joined() ?? "-")
        }
        #expect(winners.allSatisfy { $0 == "a" }, "\(winners)")
    }

    @Test(
        "a dead end backtracks to the next candidate, at any depth",
        arguments: [
            (["/users/new", "/users/:id/edit"], "/users/new/edit", "/users/:id/edit", ["id=new"]),
            (["/users/new", "/users/:id/edit"], "/users/new", "/users/new", []),
            (["/a/:x(int)/b", "/a/:y/c"], "/a/1/c", "/a/:y/c", ["y=1"]),
            (["/a/:x(int)/:y(int)/z", "/a/:p/:q/w"], "/a/1/2/w", "/a/:p/:q/w", ["p=1", "q=2"]),
            (["/a/b/c/d", "/a/:x/c/e", "/a/*g"], "/a/b/c/e", "/a/:x/c/e", ["x=b"]),
            (["/a/b/c/d", "/a/:x/c/e", "/a/*g"], "/a/b/c/f", "/a/*g", ["g=b/c/f"]),
            (["/a/b/c", "/a/*g"], "/a/b/x", "/a/*g", ["g=b/x"]),
            (["/a/b/c", "/a/*g"], "/a/b", "/a/*g", ["g=b"]),
            (["/a/:x/*g", "/a/b/c"], "/a/b/c/d", "/a/:x/*g", ["x=b", "g=c/d"]),
            (["/:a/:b(int)", "/x/:c"], "/x/7", "/x/:c", ["c=7"]),
            (["/:a/:b(int)", "/x/:c/:d"], "/x/7", "/:a/:b(int)", ["a=x", "b=7"]),
        ])
    func backtracking(patterns: [String], path: String, expected: String, parameters: [String]) throws {
        let match = try #require(try router(patterns).match(path))
        #expect(match.route.pattern == expected)
        #expect(match.params.map { "\($0.name)=\($0.value)" } == parameters)
    }

    @Test("the winner does not depend on registration order when ranks differ")
    func orderIndependence() throws {
        let patterns = ["/u/new", "/u/:id(int)/edit", "/u/:id/edit", "/u/*rest", "/u/:id(int)", "/:x/:y"]
        let paths = [
            "/u/new", "/u/1/edit", "/u/new/edit", "/u/a/edit", "/u/1", "/u/a", "/u/a/b/c", "/x/y",
            "/u/new/x",
        ]
        let reference = try paths.map { try router(patterns).match($0)?.route.pattern }
        for order in Self.permutations(patterns) {
            let router = try router(order)
            #expect(paths.map { router.match($0)?.route.pattern } == reference, "order \(order)")
        }
    }

    static func permutations<T>(_ items: [T]) -> [[T]] {
        guard let first = items.first else { return [[]] }
        return permutations(Array(items.dropFirst())).flatMap { rest in
            (0...rest.count).map { index in
                var order = rest
                order.insert(first, at: index)
                return order
            }
        }
    }
}
