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
            let routeIndex = terminals[index].routeIndex
            if let scopeRank = scopes[routeIndex].rank(of: link, in: bytes, isExternal: isExternal) {
                let rank = (scope: scopeRank, conditions: scopes[routeIndex].conditions.count)
                // Strictly better only: among equals the first registered wins.
                if best < 0 || rank > bestRank,
                    rank.conditions == 0 || scopes[routeIndex].conditionsHold(decodedQuery())
                {
                    best = Int32(index)
                    bestPriority = priority
                    bestRank = rank
                }
            }
            index &+= 1
        }
        return best
    }

    private mutating func decodedQuery() -> Query {
        if let query { return query }
        let decoded = queryRange.map { URLParser.query(in: bytes, $0, plusAsSpace: plusAsSpace) } ?? Query()
        query = decoded
        return decoded
    }
}
