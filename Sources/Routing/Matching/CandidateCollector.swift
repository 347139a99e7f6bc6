/// The ``TerminalFilter`` that enumerates candidates (``Router/candidates(_:source:)``, and the
/// pipeline after a decline): it records every route the link reaches, with its captures, and
/// answers -1, so the walk goes on through everything it would have backtracked into. The walk
/// meets groups in precedence order and `chooser` orders the routes of each, so the records are
/// in the order the router would try them.
///
/// A route reached twice, through two expansions of its optional parts, is one candidate: the
/// first, as the walk would have returned it.
struct CandidateCollector<Chooser: GroupChooser>: TerminalFilter {
    /// The trie's terminals, borrowed for one walk.
    let terminals: UnsafeBufferPointer<Trie.Terminal>
    /// Orders the routes of one group for the link.
    var chooser: Chooser
    /// The candidates so far: terminal index and captures.
    private(set) var found: [Candidate] = []

    init(terminals: UnsafeBufferPointer<Trie.Terminal>, chooser: Chooser) {
        self.terminals = terminals
        self.chooser = chooser
    }

    mutating func choose(_ first: Int32, captures: borrowing CaptureList, glob: Range<Int>?) -> Int32 {
        var terminal = chooser.choose(first, after: -1, captures: captures, glob: glob)
        while terminal >= 0 {
            record(terminal, captures, glob)
            terminal = chooser.choose(first, after: terminal, captures: captures, glob: glob)
        }
        return -1
    }

    private mutating func record(_ terminal: Int32, _ captures: borrowing CaptureList, _ glob: Range<Int>?) {
        let routeIndex = terminals[Int(terminal)].routeIndex
        // A scan, not a set: candidates are few, and a set would cost allocations on every
        // enumeration for the rare route that two optional expansions reach.
        guard !found.contains(where: { terminals[$0.terminal].routeIndex == routeIndex }) else { return }
        var recorded = copy captures
        if let glob { recorded.append(glob) }
        if found.isEmpty {
            // One allocation for the common case of a few candidates.
            found.reserveCapacity(4)
        }
        found.append(Candidate(terminal: Int(terminal), captures: recorded))
    }
}
