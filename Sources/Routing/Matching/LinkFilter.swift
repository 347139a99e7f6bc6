/// The ``TerminalFilter`` of a router with scoped or conditioned routes: among the routes of one
/// shape it picks the one `link` reaches, by priority (higher first), then specificity (see
/// ``RouteScope/rank(of:in:isExternal:)``, then more query conditions first), then registration.
///
/// The query is decoded the first time a condition needs it, at most once per walk.
struct LinkFilter: TerminalFilter {
    /// The trie's terminals and the router's scopes (by route index), borrowed for one walk:
    /// holding the arrays would retain them on every URL.
    let terminals: UnsafeBufferPointer<Trie.Terminal>
    let scopes: UnsafeBufferPointer<RouteScope>
    let link: ParsedURL.Link
    /// The URL's bytes, which `link` and `queryRange` index.
    let bytes: UnsafeBufferPointer<UInt8>
    let isExternal: Bool
    let queryRange: Range<Int>?
    let plusAsSpace: Bool
    /// The decoded query, once a condition has needed it; the request reuses it.
    private(set) var query: Query?

    init(
        terminals: UnsafeBufferPointer<Trie.Terminal>, scopes: UnsafeBufferPointer<RouteScope>,
        link: ParsedURL.Link, queryRange: Range<Int>?,
        bytes: UnsafeBufferPointer<UInt8>, isExternal: Bool, plusAsSpace: Bool
    ) {
        self.terminals = terminals
        self.scopes = scopes
        self.link = link
        self.bytes = bytes
        self.isExternal = isExternal
        self.queryRange = queryRange
        self.plusAsSpace = plusAsSpace
    }

    @inline(__always)
    mutating func choose(_ first: Int32, captures: borrowing CaptureList, glob: Range<Int>?) -> Int32 {
        choose(first)
    }

    /// The terminal of the group starting at `first` that the link reaches, or -1.
    mutating func choose(_ first: Int32) -> Int32 {
        var best: Int32 = -1
        var bestPriority = Int.min
        var bestRank = (scope: -1, conditions: -1)
        var index = Int(first)
        let end = Int(terminals[index].groupEnd)
        while index < end {
            // Fields read in place: copying a terminal or a scope would retain its arrays.
            let priority = terminals[index].priority
            // The group is ordered by priority: below the best one's, nothing can win.
            if best >= 0 && priority < bestPriority { break }
            // Strictly better only: among equals the first registered wins.
            if let rank = rank(at: index), best < 0 || rank > bestRank, conditionsHold(at: index, rank) {
                best = Int32(index)
                bestPriority = priority
                bestRank = rank
            }
            index &+= 1
        }
        return best
    }

    /// Every terminal of the group starting at `first` that the link reaches, in the order
    /// ``choose(_:)`` prefers them: its answer first, then what it would answer
    /// were that one gone, and so on.
    mutating func ordered(_ first: Int32) -> [Int32] {
        var reached: [(index: Int, priority: Int, rank: (scope: Int, conditions: Int))] = []
        for index in Int(first)..<Int(terminals[Int(first)].groupEnd) {
            if let rank = rank(at: index), conditionsHold(at: index, rank) {
                reached.append((index, terminals[index].priority, rank))
            }
        }
        reached.sort { lhs, rhs in
            if lhs.priority != rhs.priority { return lhs.priority > rhs.priority }
            if lhs.rank != rhs.rank { return lhs.rank > rhs.rank }
            return lhs.index < rhs.index
        }
        return reached.map { Int32($0.index) }
    }

    /// How specifically the scope of the terminal at `index` names the link (see
    /// ``RouteScope/rank(of:in:isExternal:)``), then how many query conditions it has; `nil`
    /// when the scope does not reach the link. The conditions themselves are not checked.
    @inline(__always)
    private func rank(at index: Int) -> (scope: Int, conditions: Int)? {
        let routeIndex = terminals[index].routeIndex
        guard let scope = scopes[routeIndex].rank(of: link, in: bytes, isExternal: isExternal) else {
            return nil
        }
        return (scope, scopes[routeIndex].conditions.count)
    }

    /// Whether the query conditions of the terminal at `index` hold, decoding the query the
    /// first time one needs it.
    @inline(__always)
    private mutating func conditionsHold(at index: Int, _ rank: (scope: Int, conditions: Int)) -> Bool {
        rank.conditions == 0 || scopes[terminals[index].routeIndex].conditionsHold(decodedQuery())
    }

    private mutating func decodedQuery() -> Query {
        if let query { return query }
        let decoded = queryRange.map { URLParser.query(in: bytes, $0, plusAsSpace: plusAsSpace) } ?? Query()
        query = decoded
        return decoded
    }
}
