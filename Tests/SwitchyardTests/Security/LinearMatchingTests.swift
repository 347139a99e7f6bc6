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
            winner: { n in chain(n - 1) { _ in "a" } + "/*rest" }, perSegment: 2),
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
            perSegment: 6),
    ]

    static func steps(_ router: Router, _ path: String) -> (steps: Int, pattern: String?) {
        var tracer = CountingTracer()
        let resolution = router.storage.resolve(path, tracer: &tracer)
        guard case .matched(let match, _, _) = resolution else { return (tracer.steps, nil) }
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

    @Test("Steps grow linearly with the number of segments", arguments: tables)
    func linear(_ table: Table) throws {
        let router = try Self.makeRouter(table)
        var counts: [Int] = []
        for n in Self.sizes {
            let (steps, pattern) = Self.steps(router, table.path(n))
            #expect(pattern == table.winner(n), "N = \(n)")
            #expect(steps <= table.perSegment * n + 8, "N = \(n): \(steps) steps")
            counts.append(steps)
        }
        print("steps for N = \(Self.sizes): \(counts) — \(table.name)")
        for (small, large) in zip(counts, counts.dropFirst()) {
            #expect(Double(large) / Double(small) <= 2.2, "steps \(counts) for N = \(Self.sizes)")
        }
    }

    /// When a table's breadth itself grows with depth (a new branch can start at every segment),
    /// a backtracking walk must look at every branch, so work is bounded by the table, not by N
    /// alone: N segments against routes int^k plain^(63-k) end (k = 0…63) visit about N²/2
    /// nodes. The guarantee that holds, and that this pins, is that no trie node is visited twice
    /// (DESIGN §8 "no backtracking regexes"): work never exceeds the nodes within N segments.
    @Test("Work is bounded by the trie nodes within N segments when breadth grows with depth")
    func boundedByTable() throws {
        let routes = (0..<Self.depth).map { k in
            Route(
                Self.chain(k) { ":i\($0)(int)" } + Self.chain(Self.depth - 1 - k) { ":p\($0 + k)" } + "/end",
                isPublic: true, controller: echo)
        }
        let router = try Router(routes: routes, configuration: .init(limits: .init(segments: 4 * Self.depth)))
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
}
