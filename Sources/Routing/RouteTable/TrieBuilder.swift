/// Builds a ``Trie`` from expanded route shapes, reporting routes that could never be told apart.
///
/// The tree lives in flat arrays: nodes by creation order, edges and the routes ending at a node
/// in lists threaded through their arrays, literal keys in one byte arena and found through one
/// hash table. So a route adds no allocation of its own (its terminal's parameter names aside),
/// and `Router.init` stays linear in the routes; a class per node with a dictionary per node
/// cost several allocations per segment.
struct TrieBuilder {
    /// One expanded pattern, ready to insert.
    struct Entry {
        let routeIndex: Int
        /// Which expansion of the route's optional parts this is.
        let expansionIndex: Int
        let priority: Int
        /// ``Route/continueNext``: a route of the same shape and scope may come after it.
        var continueNext = false
        /// The pattern as written and the route's name, for conflict messages.
        let pattern: String
        var name: String? = nil
        let segments: [PatternSegment]
        /// The resolved constraint of each constrained parameter, by name (names are unique in a
        /// pattern: the parser refuses one that appears twice in an expansion).
        var constraints: [String: Constraint] = [:]
        /// Which links reach the route: routes of one shape must differ in it.
        var scope = RouteScope.unscoped
    }

    /// A node; its lists run from the last item added back through `previous`. Its index is its
    /// creation order: the last tie-break between constrained siblings, so that the candidate
    /// written first wins even when two come from one route (its optional parts) and tie on
    /// priority and route index.
    struct Node {
        var lastLiteral: Int32 = -1
        var literalCount: Int32 = 0
        var lastConstrained: Int32 = -1
        var constrainedCount: Int32 = 0
        var parameter: Int32 = -1
        /// The routes ending here: one shape, told apart by scope and query conditions.
        var lastTerminal: Int32 = -1
        var lastGlob: Int32 = -1
        /// Segment patterns (``SegmentPatternEdge``) and globs that are not a plain last segment
        /// (``GlobEdge``): rare forms, kept in their own lists.
        var lastPattern: Int32 = -1
        var lastGlobEdge: Int32 = -1
        var maxPriority = Int.min
        var minRouteIndex = Int.max

        /// Records that `entry` passes through this node, for ordering constrained siblings.
        mutating func note(_ entry: Entry) {
            maxPriority = max(maxPriority, entry.priority)
            minRouteIndex = min(minRouteIndex, entry.routeIndex)
        }
    }

    /// A literal child; its key (folded when matching ignores case) is `keyBytes[keyStart...]`.
    struct LiteralEdge {
        let parent: Int32
        let child: Int32
        let keyStart: Int32
        let keyLength: Int32
        /// ``Trie/LiteralEdge/prefix(ofKey:)`` of the key, for sorting siblings.
        let prefix: UInt64
        let hash: UInt64
        let previous: Int32
    }

    struct ConstraintEdge {
        var constraint: Constraint
        let child: Int32
        let previous: Int32
    }

    private(set) var nodes = [Node()]
    private(set) var literalEdges: [LiteralEdge] = []
    private(set) var keyBytes: [UInt8] = []
    private(set) var constraintEdges: [ConstraintEdge] = []
    private(set) var occupants: [Occupant] = []
    private(set) var patternEdges: [SegmentPatternEdge] = []
    private(set) var globEdges: [GlobEdge] = []
    private(set) var givenUp: [GivenUp] = []
    /// Open addressing over `literalEdges` by parent and key; -1 is empty. At most half full.
    private var literalTable = [Int32](repeating: -1, count: 16)
    let caseSensitive: Bool

    init(caseSensitive: Bool) {
        self.caseSensitive = caseSensitive
    }

