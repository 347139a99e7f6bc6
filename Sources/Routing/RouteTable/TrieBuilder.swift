/// Builds a ``Trie`` from expanded route shapes, reporting routes that could never be told apart.
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
        /// The resolved constraint for each `.parameter` segment, in order (nil for none).
        let constraints: [Constraint?]
        /// Which links reach the route: routes of one shape must differ in it.
        var scope = RouteScope.unscoped
    }

    private final class Node {
        /// Creation order: the last tie-break between constrained siblings, so that the candidate
        /// written first wins even when two come from one route (its optional parts) and tie on
        /// priority and route index. Without it the order was the `Dictionary`'s, which changes
        /// with the process's hash seed.
        let sequence: Int
        var literals: [[UInt8]: Node] = [:]
        var constrained: [String: (constraint: Constraint, node: Node)] = [:]
        var parameter: Node?
        /// The routes ending here: one shape, told apart by scope and query conditions.
        var globs: [Occupant] = []
        var terminals: [Occupant] = []
        var maxPriority = Int.min
        var minRouteIndex = Int.max

        init(sequence: Int) {
            self.sequence = sequence
        }

        /// Records that `entry` passes through this node, for ordering constrained siblings.
        func note(_ entry: Entry) {
            maxPriority = max(maxPriority, entry.priority)
            minRouteIndex = min(minRouteIndex, entry.routeIndex)
        }
    }

    /// A route that ends at a node.
    private struct Occupant {
        let pattern: String
        let name: String?
        let scope: RouteScope
        let continueNext: Bool
        let terminal: Trie.Terminal

        /// The order in which a link that reaches both would try them.
        func precedes(_ other: Occupant) -> Bool {
            if terminal.priority != other.terminal.priority {
                return terminal.priority > other.terminal.priority
            }
            return terminal.routeIndex < other.terminal.routeIndex
        }
    }

    private let root = Node(sequence: 0)
    private var nodeCount = 1
    private let caseSensitive: Bool

    init(caseSensitive: Bool) {
        self.caseSensitive = caseSensitive
    }

    /// Adds one expansion; throws when another route already has the same shape.
    mutating func insert(_ entry: Entry) throws(RouteTableError) {
        var node = root
        var keys: [String] = []
        var globIndex = -1
        var constraintIterator = entry.constraints.makeIterator()
        node.note(entry)
        for segment in entry.segments {
            switch segment {
            case .literal(let literal):
                let key =
                    caseSensitive ? Array(literal.utf8) : ASCIICaseFolding.lowercased(bytes: literal.utf8)
                let child = node.literals[key] ?? makeNode()
                node.literals[key] = child
                node = child
            case .parameter(let name, _):
                keys.append(name)
                if let constraint = constraintIterator.next() ?? nil {
                    let child = node.constrained[constraint.name]?.node ?? makeNode()
                    node.constrained[constraint.name] = (constraint, child)
                    node = child
                } else {
                    let child = node.parameter ?? makeNode()
                    node.parameter = child
                    node = child
                }
            case .glob(let name):
                keys.append(name)
                globIndex = keys.count - 1
                try add(entry, keys: keys, globIndex: globIndex, to: &node.globs)
                return
            }
            node.note(entry)
        }
        try add(entry, keys: keys, globIndex: globIndex, to: &node.terminals)
    }

    /// Adds `entry` to the routes ending at a node. Routes of the same shape and scope are a
    /// chain: allowed when each but the last in precedence order has `continueNext`, since a
    /// route after one without it could never run.
    private func add(_ entry: Entry, keys: [String], globIndex: Int, to occupants: inout [Occupant])
        throws(RouteTableError)
    {
        let occupant = Occupant(
            pattern: entry.pattern, name: entry.name, scope: entry.scope, continueNext: entry.continueNext,
            terminal: Trie.Terminal(
                routeIndex: entry.routeIndex, keys: keys, globIndex: globIndex, priority: entry.priority,
                groupEnd: -1))
        let rivals = occupants.filter { $0.scope == entry.scope }
        if let sameRoute = rivals.first(where: { $0.terminal.routeIndex == entry.routeIndex }) {
            throw conflict(entry, sameRoute)
        }
        let chain = (rivals + [occupant]).sorted { $0.precedes($1) }
        if let blocker = chain.dropLast().firstIndex(where: { !$0.continueNext }) {
            throw conflict(chain[blocker + 1], blockedBy: chain[blocker])
        }
        occupants.append(occupant)
    }

    private mutating func makeNode() -> Node {
        defer { nodeCount += 1 }
        return Node(sequence: nodeCount)
    }

    private func conflict(_ entry: Entry, _ other: Occupant) -> RouteTableError {
        let sameness = entry.scope.isPlain ? "shape" : "shape, scope and query conditions"
        return RouteTableError(
            pattern: entry.pattern, position: nil,
            reason: "two of its optional-part expansions have the same \(sameness)")
    }

    /// `blocked` comes after `blocker` among routes of one shape and scope, and `blocker` ends
    /// every request it answers.
    private func conflict(_ blocked: Occupant, blockedBy blocker: Occupant) -> RouteTableError {
        // Compare routes, not pattern text: two routes may be written alike.
        let sameness = blocked.scope.isPlain ? "shape" : "shape, scope and query conditions"
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

    /// Flattens the tree breadth-first into plain arrays.
    func build() -> Trie {
        var nodes: [Trie.Node] = []
        var literalEdges: [Trie.LiteralEdge] = []
        var keyBytes: [UInt8] = []
        var constraintEdges: [Trie.ConstraintEdge] = []
        var terminals: [Trie.Terminal] = []
        var isPlain = true
        // A node's routes, contiguous in `terminals`, by priority then registration: the order
        // in which a link that every one of them reaches would try them.
        func group(_ occupants: [Occupant]) -> Int32 {
            guard !occupants.isEmpty else { return -1 }
            let first = terminals.count
            let ordered = occupants.sorted { lhs, rhs in
                if lhs.terminal.priority != rhs.terminal.priority {
                    return lhs.terminal.priority > rhs.terminal.priority
                }
                return lhs.terminal.routeIndex < rhs.terminal.routeIndex
            }
            for occupant in ordered {
                var terminal = occupant.terminal
                terminal.groupEnd = Int32(first + occupants.count)
                terminals.append(terminal)
                isPlain = isPlain && occupant.scope.isPlain
            }
            isPlain = isPlain && occupants.count == 1
            return Int32(first)
        }
        var queue: [Node] = [root]
        nodes.append(Trie.Node())
        var head = 0
        while head < queue.count {
            let source = queue[head]
            var flat = Trie.Node()
            flat.terminal = group(source.terminals)
            flat.globTerminal = group(source.globs)
            flat.literalStart = Int32(literalEdges.count)
            for (key, child) in source.literals.sorted(by: { Trie.LiteralEdge.keyPrecedes($0.key, $1.key) }) {
                literalEdges.append(
                    Trie.LiteralEdge(
                        prefix: Trie.LiteralEdge.prefix(ofKey: key), keyStart: Int32(keyBytes.count),
                        keyLength: Int32(key.count), child: Int32(queue.count)))
                keyBytes += key
                queue.append(child)
            }
            flat.literalCount = Int32(source.literals.count)
            flat.constrainedStart = Int32(constraintEdges.count)
            let ordered = source.constrained.values.sorted { lhs, rhs in
                if lhs.node.maxPriority != rhs.node.maxPriority {
                    return lhs.node.maxPriority > rhs.node.maxPriority
                }
                if lhs.node.minRouteIndex != rhs.node.minRouteIndex {
                    return lhs.node.minRouteIndex < rhs.node.minRouteIndex
                }
                return lhs.node.sequence < rhs.node.sequence
            }
            for (constraint, child) in ordered {
                constraintEdges.append(Trie.ConstraintEdge(constraint: constraint, child: Int32(queue.count)))
                queue.append(child)
            }
            flat.constrainedCount = Int32(ordered.count)
            if let parameter = source.parameter {
                flat.parameterChild = Int32(queue.count)
                queue.append(parameter)
            }
            if head == 0 { nodes[0] = flat } else { nodes.append(flat) }
            head += 1
        }
        return Trie(
            nodes: nodes, literalEdges: literalEdges, keyBytes: keyBytes, constraintEdges: constraintEdges,
            terminals: terminals, caseSensitive: caseSensitive, isPlain: isPlain)
    }
}
