/// The ``TerminalFilter`` that enumerates candidates (``Router/candidates(_:source:)``, and the
/// pipeline after a decline): it records every route the link reaches, with its captures, and
/// answers -1, so the walk goes on through everything it would have backtracked into. The walk
/// meets routes in precedence order, so the records are in that order.
///
/// A route reached twice, through two expansions of its optional parts, is one candidate: the
/// first, as the walk would have returned it.
struct CandidateCollector: TerminalFilter {
    /// The trie's terminals, borrowed for one walk.
    let terminals: UnsafeBufferPointer<Trie.Terminal>
    /// Orders the routes of one group for the link; `nil` for a plain trie, whose groups hold
    /// one route that every link reaching the node reaches.
    var ranking: LinkFilter?
    /// The candidates so far: terminal index and captures.
    private(set) var found: [(terminal: Int, captures: CaptureList)] = []

    init(terminals: UnsafeBufferPointer<Trie.Terminal>, ranking: LinkFilter?) {
        self.terminals = terminals
        self.ranking = ranking
        // One allocation for the common case of a few candidates.
        found.reserveCapacity(8)
    }

    mutating func choose(_ first: Int32, captures: borrowing CaptureList, glob: Range<Int>?) -> Int32 {
        guard var ranking else {
            record(first, captures, glob)
            return -1
        }
        for terminal in ranking.ordered(first) { record(terminal, captures, glob) }
        self.ranking = ranking
        return -1
    }

    private mutating func record(_ terminal: Int32, _ captures: borrowing CaptureList, _ glob: Range<Int>?) {
        let routeIndex = terminals[Int(terminal)].routeIndex
        // A scan, not a set: candidates are few, and a set would cost allocations on every
        // enumeration for the rare route that two optional expansions reach.
        guard !found.contains(where: { terminals[$0.terminal].routeIndex == routeIndex }) else { return }
        var recorded = copy captures
        if let glob { recorded.append(glob) }
        found.append((Int(terminal), recorded))
    }
}
