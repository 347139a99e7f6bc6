/// Receives the steps of a trie walk. The walk is generic over it, so ``SilentTracer`` compiles
/// to nothing on the hot path while ``Router/explain(_:source:)`` records every decision and tests
/// count steps to prove matching is linear.
protocol MatchTracer {
    /// Called once per candidate the walk considers.
    mutating func step()
    /// A human-readable decision; built only when a tracer wants it.
    var wantsNotes: Bool { get }
    mutating func note(depth: Int, _ message: String)
}

struct SilentTracer: MatchTracer {
    /// One stored byte, never read. ThreadSanitizer instruments an `inout` access to a generic
    /// tracer at the tracer's address; an empty struct has no address of its own (here it was the
    /// `RouterStorage` object's), so concurrent matches were reported as a race on nothing.
    private var unused: UInt8 = 0

    @inline(__always) mutating func step() {}
    @inline(__always) var wantsNotes: Bool { false }
    @inline(__always) mutating func note(depth: Int, _ message: String) {}
}

/// Counts candidates considered; for the linear-work tests.
struct CountingTracer: MatchTracer {
    private(set) var steps = 0
    mutating func step() { steps += 1 }
    var wantsNotes: Bool { false }
    mutating func note(depth: Int, _ message: String) {}
}

/// Records notes for ``Router/explain(_:source:)``.
struct RecordingTracer: MatchTracer {
    private(set) var lines: [String] = []
    mutating func step() {}
    var wantsNotes: Bool { true }
    mutating func note(depth: Int, _ message: String) {
        lines.append(String(repeating: "  ", count: depth) + message)
    }
}
