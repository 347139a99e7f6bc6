/// The ``GroupChooser`` of a router with scoped or conditioned routes: among the routes of one
/// shape it ranks those `link` reaches by ``Reach/precedes(_:)``, the one precedence rule.
///
/// The query is decoded the first time a condition needs it, at most once per walk (never, when
/// the request already decoded it and hands it in). What only a route's end can settle is
/// checked there too: constraints that read the link (they need the route's host parameters),
/// and, where empty segments are kept, that no parameter but a glob took an empty one.
struct LinkFilter: GroupChooser {
    /// The trie's terminals and the router's scopes (by route index), borrowed for one walk:
    /// holding the arrays would retain them on every URL.
    ///
    /// The fields are declared so that the one-byte ones come last, unpadded: the filter stays
    /// within 128 bytes, which the compiler copies with a few moves rather than a `memcpy` call
    /// when the walk is set up, on every scoped link.
    let terminals: UnsafeBufferPointer<Trie.Terminal>
    let scopes: UnsafeBufferPointer<RouteScope>
    /// The URL's bytes, which `link` and `queryRange` index.
    let bytes: UnsafeBufferPointer<UInt8>
    /// The routed path's bytes, which captures index (`bytes` unless a rewrite applied).
    let routed: UnsafeBufferPointer<UInt8>
    let link: ParsedURL.Link
    let queryRange: Range<Int>?
    /// The decoded query, once a condition has needed it; the request reuses it.
    private(set) var query: Query?
    /// ``Router/Configuration/EmptySegments/keep``: a capture other than a glob's must not be empty.
    let refusesEmptyCaptures: Bool
    let isExternal: Bool
    let queryReading: QueryReading

    init(
        terminals: UnsafeBufferPointer<Trie.Terminal>, scopes: UnsafeBufferPointer<RouteScope>,
        link: ParsedURL.Link, queryRange: Range<Int>?, query: Query? = nil,
        bytes: UnsafeBufferPointer<UInt8>, routed: UnsafeBufferPointer<UInt8>, refusesEmptyCaptures: Bool,
        isExternal: Bool, queryReading: QueryReading
    ) {
        self.terminals = terminals
        self.scopes = scopes
        self.link = link
        self.bytes = bytes
        self.routed = routed
        self.refusesEmptyCaptures = refusesEmptyCaptures
        self.isExternal = isExternal
        self.queryRange = queryRange
        self.query = query
        self.queryReading = queryReading
    }

    /// How a route of a group ranks for the link.
    struct Reach {
        let index: Int
        let priority: Int
        /// How specifically the route's scope names the link (``RouteScope/rank(of:in:isExternal:)``).
        let scope: Int
        /// How many query conditions the route has (whether they hold is checked apart).
        let conditions: Int

        /// The precedence of routes of one shape: higher priority, then the more specific
        /// scope, then more query conditions, then the earlier registered.
        @inline(__always)
        func precedes(_ other: Reach) -> Bool {
            if priority != other.priority { return priority > other.priority }
            if scope != other.scope { return scope > other.scope }
            if conditions != other.conditions { return conditions > other.conditions }
            return index < other.index
        }
    }

    @inline(__always)
    mutating func choose(_ first: Int32, captures: borrowing CaptureList, glob: Range<Int>?) -> Int32 {
        best(in: first, after: nil, captures: captures, glob: glob)
    }

    /// The terminal of the group starting at `first` that the link reaches and that comes right
    /// after `previous` (-1: the best one), or -1: asked in turn, the group's candidates in order.
    mutating func choose(
        _ first: Int32, after previous: Int32, captures: borrowing CaptureList, glob: Range<Int>?
    )
        -> Int32
    {
        best(in: first, after: previous < 0 ? nil : reach(at: Int(previous)), captures: captures, glob: glob)
    }