    /// Adds one expansion. When another route already has its shape and scope, the one that
    /// precedes answers it and the other gives it up (``givenUp``).
    mutating func insert(_ entry: Entry) {
        var node: Int32 = 0
        var keys: [String] = []
        // A static route captures nothing and allocates no keys.
        keys.reserveCapacity(entry.segments.reduce(0) { $0 + $1.parameterCount })
        var globIndex = -1
        nodes[0].note(entry)
        for (offset, segment) in entry.segments.enumerated() {
            switch segment {
            case .literal(let literal):
                node = literalChild(of: node, literal)
            case .parameter(let name, _):
                keys.append(name)
                if let constraint = entry.constraints.isEmpty ? nil : entry.constraints[name] {
                    node = constrainedChild(of: node, constraint)
                } else {
                    if nodes[Int(node)].parameter < 0 { nodes[Int(node)].parameter = makeNode() }
                    node = nodes[Int(node)].parameter
                }
            case .pieces(let pieces):
                keys += pieces.compactMap(\.parameterName)
                node = patternChild(of: node, self.pieces(pieces, entry.constraints))
            case .glob(let name, _, let tail):
                globIndex = keys.count
                keys.append(name)
                keys += tail.compactMap(\.parameterName)
                let constraint = entry.constraints[name]
                let after = entry.segments.count - offset - 1
                if tail.isEmpty && after == 0 && constraint == nil {
                    nodes[Int(node)].lastGlob = add(
                        entry, keys: keys, globIndex: globIndex, after: nodes[Int(node)].lastGlob)
                    return
                }
                node = globChild(
                    of: node, constraint: constraint, tail: self.pieces(tail, entry.constraints),
                    segmentsAfter: after)
            }
            nodes[Int(node)].note(entry)
        }
        nodes[Int(node)].lastTerminal = add(
            entry, keys: keys, globIndex: globIndex, after: nodes[Int(node)].lastTerminal)
    }

    private mutating func makeNode() -> Int32 {
        nodes.append(Node())
        return Int32(nodes.count - 1)
    }

    /// The child of `parent` for `literal`, made if new. The key goes to the end of the arena
    /// first, and leaves it again when the edge exists.
    private mutating func literalChild(of parent: Int32, _ literal: String) -> Int32 {
        let keyStart = keyBytes.count
        var literal = literal
        literal.withUTF8 { bytes in
            keyBytes.append(contentsOf: bytes)
            if caseSensitive { return }
            for offset in keyStart..<keyBytes.count {
                keyBytes[offset] = ASCIICaseFolding.lowercased(keyBytes[offset])
            }
        }
        let keyLength = keyBytes.count - keyStart
        let hash = Self.hash(parent: parent, keyBytes[keyStart...])
        var slot = Int(truncatingIfNeeded: hash) & (literalTable.count - 1)
        while case let edge = literalTable[slot], edge >= 0 {
            let existing = literalEdges[Int(edge)]
            if existing.hash == hash && existing.parent == parent && Int(existing.keyLength) == keyLength
                && keyBytes[Int(existing.keyStart)..<Int(existing.keyStart) + keyLength]
                    .elementsEqual(keyBytes[keyStart...])
            {
                keyBytes.removeLast(keyLength)
                return existing.child
            }
            slot = (slot + 1) & (literalTable.count - 1)
        }
        let child = makeNode()
        let prefix = keyBytes.withUnsafeBufferPointer { bytes in
            Trie.LiteralEdge.prefix(
                of: UnsafeBufferPointer(rebasing: bytes[keyStart...]), readable: 0, folding: false)
        }
        literalEdges.append(
            LiteralEdge(
                parent: parent, child: child, keyStart: Int32(keyStart), keyLength: Int32(keyLength),
                prefix: prefix, hash: hash, previous: nodes[Int(parent)].lastLiteral))
        nodes[Int(parent)].lastLiteral = Int32(literalEdges.count - 1)
        nodes[Int(parent)].literalCount += 1
        literalTable[slot] = Int32(literalEdges.count - 1)
        if literalEdges.count * 2 > literalTable.count { growLiteralTable() }
        return child
    }

    private mutating func growLiteralTable() {
        literalTable = [Int32](repeating: -1, count: literalTable.count * 2)
        let mask = literalTable.count - 1
        for (index, edge) in literalEdges.enumerated() {
            var slot = Int(truncatingIfNeeded: edge.hash) & mask
            while literalTable[slot] >= 0 { slot = (slot + 1) & mask }
            literalTable[slot] = Int32(index)
        }
    }

