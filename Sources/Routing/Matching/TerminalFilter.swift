/// Chooses, at a node where routes end, the route a link reaches among the node's group (see
/// ``Trie/Terminal``), or none, and the walk backtracks as at any dead end.
///
/// The walk is generic over it: a trie whose every group holds one plain route walks with
/// ``FirstTerminal``, which compiles to the walk 0.1 had, so scopes and query conditions cost a
/// router that uses neither nothing.
protocol TerminalFilter {
    /// The terminal the walk returns for the group starting at `first` (0 or more), or -1.
    mutating func choose(_ first: Int32) -> Int32
}

/// The group's first terminal: exact for plain tries, whose groups hold one route each.
struct FirstTerminal: TerminalFilter {
    /// One stored byte, for the reason ``SilentTracer`` has one.
    private var unused: UInt8 = 0

    @inline(__always) mutating func choose(_ first: Int32) -> Int32 { first }
}
