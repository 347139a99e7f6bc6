/// One depth-first walk of a ``Trie`` over a validated path's UTF-8 bytes.
///
/// The trie is a tree, so the walk visits each node at most once: backtracking can never make
/// work grow faster than the path times the table's breadth at each depth.
struct TrieWalker<Tracer: MatchTracer> {
    let nodes: UnsafeBufferPointer<Trie.Node>
    let literalEdges: UnsafeBufferPointer<Trie.LiteralEdge>
    let keyBytes: UnsafeBufferPointer<UInt8>
    let constraintEdges: UnsafeBufferPointer<Trie.ConstraintEdge>
    let input: UnsafeBufferPointer<UInt8>
    let source: String
    let end: Int
    let caseSensitive: Bool
    var tracer: Tracer
    var captures = CaptureList()
    private var depth = 0

    init(
        nodes: UnsafeBufferPointer<Trie.Node>, literalEdges: UnsafeBufferPointer<Trie.LiteralEdge>,
        keyBytes: UnsafeBufferPointer<UInt8>, constraintEdges: UnsafeBufferPointer<Trie.ConstraintEdge>,
        input: UnsafeBufferPointer<UInt8>, source: String, end: Int, caseSensitive: Bool, tracer: Tracer
    ) {
        self.nodes = nodes
        self.literalEdges = literalEdges
        self.keyBytes = keyBytes
        self.constraintEdges = constraintEdges
        self.input = input
        self.source = source
        self.end = end
        self.caseSensitive = caseSensitive
        self.tracer = tracer
    }

    /// Returns the index of the winning terminal, or -1. `position` is at a `/` or at `end`.
    mutating func walk(node index: Int, at position: Int) -> Int32 {
        let node = nodes[index]
        tracer.step()
        if position == end {
            if tracer.wantsNotes {
                tracer.note(
                    depth: depth,
                    node.terminal >= 0 ? "end of path: route found" : "end of path: no route ends here")
            }
            return node.terminal
        }
        let start = position + 1
        var stop = start
        var hasEscape = false
        while stop < end {
            let byte = input[stop]
            if byte == UInt8(ascii: "/") { break }
            if byte == UInt8(ascii: "%") { hasEscape = true }
            stop += 1
        }
        if hasEscape {
            // Escaped segments are rare; decoding them into a String keeps the common case lean.
            let decoded = PercentEncoding.decode(segmentSubstring(start, stop))
            var bytes = decoded
            return bytes.withUTF8 { walkSegment(node, start: start, stop: stop, value: $0, decoded: decoded) }
        }
        let value = UnsafeBufferPointer(rebasing: input[start..<stop])
        return walkSegment(node, start: start, stop: stop, value: value, decoded: nil)
    }

    /// Tries the children of `node` for the segment `start..<stop` whose decoded bytes are `value`.
    private mutating func walkSegment(
        _ node: Trie.Node, start: Int, stop: Int, value: UnsafeBufferPointer<UInt8>, decoded: String?
    ) -> Int32 {
        depth += 1
        defer { depth -= 1 }
        if node.literalCount > 0 {
            let child = literalChild(node, value)
            if child >= 0 {
                if tracer.wantsNotes { tracer.note(depth: depth, "'\(text(value))' matches a literal") }
                let found = walk(node: Int(child), at: stop)
                if found >= 0 { return found }
                if tracer.wantsNotes {
                    tracer.note(depth: depth, "dead end after literal '\(text(value))'; backtracking")
                }
            } else if tracer.wantsNotes {
                tracer.note(depth: depth, "'\(text(value))' matches none of \(node.literalCount) literal(s)")
            }
        }
        var edgeIndex = Int(node.constrainedStart)
        let edgeEnd = edgeIndex + Int(node.constrainedCount)
        while edgeIndex < edgeEnd {
            let edge = constraintEdges[edgeIndex]
            edgeIndex += 1
            tracer.step()
            let accepted =
                edge.constraint.isByteLevel
                ? edge.constraint.acceptsBytes(value)
                : edge.constraint.accepts(decoded.map { Substring($0) } ?? segmentSubstring(start, stop))
            guard accepted else {
                if tracer.wantsNotes {
                    tracer.note(depth: depth, "'\(text(value))' fails constraint \(edge.constraint.name)")
                }
                continue
            }
            if tracer.wantsNotes {
                tracer.note(depth: depth, "'\(text(value))' meets constraint \(edge.constraint.name)")
            }
            captures.append(start..<stop)
            let found = walk(node: Int(edge.child), at: stop)
            if found >= 0 { return found }
            captures.removeLast()
            if tracer.wantsNotes {
                tracer.note(depth: depth, "dead end after \(edge.constraint.name) parameter; backtracking")
            }
        }
        if node.parameterChild >= 0 {
            tracer.step()
            if tracer.wantsNotes { tracer.note(depth: depth, "'\(text(value))' taken by a parameter") }
            captures.append(start..<stop)
            let found = walk(node: Int(node.parameterChild), at: stop)
            if found >= 0 { return found }
            captures.removeLast()
            if tracer.wantsNotes { tracer.note(depth: depth, "dead end after parameter; backtracking") }
        }
        if node.globTerminal >= 0 {
            tracer.step()
            if tracer.wantsNotes { tracer.note(depth: depth, "glob takes the rest of the path: route found") }
            captures.append(start..<end)
            return node.globTerminal
        }
        return -1
    }

    /// Binary search over the node's literal keys, sorted by folded bytes.
    private func literalChild(_ node: Trie.Node, _ value: UnsafeBufferPointer<UInt8>) -> Int32 {
        var low = Int(node.literalStart)
        var high = low + Int(node.literalCount)
        while low < high {
            let middle = (low + high) >> 1
            let edge = literalEdges[middle]
            let order = compare(value, key: Int(edge.keyStart), length: Int(edge.keyLength))
            if order == 0 { return edge.child }
            if order < 0 { high = middle } else { low = middle + 1 }
        }
        return -1
    }

    @inline(__always)
    private func compare(_ value: UnsafeBufferPointer<UInt8>, key: Int, length: Int) -> Int {
        let common = min(value.count, length)
        var offset = 0
        while offset < common {
            let byte = caseSensitive ? value[offset] : ASCII.folded(value[offset])
            let other = keyBytes[key + offset]
            if byte != other { return byte < other ? -1 : 1 }
            offset += 1
        }
        return value.count == length ? 0 : (value.count < length ? -1 : 1)
    }

    private func segmentSubstring(_ start: Int, _ stop: Int) -> Substring {
        let utf8 = source.utf8
        return Substring(
            utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: stop)])
    }

    private func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}

/// ASCII-only case folding: Unicode case rules never apply to routing (DESIGN §4).
enum ASCII {
    @inline(__always)
    static func folded(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    static func folded(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        bytes.map(folded)
    }
}
