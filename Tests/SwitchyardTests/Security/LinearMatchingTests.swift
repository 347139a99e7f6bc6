import Testing

@testable import Switchyard

/// Issue 6, item 4: matching a path of N segments does work linear in N, counted with
/// ``CountingTracer`` (one step per candidate the walk considers), never timed.
///
/// Each table is built once for paths up to 64 segments; paths of N = 8, 16, 32, 64 segments are
/// chosen to fail as late as possible (at the last segment), so the walk explores and backtracks
/// through everything it can.
struct LinearMatchingTests {
    /// An adversarial table and the path of N segments to match against it.
    struct Table: Sendable, CustomTestStringConvertible {
        let name: String
        let patterns: [String]
        let constraints: [String: Constraint]
        /// The path of `n` segments.
        let path: @Sendable (Int) -> String
        /// The pattern the path must reach, or nil when it must match nothing.
        let winner: @Sendable (Int) -> String?
        /// The explicit c of "steps ≤ c·N + 8" for this table: the candidates it offers per segment.
        let perSegment: Int
        var testDescription: String { name }
    }

    static let depth = 64
    static let sizes = [8, 16, 32, 64]

    static func chain(_ count: Int, _ segment: (Int) -> String) -> String {
        (1...max(count, 1)).prefix(count).map { "/" + segment($0) }.joined()
    }

    static let tables: [Table] = [
        Table(
            name: "many parameters: /:p1/…/:pk/end and /:p1(int)/…/:pk(int)/stop for every k",
            patterns: (1..<depth).flatMap { k in
                [chain(k) { ":p\($0)" } + "/end", chain(k) { ":p\($0)(int)" } + "/stop"]
            },
            constraints: [:], path: { n in chain(n) { _ in "1" } }, winner: { _ in nil }, perSegment: 4),
        Table(
            name: "globs at every depth: /a/…/a/*rest, and /:x/…/:x/*rest",
            patterns: (0..<depth).flatMap { k in
                [chain(k) { _ in "a" } + "/*rest", chain(k) { ":x\($0)" } + "/*rest"]
            }.filter { $0 != "/*rest" } + ["/*rest"],
            constraints: [:], path: { n in chain(n) { _ in "a" } },
            winner: { n in chain(n - 1) { _ in "a" } + "/*rest" }, perSegment: 1),
        Table(
            name: "constrained parameters that fail at the last segment",
            patterns: (1..<depth).flatMap { k in
                [
                    chain(k) { ":i\($0)(int)" } + "/:last(uuid)",
                    chain(k) { ":a\($0)(alnum)" } + "/:last(uuid)",
                    chain(k) { ":n\($0)(digits)" } + "/:last(uuid)", chain(k) { ":p\($0)" } + "/:last(uuid)",
                ]
            },
            constraints: ["digits": .custom("digits") { !$0.isEmpty && $0.allSatisfy(\.isNumber) }],
            path: { n in chain(n - 1) { _ in "7" } + "/not-a-uuid" }, winner: { _ in nil }, perSegment: 12),
        Table(
            name: "deep backtracking: literal, constrained and plain candidates at every depth",
            patterns: (1..<depth).flatMap { k in
                [
                    chain(k) { _ in "a" } + "/literal-end", chain(k) { ":c\($0)(alpha)" } + "/alpha-end",
                    chain(k) { ":p\($0)" } + "/plain-end",
                ]
            },
            constraints: [:], path: { n in chain(n - 1) { _ in "a" } + "/zzz" }, winner: { _ in nil },
            perSegment: 5),
    ]

    static func steps(_ router: Router, _ path: String) -> (steps: Int, pattern: String?) {
        var tracer = CountingTracer()
        // The general path always walks; a static path's table lookup would take no step.
        let storage = router.storage
        let resolution = storage.resolve(
            storage.prepare(path, tracer: &tracer), source: .app, tracer: &tracer)
        guard case .matched(let match, _) = resolution else { return (tracer.steps, nil) }
        return (tracer.steps, match.route.pattern)
    }

    static func makeRouter(_ table: Table) throws -> Router {
        try Router(
            routes: table.patterns.map { pattern in
                // A router refuses a constraint that no parameter of the route uses.
                let constraints = table.constraints.filter { pattern.contains("(\($0.key))") }
                return Route(pattern, isPublic: true, constraints: constraints, controller: echo)
            },
            configuration: .init(limits: .init(urlBytes: 1 << 16, segments: 4 * depth)))
    }

    /// What makes step counts for ``sizes`` super-linear: more than `perSegment`·N + 8 steps, or
    /// more than 2.2 times the steps of half the segments (linear work doubles; quadratic work
    /// quadruples).
    static func superLinear(_ counts: [Int], perSegment: Int) -> [String] {
        let overBound = zip(sizes, counts).filter { n, steps in steps > perSegment * n + 8 }.map { n, steps in
            "N = \(n): \(steps) steps > \(perSegment)·N + 8"
        }
        let overRatio = zip(zip(sizes, counts), zip(sizes, counts).dropFirst())
            .filter { small, large in Double(large.1) / Double(small.1) > 2.2 }
            .map { small, large in "N = \(small.0) → \(large.0): \(small.1) → \(large.1) steps" }
        return overBound + overRatio
    }