    /// The best-ranked terminal of the group starting at `first` that the link reaches and that
    /// `floor` precedes (any, when `floor` is `nil`), or -1.
    @inline(__always)
    private mutating func best(
        in first: Int32, after floor: Reach?, captures: borrowing CaptureList, glob: Range<Int>?
    ) -> Int32 {
        var best: Reach?
        var index = Int(first)
        let end = Int(terminals[index].groupEnd)
        while index < end {
            // The group is ordered by priority, highest first: below the best one's, nothing
            // after it can win.
            if let best, terminals[index].priority < best.priority { break }
            if let candidate = reach(at: index) {
                let isAfterFloor = floor == nil || floor.unsafelyUnwrapped.precedes(candidate)
                let beatsBest = best == nil || candidate.precedes(best.unsafelyUnwrapped)
                if isAfterFloor && beatsBest && conditionsHold(candidate)
                    && endChecksPass(candidate, captures: captures, glob: glob)
                {
                    best = candidate
                }
            }
            index &+= 1
        }
        guard let best else { return -1 }
        return Int32(truncatingIfNeeded: best.index)
    }

    /// How the route of the terminal at `index` ranks for the link; `nil` when its scope does
    /// not reach the link. Fields are read in place: copying a terminal or a scope would retain
    /// its arrays.
    @inline(__always)
    private func reach(at index: Int) -> Reach? {
        let routeIndex = terminals[index].routeIndex
        guard let scope = scopes[routeIndex].rank(of: link, in: bytes, isExternal: isExternal) else {
            return nil
        }
        return Reach(
            index: index, priority: terminals[index].priority, scope: scope,
            conditions: scopes[routeIndex].conditions.count)
    }

    /// Whether the query conditions of the route ranked `reach` hold, decoding the query the
    /// first time one needs it.
    @inline(__always)
    private mutating func conditionsHold(_ reach: Reach) -> Bool {
        guard reach.conditions > 0 else { return true }
        let scope = scopes[terminals[reach.index].routeIndex]
        return scope.conditionsHold(decodedQuery()) { context(for: scope) }
    }

    /// The checks only a route's end can make: with empty segments kept, no capture but a glob's
    /// is empty; and the constraints that read the link accept their values.
    @inline(__always)
    private func endChecksPass(_ reach: Reach, captures: borrowing CaptureList, glob: Range<Int>?) -> Bool {
        let routeIndex = terminals[reach.index].routeIndex
        guard refusesEmptyCaptures || !scopes[routeIndex].linkChecks.isEmpty else { return true }
        return endChecksPass(terminal: reach.index, scope: scopes[routeIndex], captures: captures, glob: glob)
    }

    private func endChecksPass(
        terminal: Int, scope: RouteScope, captures: borrowing CaptureList, glob: Range<Int>?
    ) -> Bool {
        let keys = terminals[terminal].keys
        let globIndex = terminals[terminal].globIndex
        func capture(_ index: Int) -> Range<Int> {
            index < captures.count ? captures[index] : glob ?? 0..<0
        }
        if refusesEmptyCaptures {
            for index in keys.indices where index != globIndex && capture(index).isEmpty { return false }
        }
        guard !scope.linkChecks.isEmpty else { return true }
        let context = context(for: scope)
        for check in scope.linkChecks {
            guard let index = keys.firstIndex(of: check.name) else { continue }
            let value = PercentEncoding.decode(routed[capture(index)], plusAsSpace: false)
            if !check.constraint.accepts(Substring(value), in: context) { return false }
        }
        return true
    }

    /// The link as the constraints of the route whose scope is `scope` see it. Out of line: only
    /// a route whose constraints read the link needs it, and inlined it grows every `choose`.
    @inline(never)
    private func context(for scope: RouteScope) -> LinkContext {
        guard let host = link.host else {
            return LinkContext(scheme: link.scheme.map { ASCIICaseFolding.string(lowercasing: bytes[$0]) })
        }
        let values = scope.hostEntry(for: host, in: bytes).map {
            scope.hostParameterValues($0, host: host, in: bytes)
        }
        return RouteScope.linkContext(host: host, hostParameters: values ?? [], in: bytes)
    }

    private mutating func decodedQuery() -> Query {
        if let query { return query }
        let decoded =
            queryRange.map { URLParser.query(in: bytes, $0, reading: queryReading) }
            ?? Query(readsLast: queryReading.readsLast)
        query = decoded
        return decoded
    }
}
