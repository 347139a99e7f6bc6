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

    /// A route that ends at a node.
    struct Occupant {
        let pattern: String
        let name: String?
        let scope: RouteScope
        let continueNext: Bool
        let terminal: Trie.Terminal
        let previous: Int32

        /// The order in which a link that reaches both would try them.
        func precedes(_ other: Occupant) -> Bool {
            if terminal.priority != other.terminal.priority {
                return terminal.priority > other.terminal.priority
            }
            return terminal.routeIndex < other.terminal.routeIndex
        }
    }

    private(set) var nodes = [Node()]
    private(set) var literalEdges: [LiteralEdge] = []
    private(set) var keyBytes: [UInt8] = []
    private(set) var constraintEdges: [ConstraintEdge] = []
    private(set) var occupants: [Occupant] = []
    /// Open addressing over `literalEdges` by parent and key; -1 is empty. At most half full.
    private var literalTable = [Int32](repeating: -1, count: 16)
    let caseSensitive: Bool

    init(caseSensitive: Bool) {
        self.caseSensitive = caseSensitive
    }

    /// Adds one expansion; throws when another route already has the same shape.
    mutating func insert(_ entry: Entry) throws(RouteTableError) {
        var node: Int32 = 0
        var keys: [String] = []
        keys.reserveCapacity(
            entry.segments.count(where: {
                if case .literal = $0 { false } else { true }
            }))
        nodes[0].note(entry)
        for segment in entry.segments {
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
            case .glob(let name):
                keys.append(name)
                let last = try add(
                    entry, keys: keys, globIndex: keys.count - 1, after: nodes[Int(node)].lastGlob)
                nodes[Int(node)].lastGlob = last
                return
            }
            nodes[Int(node)].note(entry)
        }
        nodes[Int(node)].lastTerminal = try add(
            entry, keys: keys, globIndex: -1, after: nodes[Int(node)].lastTerminal)
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

    /// Adds `entry` to the routes ending at a node (the list ending at `last`) and returns the
    /// list's new end. Routes of the same shape and scope are a chain: allowed when each but the
    /// last in precedence order has `continueNext`, since a route after one without it could never
    /// run.
    private mutating func add(_ entry: Entry, keys: [String], globIndex: Int, after last: Int32)
        throws(RouteTableError) -> Int32
    {
        let occupant = Occupant(
            pattern: entry.pattern, name: entry.name, scope: entry.scope, continueNext: entry.continueNext,
            terminal: Trie.Terminal(
                routeIndex: entry.routeIndex, keys: keys, globIndex: globIndex, priority: entry.priority,
                groupEnd: -1),
            previous: last)
        // The first route of a shape has no rival: nothing to check.
        if last >= 0 {
            let rivals = Self.list(from: last, in: occupants).map { occupants[Int($0)] }.filter {
                $0.scope == entry.scope
            }
            if let sameRoute = rivals.first(where: { $0.terminal.routeIndex == entry.routeIndex }) {
                throw conflict(entry, sameRoute)
            }
            let chain = (rivals + [occupant]).sorted { $0.precedes($1) }
            if let blocker = chain.dropLast().firstIndex(where: { !$0.continueNext }) {
                throw conflict(chain[blocker + 1], blockedBy: chain[blocker])
            }
        }
        occupants.append(occupant)
        return Int32(occupants.count - 1)
    }

    /// The items of the list ending at `last`, first added first; `previous` links them.
    static func list(from last: Int32, in occupants: [Occupant]) -> [Int32] {
        var items: [Int32] = []
        var item = last
        while item >= 0 {
            items.append(item)
            item = occupants[Int(item)].previous
        }
        return items.reversed()
    }

    private func conflict(_ entry: Entry, _ other: Occupant) -> RouteTableError {
        let sameness = entry.scope.reachesEveryLink ? "shape" : "shape, scope and query conditions"
        return RouteTableError(
            pattern: entry.pattern, position: nil,
            reason: "two of its optional-part expansions have the same \(sameness)")
    }

    /// `blocked` comes after `blocker` among routes of one shape and scope, and `blocker` ends
    /// every request it answers.
    private func conflict(_ blocked: Occupant, blockedBy blocker: Occupant) -> RouteTableError {
        // Compare routes, not pattern text: two routes may be written alike.
        let sameness = blocked.scope.reachesEveryLink ? "shape" : "shape, scope and query conditions"
        let order =
            blocker.terminal.priority != blocked.terminal.priority
            ? "has a higher priority" : "was registered first"
        // Routes of one shape often share their pattern text: their names tell them apart.
        let subject = blocked.name.map { "route '\($0)'" } ?? "it"
        let other = blocker.name.map { "route '\($0)'; " } ?? ""
        return RouteTableError(
            pattern: blocked.pattern, position: nil,
            reason:
                "\(subject) could never run: it has the same \(sameness) as \"\(blocker.pattern)\" (\(other)parameter names aside), which \(order) and has no continueNext"
        )
    }
}
