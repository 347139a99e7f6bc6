/// Receives the steps of a trie walk. The walk is generic over it, so ``SilentTracer`` compiles
/// to nothing on the hot path while ``Router/explain(_:source:)`` records every decision and tests
/// count steps to prove matching is linear (their `CountingTracer`).
protocol MatchTracer {
    /// Called once per candidate the walk considers.
    mutating func step()
    /// A human-readable decision; built only when a tracer wants it.
    var wantsNotes: Bool { get }
    mutating func note(depth: Int, _ message: String)
    /// For notes: the routes below a parameter's node, with the name each gives the parameter
    /// (the `capture`-th one).
    func describe(parameterNode: Int, capture: Int) -> String
    /// For notes: the routes of a terminal group and which one the link reaches (`chosen`, or -1).
    func describe(group first: Int32, chosen: Int32) -> String
    /// For notes: segment `segment` (1-based), `value` decoded, matched none of `literals`, the
    /// keys of its node.
    mutating func missedLiterals(segment: Int, value: String, literals: [String])
}

extension MatchTracer {
    func describe(parameterNode: Int, capture: Int) -> String { "" }
    func describe(group first: Int32, chosen: Int32) -> String { "" }
    mutating func missedLiterals(segment: Int, value: String, literals: [String]) {}
}

struct SilentTracer: MatchTracer {
    /// One stored byte, never read. ThreadSanitizer instruments an `inout` access to a generic
    /// tracer at the tracer's address; an empty struct has no address of its own (here it was the
    /// `CompiledRouter` object's), so concurrent matches were reported as a race on nothing.
    private var unused: UInt8 = 0

    @inline(__always) mutating func step() {}
    @inline(__always) var wantsNotes: Bool { false }
    @inline(__always) mutating func note(depth: Int, _ message: String) {}
}

/// Records notes for ``Router/explain(_:source:)``, naming routes as `pattern (name)`.
struct RecordingTracer: MatchTracer {
    private(set) var lines: [String] = []
    /// The trie being walked (the rewrites' tries are walked silently).
    let trie: Trie
    let routes: [Route]

    mutating func step() {}
    var wantsNotes: Bool { true }
    mutating func note(depth: Int, _ message: String) {
        lines.append(String(repeating: "  ", count: depth) + message)
    }

    func describe(parameterNode: Int, capture: Int) -> String {
        var names: [String] = []
        var seen: Set<String> = []
        for terminal in trie.terminals(below: parameterNode) {
            let entry = trie.terminals[terminal]
            let text = ":\(entry.keys[capture]) of \(Self.describe(routes[entry.routeIndex]))"
            if seen.insert(text).inserted { names.append(text) }
        }
        return names.joined(separator: ", ")
    }

    func describe(group first: Int32, chosen: Int32) -> String {
        let group = Int(first)..<Int(trie.terminals[Int(first)].groupEnd)
        let names = group.map { Self.describe(routes[trie.terminals[$0].routeIndex]) }
        guard chosen >= 0 else {
            return "\(names.joined(separator: ", ")) end here, but none is for this link"
        }
        let winner = Self.describe(routes[trie.terminals[Int(chosen)].routeIndex])
        if group.count == 1 { return "route \(winner) found" }
        return "route \(winner) found, for this link, among \(names.joined(separator: ", "))"
    }

    static func describe(_ route: Route) -> String {
        route.label
    }

    /// The segments that matched none of their node's literals: the segment, its value, and the
    /// literals there (several nodes' when the walk backtracked to the same segment).
    private(set) var misses: [(segment: Int, value: String, literals: Set<String>)] = []

    mutating func missedLiterals(segment: Int, value: String, literals: [String]) {
        if let index = misses.firstIndex(where: { $0.segment == segment && $0.value == value }) {
            misses[index].literals.formUnion(literals)
        } else {
            misses.append((segment, value, Set(literals)))
        }
    }

    /// How many literals the line names before `and N more`.
    static let shownLiterals = 10

    /// Where matching stopped, for a walk that found no route: the literals of the deepest
    /// segment that matched none, sorted (`at segment 1 'artciles': the literals here are
    /// 'articles', 'drafts', 'messages'`); `nil` when no segment missed a literal. The trie is
    /// the one walked, so an external request's line names public routes' literals only.
    var literalsWhereMatchingStopped: String? {
        guard let miss = misses.max(by: { $0.segment < $1.segment }) else { return nil }
        let sorted = miss.literals.sorted()
        var list = sorted.prefix(Self.shownLiterals).map { "'\($0)'" }.joined(separator: ", ")
        if sorted.count > Self.shownLiterals { list += " and \(sorted.count - Self.shownLiterals) more" }
        let noun = sorted.count == 1 ? "the literal here is" : "the literals here are"
        return "at segment \(miss.segment) '\(miss.value)': \(noun) \(list)"
    }
}
