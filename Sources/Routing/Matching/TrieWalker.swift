/// One depth-first walk of a ``Trie`` over a validated path's UTF-8 bytes.
///
/// The trie is a tree, so the walk visits each node at most once: backtracking can never make
/// work grow faster than the path times the table's breadth at each depth.
struct TrieWalker<Tracer: MatchTracer, Filter: TerminalFilter> {
    let tables: Trie.Tables
    let input: UnsafeBufferPointer<UInt8>
    let end: Int
    var filter: Filter
    var tracer: Tracer
    var captures = CaptureList()
    private var depth = 0

    init(tables: Trie.Tables, input: UnsafeBufferPointer<UInt8>, end: Int, filter: Filter, tracer: Tracer) {
        self.tables = tables
        self.input = input
        self.end = end
        self.filter = filter
        self.tracer = tracer
    }

    /// The route of `group` (a first terminal, or -1) that the filter lets this link reach, or -1;
    /// `glob` is what a glob ending there would capture.
    @inline(__always)
    private mutating func chosen(_ group: Int32, glob: Range<Int>? = nil) -> Int32 {
        group < 0 ? -1 : filter.choose(group, captures: captures, glob: glob)
    }

    /// Returns the index of the winning terminal, or -1. `position` is at a `/` or at `end`.
    mutating func walk(node index: Int, at position: Int, in source: String) -> Int32 {
        let node = tables.nodes[index]
        tracer.step()
        if position == end {
            let found = chosen(node.terminal)
            if tracer.wantsNotes {
                if node.terminal < 0 {
                    tracer.note(depth: depth, "end of path: no route ends here")
                } else {
                    tracer.note(
                        depth: depth, "end of path: \(tracer.describe(group: node.terminal, chosen: found))")
                }
            }
            return found
        }
        let (stop, hasEscape) = segmentEnd(after: position)
        return walkSegment(node, start: position &+ 1, stop: stop, hasEscape: hasEscape, in: source)
    }

    /// The walk without notes (``SilentTracer``, ``CountingTracer``): the same candidates in the
    /// same order with the same steps, but a descent with nothing left to try at its level loops
    /// instead of recursing. Returns -1 with `captures` as they were on entry.
    mutating func walkQuickly(node first: Int, at firstPosition: Int, in source: String) -> Int32 {
        var index = first
        var position = firstPosition
        let entryCount = captures.count
        while true {
            let node = tables.nodes[index]
            tracer.step()
            if position == end {
                let found = chosen(node.terminal)
                if found < 0 { captures.removeLast(captures.count &- entryCount) }
                return found
            }
            let start = position &+ 1
            let (stop, hasEscape) = segmentEnd(after: position)
            if hasEscape && (node.literalCount > 0 || node.constrainedCount > 0) {
                let found = walkSegment(node, start: start, stop: stop, hasEscape: true, in: source)
                if found < 0 { captures.removeLast(captures.count &- entryCount) }
                return found
            }
            let value = UnsafeBufferPointer(rebasing: input[start..<stop])
            let isLastChoice = node.constrainedCount == 0 && node.parameterChild < 0 && node.globTerminal < 0
            if node.literalCount > 0 {
                let child = literalChild(node, value, readable: input.count &- start)
                if child >= 0 && isLastChoice {
                    index = Int(child)
                    position = stop
                    continue
                }
                if child >= 0 {
                    let found = walkQuickly(node: Int(child), at: stop, in: source)
                    if found >= 0 { return found }
                }
            }
            var edgeIndex = Int(node.constrainedStart)
            let edgeEnd = edgeIndex &+ Int(node.constrainedCount)
            while edgeIndex < edgeEnd {
                let edge = tables.constraintEdges[edgeIndex]
                edgeIndex &+= 1
                tracer.step()
                let accepted =
                    edge.constraint.isByteLevel
                    ? edge.constraint.acceptsBytes(value)
                    : edge.constraint.accepts(segmentSubstring(start, stop, in: source))
                guard accepted else { continue }
                captures.append(start..<stop)
                let found = walkQuickly(node: Int(edge.child), at: stop, in: source)
                if found >= 0 { return found }
                captures.removeLast()
            }
            if node.parameterChild >= 0 {
                tracer.step()
                captures.append(start..<stop)
                if node.globTerminal < 0 {
                    index = Int(node.parameterChild)
                    position = stop
                    continue
                }
                let found = walkQuickly(node: Int(node.parameterChild), at: stop, in: source)
                if found >= 0 { return found }
                captures.removeLast()
            }
            if node.globTerminal >= 0 {
                tracer.step()
                let found = chosen(node.globTerminal, glob: start..<end)
                if found >= 0 {
                    captures.append(start..<end)
                    return found
                }
            }
            captures.removeLast(captures.count &- entryCount)
            return -1
        }
    }

