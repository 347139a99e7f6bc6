import Testing

@testable import Switchyard

/// After a decline or a `continueNext` answer, the candidates of a first match whose group is sole
/// (no route after that group can reach the link) are the rest of the group, chosen without
/// walking the path again; any other group's come from a walk. Either way the pipeline runs them
/// in the order `Router.candidates` lists them.
struct SoleGroupTests {
    /// Which groups are sole, checked on the public trie's terminals by route name.
    static let marking: [(routes: [String], sole: [String], notSole: [String])] = [
        // One shape, three routes (each continues, so each may run): nothing else can follow.
        (["/messages/:id(int)", "/messages/:id(int)", "/messages/:id(int)"], ["r0", "r1", "r2"], []),
        // A literal beside a parameter: after the literal the parameter may still match.
        (["/messages/new", "/messages/:id"], ["r1"], ["r0"]),
        // A constrained parameter before a plain one, and a glob after both.
        (["/a/:id(int)", "/a/:slug", "/a/*rest"], [], ["r0", "r1", "r2"]),
        // The last of two constrained parameters, under a literal with no other child.
        (["/a/:id(int)", "/a/:id(uuid)"], ["r1"], ["r0"]),
        // A segment pattern ranks before constrained parameters.
        (["/files/:name.:format", "/files/:id(int)"], ["r1"], ["r0"]),
    ]

    @Test("a group is sole when every edge on its way is the last the walk tries", arguments: marking)
    func soleGroups(routes: [String], sole: [String], notSole: [String]) throws {
        let router = try Router(
            routes: routes.enumerated().map { index, pattern in
                Route(pattern, name: "r\(index)", isPublic: true, continueNext: true) { request in
                    Response(request: request)
                }
            })
        let trie = router.storage.publicTrie
        func isSole(_ name: String) -> Bool {
            let index = trie.terminals.firstIndex { router.routes[$0.routeIndex].name == name }
            return index.map { trie.terminals[$0].soleGroup >= 0 } ?? false
        }
        for name in sole { #expect(isSole(name), "\(name) of \(routes)") }
        for name in notSole { #expect(!isSole(name), "\(name) of \(routes)") }
    }

    /// Routers whose routes all decline, recording their names, and a link that reaches several.
    /// Every route has `continueNext`, so routes of one shape may all run.
    static let declining: [(routes: [String], url: String)] = [
        (["/messages/:id(int)", "/messages/:id(int)", "/messages/:id(int)"], "/messages/7"),
        (["/messages/new", "/messages/:id", "/messages/:id(int)"], "/messages/new"),
        (["/a/:id(int)", "/a/:slug", "/a/*rest", "/a/:id(int)"], "/a/42"),
        (["/a/:x/b", "/a/:y/:z", "/:p/:q/:r", "/a/*rest"], "/a/1/b"),
        (["/files/:name.:format", "/files/:id(int)", "/files/:id(int)"], "/files/12"),
        (["/files/:name.:format", "/files/:id(int)", "/files/:id"], "/files/a.json"),
    ]

    @Test("declining every candidate runs them in candidates order", arguments: declining)
    func declineOrder(routes: [String], url: String) async throws {
        let ran = StageLog()
        let router = try Router(
            routes: routes.enumerated().map { index, pattern in
                Route(pattern, name: "r\(index)", isPublic: true, continueNext: true) { request in
                    await ran.record(request.route?.name ?? "-")
                    throw RouteDeclined()
                }
            })
        let expected = router.candidates(url).compactMap(\.route.name)
        #expect(expected.count >= 2, "\(url) reaches \(expected)")
        let response = await Connection.send(url, router: router)
        #expect(response.status == .notFound)
        #expect(await ran.entries == expected)
    }

    @Test("a sole group's candidates cost no second walk")
    func noSecondWalk() async throws {
        let counter = LinearDeclineTests.Counter()
        let counted = Constraint.custom("counted") { _ in
            counter.increment()
            return true
        }
        let ran = StageLog()
        let router = try Router(
            routes: (0..<3).map { index in
                Route(
                    "/items/:id(counted)", name: "r\(index)", isPublic: true,
                    constraints: ["counted": counted], continueNext: true
                ) { request in
                    await ran.record(request.route?.name ?? "-")
                    throw RouteDeclined()
                }
            })
        let response = await Connection.send("/items/7", router: router)
        #expect(response.status == .notFound)
        #expect(await ran.entries == ["r0", "r1", "r2"])
        #expect(counter.value == 1, "the first walk checks the constraint once; nothing walks again")
    }

    /// Random routers of two to six routes over segments `a`, `b`, `7`, each a literal, a
    /// parameter, an `int` parameter or a final glob, two of them of one shape; every route
    /// declines. For every path of one
    /// to three of those segments that reaches two routes or more, the pipeline must run exactly
    /// what `Router.candidates` lists, in order, whether the first match's group is sole or not.
    @Test("declines follow candidates on random routers")
    func randomDeclines() async throws {
        var checked = 0
        var sole = 0
        for seed in 0..<60 {
            var random = SplitMix64(seed: UInt64(seed) &* 0x9E37_79B9 &+ 1)
            let ran = StageLog()
            var patterns = (0..<(1 + random.below(5))).map { _ in Self.randomPattern(&random) }
            // A second route of one shape makes a group of two, the case sole groups are for.
            patterns.insert(random.pick(patterns), at: random.below(patterns.count + 1))
            // A random table the router refuses (two routes of one shape) has no links to check.
            guard
                let router = try? Router(
                    routes: patterns.enumerated().map { index, pattern in
                        Route(pattern, name: "r\(index)", isPublic: true, continueNext: true) { request in
                            await ran.record(request.route?.name ?? "-")
                            throw RouteDeclined()
                        }
                    })
            else { continue }
            for path in (1...3).flatMap(Self.paths(length:)) {
                let expected = router.candidates(path)
                guard expected.count >= 2 else { continue }
                let terminal = try #require(router.match(path)).terminal
                if router.storage.trie.terminals[terminal].soleGroup >= 0 { sole += 1 }
                let before = await ran.count
                _ = await Connection.send(path, router: router)
                let entries = await ran.entries
                #expect(
                    Array(entries[before...]) == expected.compactMap(\.route.name), "\(path) on \(patterns)")
                checked += 1
            }
        }
        #expect(checked >= 100, "\(checked) paths reached two routes or more")
        #expect(sole >= 10 && checked - sole >= 10, "\(sole) of \(checked) first matches were in sole groups")
    }

    static func randomPattern(_ random: inout SplitMix64) -> String {
        let depth = 1 + random.below(3)
        return (0..<depth).map { level in
            switch random.below(5) {
            case 0, 1: "/" + random.pick(["a", "b", "7"])
            case 2: "/:p\(level)"
            case 3: "/:n\(level)(int)"
            default: level == depth - 1 ? "/*rest" : "/:q\(level)"
            }
        }.joined()
    }

    static func paths(length: Int) -> [String] {
        guard length > 0 else { return [""] }
        return paths(length: length - 1).flatMap { prefix in ["a", "b", "7"].map { prefix + "/" + $0 } }
    }
}
