/// Chooses, at a node where routes end, the route a link reaches among the node's group (see
/// ``Trie/Terminal``), or none, and the walk backtracks as at any dead end.
///
/// The walk is generic over it: a trie with one route per shape (``Trie/walksUnfiltered``) walks with
/// ``FirstTerminal``, which compiles to the walk 0.1 had, so scopes and query conditions cost a
/// router that uses neither nothing. ``CandidateCollector`` records every route the link reaches
/// and answers -1, so the walk goes on to the end: the walk's order is the candidates' order.
protocol TerminalFilter {
    /// The terminal the walk returns for the group starting at `first` (0 or more), or -1.
    /// `captures` are the walk's so far; `glob` is the range a glob would capture when the
    /// group ends at a glob (the walk appends it only to a terminal it returns).
    mutating func choose(_ first: Int32, captures: borrowing CaptureList, glob: Range<Int>?) -> Int32
}

/// A ``TerminalFilter`` that ranks the routes of a group for one link: the one rule that both the
/// first match and the list of candidates follow (``CandidateCollector`` asks it for each route
/// in turn).
protocol GroupChooser: TerminalFilter {
    /// The terminal of the group starting at `first` that the link reaches and that comes next
    /// after `previous` in precedence order (the best one when `previous` is -1), or -1.
    /// `captures` and `glob` are as for ``TerminalFilter/choose(_:captures:glob:)``.
    mutating func choose(
        _ first: Int32, after previous: Int32, captures: borrowing CaptureList, glob: Range<Int>?
    )
        -> Int32
    /// The decoded query, when a query condition needed it.
    var query: Query? { get }
}

/// The group's first terminal: exact for tries whose groups hold one route each.
struct FirstTerminal: GroupChooser {
    /// One stored byte, for the reason ``SilentTracer`` has one.
    private var unused: UInt8 = 0

    @inline(__always)
    mutating func choose(_ first: Int32, captures: borrowing CaptureList, glob: Range<Int>?) -> Int32 {
        first
    }

    @inline(__always)
    mutating func choose(
        _ first: Int32, after previous: Int32, captures: borrowing CaptureList, glob: Range<Int>?
    )
        -> Int32
    {
        previous < 0 ? first : -1
    }

    var query: Query? { nil }
}