    private static func hash(parent: Int32, _ key: ArraySlice<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(truncatingIfNeeded: parent)
        for byte in key { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        return hash ^ (hash &>> 29)
    }

    /// The child of `parent` for `constraint`, by name, made if new. A later route's constraint
    /// of the same name replaces the earlier one on the edge.
    private mutating func constrainedChild(of parent: Int32, _ constraint: Constraint) -> Int32 {
        var edge = nodes[Int(parent)].lastConstrained
        while edge >= 0 {
            if constraintEdges[Int(edge)].constraint.name == constraint.name {
                constraintEdges[Int(edge)].constraint = constraint
                return constraintEdges[Int(edge)].child
            }
            edge = constraintEdges[Int(edge)].previous
        }
        let child = makeNode()
        constraintEdges.append(
            ConstraintEdge(constraint: constraint, child: child, previous: nodes[Int(parent)].lastConstrained)
        )
        nodes[Int(parent)].lastConstrained = Int32(constraintEdges.count - 1)
        nodes[Int(parent)].constrainedCount += 1
        return child
    }

    /// `pieces` as trie keys: literals folded when matching ignores case, parameters with their
    /// resolved constraints.
    private func pieces(_ pieces: [PatternPiece], _ constraints: [String: Constraint]) -> [Piece] {
        pieces.map { piece in
            switch piece {
            case .literal(let text):
                .literal(caseSensitive ? Array(text.utf8) : text.utf8.map(ASCIICaseFolding.lowercased))
            case .parameter(let name, _):
                .parameter(constraints[name])
            }
        }
    }

    /// The child of `parent` for a segment of `pieces`, made if new.
    private mutating func patternChild(of parent: Int32, _ pieces: [Piece]) -> Int32 {
        var edge = nodes[Int(parent)].lastPattern
        while edge >= 0 {
            if patternEdges[Int(edge)].pieces == pieces { return patternEdges[Int(edge)].child }
            edge = patternEdges[Int(edge)].previous
        }
        let child = makeNode()
        patternEdges.append(
            SegmentPatternEdge(pieces: pieces, child: child, previous: nodes[Int(parent)].lastPattern))
        nodes[Int(parent)].lastPattern = Int32(patternEdges.count - 1)
        return child
    }

    /// The child of `parent` for a glob with `constraint`, `tail` and `segmentsAfter`, made if new.
    private mutating func globChild(
        of parent: Int32, constraint: Constraint?, tail: [Piece], segmentsAfter: Int
    ) -> Int32 {
        var edge = nodes[Int(parent)].lastGlobEdge
        while edge >= 0 {
            let existing = globEdges[Int(edge)]
            if existing.constraint?.name == constraint?.name && existing.tail == tail
                && existing.segmentsAfter == segmentsAfter
            {
                return existing.child
            }
            edge = existing.previous
        }
        let child = makeNode()
        globEdges.append(
            GlobEdge(
                constraint: constraint, tail: tail, segmentsAfter: segmentsAfter, child: child,
                previous: nodes[Int(parent)].lastGlobEdge))
        nodes[Int(parent)].lastGlobEdge = Int32(globEdges.count - 1)
        return child
    }

    /// Adds `entry` to the routes ending at a node (the list ending at `last`) and returns the
    /// list's new end. Routes of the same shape and scope are a chain, in precedence order: a
    /// route after one without `continueNext` could never run in this shape, so it gives the
    /// shape up (``givenUp``); so does a second expansion of one route with the same shape.
    private mutating func add(_ entry: Entry, keys: [String], globIndex: Int, after last: Int32) -> Int32 {
        let occupant = Occupant(
            pattern: entry.pattern, name: entry.name, scope: entry.scope, continueNext: entry.continueNext,
            expansionIndex: entry.expansionIndex,
            terminal: Trie.Terminal(
                routeIndex: entry.routeIndex, keys: keys, globIndex: globIndex, priority: entry.priority,
                groupEnd: -1),
            previous: last)
        // The first route of a shape has no rival: nothing to check.
        if last >= 0 {
            let occupants = self.occupants
            let rivals = Self.list(from: last, in: occupants).filter {
                occupants[Int($0)].scope == entry.scope
            }
            if rivals.contains(where: { occupants[Int($0)].terminal.routeIndex == entry.routeIndex }) {
                givenUp.append(
                    GivenUp(
                        routeIndex: entry.routeIndex, expansionIndex: entry.expansionIndex,
                        takenBy: entry.routeIndex, conflict: nil))
                return last
            }
            // -1 stands for the new occupant.
            let member = { (item: Int32) in item < 0 ? occupant : occupants[Int(item)] }
            let chain = (rivals + [-1]).sorted { member($0).precedes(member($1)) }
            if let blocker = chain.dropLast().firstIndex(where: { !member($0).continueNext }) {
                var keepsNew = true
                for blocked in chain[(blocker + 1)...] {
                    let (loser, winner) = (member(blocked), member(chain[blocker]))
                    givenUp.append(
                        GivenUp(
                            routeIndex: loser.terminal.routeIndex, expansionIndex: loser.expansionIndex,
                            takenBy: winner.terminal.routeIndex, conflict: conflict(loser, blockedBy: winner))
                    )
                    if blocked < 0 { keepsNew = false } else { self.occupants[Int(blocked)].gaveUp = true }
                }
                if !keepsNew { return last }
            }
        }
        occupants.append(occupant)
        return Int32(occupants.count - 1)
    }
}
