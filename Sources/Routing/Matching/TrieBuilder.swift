/// Builds a ``Trie`` from expanded route shapes, reporting routes that could never be told apart.
struct TrieBuilder {
    /// One expanded pattern, ready to insert.
    struct Entry {
        let routeIndex: Int
        let priority: Int
        /// The pattern as written, for conflict messages.
        let pattern: String
        let segments: [PatternSegment]
        /// The resolved constraint for each `.parameter` segment, in order (nil for none).
        let constraints: [Constraint?]
    }

    private final class Node {
        var literals: [[UInt8]: Node] = [:]
        var constrained: [String: (constraint: Constraint, node: Node)] = [:]
        var parameter: Node?
        var glob: (terminal: Int, pattern: String)?
        var terminal: (terminal: Int, pattern: String)?
        var maxPriority = Int.min
        var minRouteIndex = Int.max

        /// Records that `entry` passes through this node, for ordering constrained siblings.
        func note(_ entry: Entry) {
            maxPriority = max(maxPriority, entry.priority)
            minRouteIndex = min(minRouteIndex, entry.routeIndex)
        }
    }

    private let root = Node()
    private var terminals: [Trie.Terminal] = []
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
        let terminalIndex = terminals.count
        for segment in entry.segments {
            switch segment {
            case .literal(let literal):
                let key = caseSensitive ? Array(literal.utf8) : ASCII.folded(literal.utf8)
                let child = node.literals[key] ?? Node()
                node.literals[key] = child
                node = child
            case .parameter(let name, _):
                keys.append(name)
                if let constraint = constraintIterator.next() ?? nil {
                    let child = node.constrained[constraint.name]?.node ?? Node()
                    node.constrained[constraint.name] = (constraint, child)
                    node = child
                } else {
                    let child = node.parameter ?? Node()
                    node.parameter = child
                    node = child
                }
            case .glob(let name):
                keys.append(name)
                globIndex = keys.count - 1
                if let existing = node.glob {
                    throw conflict(entry, existing.pattern)
                }
                node.glob = (terminalIndex, entry.pattern)
                terminals.append(
                    Trie.Terminal(
                        routeIndex: entry.routeIndex, keys: keys, globIndex: globIndex)
                )
                return
            }
            node.note(entry)
        }
        if let existing = node.terminal {
            throw conflict(entry, existing.pattern)
        }
        node.terminal = (terminalIndex, entry.pattern)
        terminals.append(
            Trie.Terminal(
                routeIndex: entry.routeIndex, keys: keys, globIndex: globIndex))
    }

    private func conflict(_ entry: Entry, _ other: String) -> RouteTableError {
        let reason =
            other == entry.pattern
            ? "two of its optional-part expansions have the same shape"
            : "it has the same shape as \"\(other)\" (parameter names aside), so one could never be reached"
        return RouteTableError(pattern: entry.pattern, position: nil, reason: reason)
    }

    /// Flattens the tree breadth-first into plain arrays.
    func build() -> Trie {
        var nodes: [Trie.Node] = []
        var literalEdges: [Trie.LiteralEdge] = []
        var keyBytes: [UInt8] = []
        var constraintEdges: [Trie.ConstraintEdge] = []
        var queue: [Node] = [root]
        nodes.append(Trie.Node())
        var head = 0
        while head < queue.count {
            let source = queue[head]
            var flat = Trie.Node()
            flat.terminal = Int32(source.terminal?.terminal ?? -1)
            flat.globTerminal = Int32(source.glob?.terminal ?? -1)
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
                return lhs.node.minRouteIndex < rhs.node.minRouteIndex
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
            terminals: terminals, caseSensitive: caseSensitive)
    }
}
