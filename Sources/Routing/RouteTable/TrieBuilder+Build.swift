extension TrieBuilder {
    /// Flattens the tree breadth-first into the ``Trie``'s arrays: a node's literal children by
    /// ``Trie/LiteralEdge/keyPrecedes(_:_:)``, then its constrained children, then its parameter.
    func build() -> Trie {
        // Locals, not `self`: the closures below would copy the whole builder at every call.
        let (nodes, literalEdges, keyBytes) = (self.nodes, self.literalEdges, self.keyBytes)
        let (constraintEdges, occupants) = (self.constraintEdges, self.occupants)
        var flatNodes: [Trie.Node] = []
        flatNodes.reserveCapacity(nodes.count)
        var flatLiterals: [Trie.LiteralEdge] = []
        flatLiterals.reserveCapacity(literalEdges.count)
        var flatKeys: [UInt8] = []
        flatKeys.reserveCapacity(keyBytes.count)
        var flatConstraints: [Trie.ConstraintEdge] = []
        flatConstraints.reserveCapacity(constraintEdges.count)
        var terminals: [Trie.Terminal] = []
        terminals.reserveCapacity(occupants.count)
        var hasOneRoutePerShape = true
        // A node's routes, contiguous in `terminals`, by priority then registration: the order
        // in which a link that every one of them reaches would try them.
        func group(_ last: Int32) -> Int32 {
            guard last >= 0 else { return -1 }
            let first = terminals.count
            if occupants[Int(last)].previous < 0 {
                var terminal = occupants[Int(last)].terminal
                terminal.groupEnd = Int32(first + 1)
                terminals.append(terminal)
                hasOneRoutePerShape = hasOneRoutePerShape && occupants[Int(last)].scope.reachesEveryLink
                return Int32(first)
            }
            let ordered = Self.list(from: last, in: occupants).map { occupants[Int($0)] }.sorted {
                $0.precedes($1)
            }
            for occupant in ordered {
                var terminal = occupant.terminal
                terminal.groupEnd = Int32(first + ordered.count)
                terminals.append(terminal)
            }
            hasOneRoutePerShape = false
            return Int32(first)
        }
        // One node's edges at a time, reused.
        var siblings: [Int32] = []
        var queue: [Int32] = [0]
        queue.reserveCapacity(nodes.count)
        var head = 0
        while head < queue.count {
            let source = nodes[Int(queue[head])]
            var flat = Trie.Node()
            flat.terminal = group(source.lastTerminal)
            flat.globTerminal = group(source.lastGlob)

            flat.literalStart = Int32(flatLiterals.count)
            siblings.removeAll(keepingCapacity: true)
            var edge = source.lastLiteral
            while edge >= 0 {
                siblings.append(edge)
                edge = literalEdges[Int(edge)].previous
            }
            if siblings.count > 1 { Self.sortLiterals(&siblings, literalEdges, keyBytes) }
            for index in siblings {
                let edge = literalEdges[Int(index)]
                flatLiterals.append(
                    Trie.LiteralEdge(
                        prefix: edge.prefix, keyStart: Int32(flatKeys.count), keyLength: edge.keyLength,
                        child: Int32(queue.count)))
                flatKeys += keyBytes[Int(edge.keyStart)..<Int(edge.keyStart + edge.keyLength)]
                queue.append(edge.child)
            }
            flat.literalCount = source.literalCount

            flat.constrainedStart = Int32(flatConstraints.count)
            siblings.removeAll(keepingCapacity: true)
            edge = source.lastConstrained
            while edge >= 0 {
                siblings.append(edge)
                edge = constraintEdges[Int(edge)].previous
            }
            if siblings.count > 1 {
                siblings.sort { lhs, rhs in
                    let (left, right) = (constraintEdges[Int(lhs)].child, constraintEdges[Int(rhs)].child)
                    let (leftNode, rightNode) = (nodes[Int(left)], nodes[Int(right)])
                    if leftNode.maxPriority != rightNode.maxPriority {
                        return leftNode.maxPriority > rightNode.maxPriority
                    }
                    if leftNode.minRouteIndex != rightNode.minRouteIndex {
                        return leftNode.minRouteIndex < rightNode.minRouteIndex
                    }
                    return left < right
                }
            }
            for index in siblings {
                let edge = constraintEdges[Int(index)]
                flatConstraints.append(
                    Trie.ConstraintEdge(constraint: edge.constraint, child: Int32(queue.count)))
                queue.append(edge.child)
            }
            flat.constrainedCount = source.constrainedCount

            if source.parameter >= 0 {
                flat.parameterChild = Int32(queue.count)
                queue.append(source.parameter)
            }
            flatNodes.append(flat)
            head += 1
        }
        return Trie(
            nodes: flatNodes, literalEdges: flatLiterals, keyBytes: flatKeys,
            constraintEdges: flatConstraints,
            terminals: terminals, caseSensitive: caseSensitive, hasOneRoutePerShape: hasOneRoutePerShape)
    }

    /// Sorts literal edges (indices into ``literalEdges``) by ``Trie/LiteralEdge/keyPrecedes(_:_:)``:
    /// key length, then the prefix word, then the bytes.
    private static func sortLiterals(
        _ edges: inout [Int32], _ literalEdges: [LiteralEdge], _ keyBytes: [UInt8]
    ) {
        keyBytes.withUnsafeBufferPointer { bytes in
            edges.sort { lhs, rhs in
                let (left, right) = (literalEdges[Int(lhs)], literalEdges[Int(rhs)])
                if left.keyLength != right.keyLength { return left.keyLength < right.keyLength }
                if left.prefix != right.prefix { return left.prefix < right.prefix }
                let leftKey = bytes[Int(left.keyStart)..<Int(left.keyStart + left.keyLength)]
                return leftKey.lexicographicallyPrecedes(
                    bytes[Int(right.keyStart)..<Int(right.keyStart + right.keyLength)])
            }
        }
    }
}