    /// Where the segment after the `/` at `position` ends, and whether it holds an escape.
    @inline(__always)
    private func segmentEnd(after position: Int) -> (stop: Int, hasEscape: Bool) {
        var stop = position &+ 1
        var hasEscape = false
        // Eight bytes at a time while eight can be read; bytes from `end` on are masked off.
        while stop < end && stop &+ 8 <= input.count {
            let word = ByteWord.load(input, at: stop)
            var slashes = ByteWord.bytes(of: word, equalTo: UInt8(ascii: "/"))
            var percents = ByteWord.bytes(of: word, equalTo: UInt8(ascii: "%"))
            let left = end &- stop
            if left < 8 {
                let inPath = (1 &<< UInt64(left &* 8)) &- 1
                slashes &= inPath
                percents &= inPath
            }
            if slashes != 0 {
                let offset = slashes.trailingZeroBitCount &>> 3
                percents &= (1 &<< UInt64(offset &* 8)) &- 1
                return (stop &+ offset, hasEscape || percents != 0)
            }
            hasEscape = hasEscape || percents != 0
            if left <= 8 { return (end, hasEscape) }
            stop &+= 8
        }
        while stop < end {
            let byte = input[stop]
            // Letters, digits and most punctuation are above `/` and `%`: one comparison for them.
            if byte <= UInt8(ascii: "/") {
                if byte == UInt8(ascii: "/") { break }
                if byte == UInt8(ascii: "%") { hasEscape = true }
            }
            stop &+= 1
        }
        return (stop, hasEscape)
    }

