extension TrieBuilder {
    /// Flattens the tree breadth-first into the ``Trie``'s arrays: a node's literal children by
    /// ``Trie/LiteralEdge/keyPrecedes(_:_:)``, then its constrained children, then its parameter.
    /// `checksEveryEnd`: every route's end needs the filter's checks (empty segments are
    /// kept, and only a glob may take one), so no walk goes unfiltered.
    func build(checksEveryEnd: Bool = false) -> Trie {
        // Locals, not `self`: the closures below would copy the whole builder at every call.
        let (nodes, literalEdges, keyBytes) = (self.nodes, self.literalEdges, self.keyBytes)
        let (constraintEdges, occupants) = (self.constraintEdges, self.occupants)
        let (patternEdges, globEdges) = (self.patternEdges, self.globEdges)
        var patterns = Trie.SegmentPatterns()
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
        var walksUnfiltered = !checksEveryEnd
        // A node's routes, contiguous in `terminals`, by priority then registration: the order
        // in which a link that every one of them reaches would try them.
        func group(_ last: Int32) -> Int32 {
            guard last >= 0 else { return -1 }
            let first = terminals.count
            if occupants[Int(last)].previous < 0 && !occupants[Int(last)].gaveUp {
                var terminal = occupants[Int(last)].terminal
                terminal.groupEnd = Int32(first + 1)
                terminals.append(terminal)
                walksUnfiltered = walksUnfiltered && occupants[Int(last)].scope.reachesEveryLink
                return Int32(first)
            }
            let ordered = Self.list(from: last, in: occupants).map { occupants[Int($0)] }.sorted {
                $0.precedes($1)
            }
            guard !ordered.isEmpty else { return -1 }
            for occupant in ordered {
                var terminal = occupant.terminal
                terminal.groupEnd = Int32(first + ordered.count)
                terminals.append(terminal)
            }
            walksUnfiltered =
                walksUnfiltered && ordered.count == 1 && ordered[0].scope.reachesEveryLink
            return Int32(first)
        }
        // A node's first and rank among its siblings of one kind: priority, registration, creation.
        func precedes(_ left: Int32, _ right: Int32) -> Bool {
            let (leftNode, rightNode) = (nodes[Int(left)], nodes[Int(right)])
            if leftNode.maxPriority != rightNode.maxPriority {
                return leftNode.maxPriority > rightNode.maxPriority
            }
            if leftNode.minRouteIndex != rightNode.minRouteIndex {
                return leftNode.minRouteIndex < rightNode.minRouteIndex
            }
            return left < right
        }
        // Pieces go to the tables; a literal's bytes to the key arena.
        func flatten(_ pieces: [Piece]) -> (start: Int32, count: Int32) {
            let start = Int32(patterns.pieces.count)
            for piece in pieces {
                switch piece {
                case .literal(let bytes):
                    patterns.pieces.append(
                        Trie.Piece(
                            literalStart: Int32(flatKeys.count), literalLength: Int32(bytes.count),
                            constraint: -1))
                    flatKeys += bytes
                case .parameter(let constraint):
                    patterns.pieces.append(
                        Trie.Piece(literalStart: 0, literalLength: -1, constraint: index(of: constraint)))
                }
            }
            return (start, Int32(pieces.count))
        }
        func index(of constraint: Constraint?) -> Int32 {
            guard let constraint else { return -1 }
            patterns.constraints.append(constraint)
            return Int32(patterns.constraints.count - 1)
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
            // Segment patterns first, more literal characters first: they say more.
            var patternSiblings =
                source.lastPattern < 0
                ? [] : Self.items(from: source.lastPattern) { patternEdges[Int($0)].previous }
            patternSiblings.sort { lhs, rhs in
                let (left, right) = (patternEdges[Int(lhs)], patternEdges[Int(rhs)])
                let (leftLength, rightLength) = (left.literalLength, right.literalLength)
                if leftLength != rightLength { return leftLength > rightLength }
                return precedes(left.child, right.child)
            }
            for edge in patternSiblings.map({ patternEdges[Int($0)] }) {
                let (start, count) = flatten(edge.pieces)
                flatConstraints.append(
                    Trie.ConstraintEdge(
                        constraint: .any, child: Int32(queue.count),
                        pattern: Int32(patterns.patternEdges.count)))
                patterns.patternEdges.append(
                    Trie.PatternEdge(pieceStart: start, pieceCount: count, child: Int32(queue.count)))
                queue.append(edge.child)
            }
            siblings.removeAll(keepingCapacity: true)
            edge = source.lastConstrained
            while edge >= 0 {
                siblings.append(edge)
                edge = constraintEdges[Int(edge)].previous
            }
            if siblings.count > 1 {
                siblings.sort { precedes(constraintEdges[Int($0)].child, constraintEdges[Int($1)].child) }
            }
            for index in siblings {
                let edge = constraintEdges[Int(index)]
                flatConstraints.append(
                    Trie.ConstraintEdge(constraint: edge.constraint, child: Int32(queue.count)))
                queue.append(edge.child)
            }
            flat.constrainedCount = Int32(flatConstraints.count) - flat.constrainedStart

            if source.parameter >= 0 {
                flat.parameterChild = Int32(queue.count)
                queue.append(source.parameter)
            }
            if source.lastGlobEdge >= 0 {
                // Globs with a longer tail first, then constrained ones; the plain glob last.
                var globs = Self.items(from: source.lastGlobEdge) { globEdges[Int($0)].previous }
                globs.sort { lhs, rhs in
                    let (left, right) = (globEdges[Int(lhs)], globEdges[Int(rhs)])
                    let (leftLength, rightLength) = (left.literalLength, right.literalLength)
                    if leftLength != rightLength { return leftLength > rightLength }
                    if (left.constraint != nil) != (right.constraint != nil) { return left.constraint != nil }
                    return precedes(left.child, right.child)
                }
                let list = Trie.GlobList(
                    start: Int32(patterns.globEdges.count), count: Int32(globs.count),
                    plain: flat.globTerminal)
                for edge in globs.map({ globEdges[Int($0)] }) {
                    let (start, count) = flatten(edge.tail)
                    patterns.globEdges.append(
                        Trie.GlobEdge(
                            constraint: index(of: edge.constraint), pieceStart: start, pieceCount: count,
                            segmentsAfter: Int32(edge.segmentsAfter), child: Int32(queue.count)))
                    queue.append(edge.child)
                }
                flat.globTerminal = -2 - Int32(patterns.globLists.count)
                patterns.globLists.append(list)
            }
            flatNodes.append(flat)
            head += 1
        }
        return Trie(
            nodes: flatNodes, literalEdges: flatLiterals, keyBytes: flatKeys,
            constraintEdges: flatConstraints, patterns: patterns,
            terminals: terminals, caseSensitive: caseSensitive, walksUnfiltered: walksUnfiltered)
    }

    /// The items of a list threaded through `previous`, from `last` back to the first.
    private static func items(from last: Int32, previous: (Int32) -> Int32) -> [Int32] {
        var items: [Int32] = []
        var item = last
        while item >= 0 {
            items.append(item)
            item = previous(item)
        }
        return items
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
