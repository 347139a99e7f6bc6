/// Chooses, at a node where routes end, the route a link reaches among the node's group (see
/// ``Trie/Terminal``), or none, and the walk backtracks as at any dead end.
///
/// The walk is generic over it: a trie whose every group holds one plain route walks with
/// ``FirstTerminal``, which compiles to the walk 0.1 had, so scopes and query conditions cost a
/// router that uses neither nothing. ``CandidateCollector`` records every route the link reaches
/// and answers -1, so the walk goes on to the end: the walk's order is the candidates' order.
protocol TerminalFilter {
    /// The terminal the walk returns for the group starting at `first` (0 or more), or -1.
    /// `captures` are the walk's so far; `glob` is the range a glob would capture when the
    /// group ends at a glob (the walk appends it only to a terminal it returns).
    mutating func choose(_ first: Int32, captures: borrowing CaptureList, glob: Range<Int>?) -> Int32
}

/// The group's first terminal: exact for plain tries, whose groups hold one route each.
struct FirstTerminal: TerminalFilter {
    /// One stored byte, for the reason ``SilentTracer`` has one.
    private var unused: UInt8 = 0

    @inline(__always)
    mutating func choose(_ first: Int32, captures: borrowing CaptureList, glob: Range<Int>?) -> Int32 {
        first
    }
}