    /// Tries the children of `node` for the segment `start..<stop`, decoded first when it has an
    /// escape and something compares it.
    private mutating func walkSegment(
        _ node: Trie.Node, start: Int, stop: Int, hasEscape: Bool, in source: String
    ) -> Int32 {
        let raw = UnsafeBufferPointer(rebasing: input[start..<stop])
        // Only literals, constraints and notes look at the decoded value; a parameter captures the
        // raw range and is decoded when read.
        if hasEscape && (node.literalCount > 0 || node.constrainedCount > 0 || tracer.wantsNotes) {
            // Decoding never lengthens a segment, and on the stack it allocates nothing.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
                let count = PercentEncoding.decode(raw, into: buffer)
                let value = UnsafeBufferPointer(rebasing: buffer[..<count])
                return walkSegment(node, start: start, stop: stop, value: value, isDecoded: true, in: source)
            }
        }
        return walkSegment(node, start: start, stop: stop, value: raw, isDecoded: false, in: source)
    }

    /// Tries the children of `node` for the segment `start..<stop` whose decoded bytes are `value`
    /// (`isDecoded`: they differ from the input's).
    private mutating func walkSegment(
        _ node: Trie.Node, start: Int, stop: Int, value: UnsafeBufferPointer<UInt8>, isDecoded: Bool,
        in source: String
    ) -> Int32 {
        depth += 1
        defer { depth -= 1 }
        if node.literalCount > 0 {
            let child = literalChild(node, value, readable: isDecoded ? value.count : input.count &- start)
            if child >= 0 {
                if tracer.wantsNotes { tracer.note(depth: depth, "'\(text(value))' matches a literal") }
                let found = walk(node: Int(child), at: stop, in: source)
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
            let edge = tables.constraintEdges[edgeIndex]
            edgeIndex += 1
            tracer.step()
            let accepted =
                edge.constraint.isByteLevel
                ? edge.constraint.acceptsBytes(value)
                : edge.constraint.accepts(
                    isDecoded ? Substring(text(value)) : segmentSubstring(start, stop, in: source))
            guard accepted else {
                if tracer.wantsNotes {
                    tracer.note(depth: depth, "'\(text(value))' fails constraint \(edge.constraint.name)")
                }
                continue
            }
            if tracer.wantsNotes {
                let routes = tracer.describe(parameterNode: Int(edge.child), capture: captures.count)
                tracer.note(
                    depth: depth, "'\(text(value))' meets constraint \(edge.constraint.name) of \(routes)")
            }
            captures.append(start..<stop)
            let found = walk(node: Int(edge.child), at: stop, in: source)
            if found >= 0 { return found }
            captures.removeLast()
            if tracer.wantsNotes {
                tracer.note(depth: depth, "dead end after \(edge.constraint.name) parameter; backtracking")
            }
        }
        if node.parameterChild >= 0 {
            tracer.step()
            if tracer.wantsNotes {
                let routes = tracer.describe(parameterNode: Int(node.parameterChild), capture: captures.count)
                tracer.note(depth: depth, "'\(text(value))' taken by parameter \(routes)")
            }
            captures.append(start..<stop)
            let found = walk(node: Int(node.parameterChild), at: stop, in: source)
            if found >= 0 { return found }
            captures.removeLast()
            if tracer.wantsNotes { tracer.note(depth: depth, "dead end after parameter; backtracking") }
        }
        if node.globTerminal >= 0 {
            tracer.step()
            let found = chosen(node.globTerminal, glob: start..<end)
            if tracer.wantsNotes {
                tracer.note(
                    depth: depth,
                    "glob takes the rest of the path: \(tracer.describe(group: node.globTerminal, chosen: found))"
                )
            }
            if found >= 0 {
                captures.append(start..<end)
                return found
            }
        }
        return -1
    }

    /// Binary search over the node's literal keys (see ``Trie/LiteralEdge``).
    @inline(__always)
    /// `readable`: how many bytes from `value`'s start may be read (at least its count).
    private func literalChild(_ node: Trie.Node, _ value: UnsafeBufferPointer<UInt8>, readable: Int) -> Int32
    {
        let length = Int32(truncatingIfNeeded: value.count)
        let folding = !tables.caseSensitive
        let prefix = Trie.LiteralEdge.prefix(of: value, readable: readable, folding: folding)
        var low = Int(node.literalStart)
        var high = low &+ Int(node.literalCount)
        while low < high {
            let middle = (low &+ high) &>> 1
            let edge = tables.literalEdges[middle]
            let isBefore: Bool
            if edge.keyLength != length {
                isBefore = length < edge.keyLength
            } else if edge.prefix != prefix {
                isBefore = prefix < edge.prefix
            } else {
                let order =
                    length <= 8
                    ? 0 : Self.compareTail(value, tables.keyBytes, key: Int(edge.keyStart), folding: folding)
                if order == 0 { return edge.child }
                isBefore = order < 0
            }
            if isBefore { high = middle } else { low = middle &+ 1 }
        }
        return -1
    }

    /// Compares the bytes after the first eight of `value` (longer than eight) with those of the
    /// key of the same length, a word at a time; the last word overlaps the one before it.
    /// Static, so that calling it does not copy the walker.
    private static func compareTail(
        _ value: UnsafeBufferPointer<UInt8>, _ keyBytes: UnsafeBufferPointer<UInt8>, key: Int, folding: Bool
    ) -> Int {
        let last = value.count &- 8
        var offset = 8
        while true {
            if offset > last { offset = last }
            var mine = ByteWord.load(value, at: offset)
            if folding { mine = Trie.LiteralEdge.foldedWord(mine) }
            let theirs = ByteWord.load(keyBytes, at: key &+ offset)
            // Byte-swapped, the first differing byte decides: the keys' lexicographic order.
            if mine != theirs { return mine.byteSwapped < theirs.byteSwapped ? -1 : 1 }
            if offset == last { return 0 }
            offset &+= 8
        }
    }

    private func segmentSubstring(_ start: Int, _ stop: Int, in source: String) -> Substring {
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