    @Test("Steps grow linearly with the number of segments", arguments: tables)
    func linear(_ table: Table) throws {
        let router = try Self.makeRouter(table)
        var counts: [Int] = []
        for n in Self.sizes {
            let (steps, pattern) = Self.steps(router, table.path(n))
            #expect(pattern == table.winner(n), "N = \(n)")
            counts.append(steps)
        }
        print("steps for N = \(Self.sizes): \(counts) — \(table.name)")
        #expect(Self.superLinear(counts, perSegment: table.perSegment) == [])
        // Tight: the bound is no more than twice the work actually done, so it would notice a
        // constant factor creeping in, not only a change of complexity.
        #expect(zip(Self.sizes, counts).allSatisfy { n, steps in table.perSegment * n + 8 <= 2 * steps })
    }

    /// The counter counts what the walk does: one step per node entered, per constraint tried,
    /// per parameter and per glob taken. A failing walk over a chain of literals enters each node
    /// once; a walk that must try every candidate at every depth counts them all. The last row:
    /// root, `a`, `b` (a literal dead end), the `int` edge (refused), the parameter, its node (a
    /// dead end), the glob: 7.
    @Test(
        "The step counter counts each node and candidate exactly once",
        arguments: [
            (["/a/b/c"], "/a/b/c", 4), (["/a/b/c"], "/a/b/x", 3), (["/a/b/c"], "/x", 1),
            (["/:p"], "/a", 3), (["/:p(int)"], "/7", 3), (["/:p(int)"], "/a", 2), (["/*g"], "/a/b", 2),
            (["/a/:p/c", "/a/:q(int)/d", "/a/b/e", "/a/*g"], "/a/b/z", 7),
        ])
    func exactSteps(_ patterns: [String], path: String, steps: Int) throws {
        let router = try Router(routes: patterns.map { Route($0, isPublic: true, controller: echo) })
        #expect(Self.steps(router, path).steps == steps)
    }
    /// Routes `int^k plain^(depth-1-k) end` for k = 0…depth-1: a new branch can start at every
    /// segment, so a walk over N segments must look at about N²/2 nodes.
    static func breadthGrowsWithDepth() throws -> Router {
        let routes = (0..<depth).map { k in
            Route(
                chain(k) { ":i\($0)(int)" } + chain(depth - 1 - k) { ":p\($0 + k)" } + "/end",
                isPublic: true, controller: echo)
        }
        return try Router(routes: routes, configuration: .init(limits: .init(segments: 4 * depth)))
    }

    /// When a table's breadth itself grows with depth (a new branch can start at every segment), a
    /// backtracking walk must look at every branch, so work is bounded by the table, not by N
    /// alone: N segments against routes int^k plain^(63-k) end (k = 0…63) visit about N²/2 nodes.
    /// The guarantee that holds, and that this pins, is that no trie node is visited twice
    /// (Architecture, "Routes and patterns": matching never needs a regular expression): work never
    /// exceeds the nodes within N segments.
    @Test("Work is bounded by the trie nodes within N segments when breadth grows with depth")
    func boundedByTable() throws {
        let router = try Self.breadthGrowsWithDepth()
        for n in Self.sizes {
            let (steps, pattern) = Self.steps(router, Self.chain(n) { _ in "1" })
            #expect(pattern == nil)
            // Nodes within depth n: the int chain, plus one plain chain begun at each depth < n,
            // each reached through one candidate (a step) and visited once (a step).
            let nodes = (0...n).reduce(0) { $0 + min($1, Self.depth) + 1 }
            #expect(steps <= 2 * nodes, "N = \(n): \(steps) steps, \(nodes) nodes")
            print("breadth grows with depth: N = \(n): \(steps) steps, \(nodes) nodes")
        }
    }

    /// The check is not vacuous: on the table above, whose work really is quadratic in N, the
    /// same counter and the same check that ``linear(_:)`` applies both report it.
    @Test("The linear check fails on work that is quadratic in N")
    func detectsQuadraticWork() throws {
        let router = try Self.breadthGrowsWithDepth()
        let counts = Self.sizes.map { n in Self.steps(router, Self.chain(n) { _ in "1" }).steps }
        let violations = Self.superLinear(counts, perSegment: 12)
        #expect(
            violations.filter { $0.contains("→") }.count == Self.sizes.count - 1,
            "every doubling: \(violations)")
        #expect(violations.contains { $0.hasPrefix("N = 64:") }, "\(counts)")
    }

    static let spellings: [(plain: String, escaped: String)] = [
        ("/users/admin/edit", "/users/%61dmin/edit"),
        ("/users/42/edit", "/users/%34%32/edit"),
        ("/files/a/b", "/files/%61/b"),
        ("/users/zz", "/users/%7A%7A"),
    ]

    /// Regression: with one walker, a segment with escapes re-enters the walk at its node with the
    /// decoded bytes, and that node's step was counted twice. An escaped spelling costs exactly
    /// the steps of the plain one.
    @Test("An escaped segment takes the steps of its plain spelling", arguments: spellings)
    func escapesCostNoExtraSteps(plain: String, escaped: String) throws {
        let router = try Router(
            routes: [
                Route("/users/admin/edit", controller: echo), Route("/users/:id(int)/edit", controller: echo),
                Route("/users/:name", controller: echo), Route("/files/*path", controller: echo),
            ])
        let (plainSteps, plainWinner) = Self.steps(router, plain)
        let (escapedSteps, escapedWinner) = Self.steps(router, escaped)
        #expect(escapedWinner == plainWinner)
        #expect(escapedSteps == plainSteps, "\(escaped): \(escapedSteps) steps, \(plain): \(plainSteps)")
    }
}
