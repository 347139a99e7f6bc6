/// One depth-first walk of a ``Trie`` over a validated path's UTF-8 bytes: the only place the
/// precedence rules (literal, then constrained parameters in order, then parameter, then glob)
/// are written. ``Router/match(_:source:)``, `send` and ``Router/explain(_:source:)`` all walk
/// here; explain differs only in its tracer, whose notes a ``SilentTracer`` compiles away.
///
/// The trie is a tree, so the walk visits each node at most once: backtracking can never make
/// work grow faster than the path times the table's breadth at each depth.
struct TrieWalker<Tracer: MatchTracer, Filter: TerminalFilter> {
    let tables: Trie.Tables
    let input: UnsafeBufferPointer<UInt8>
    let end: Int
    /// The caller's filter, borrowed for the walk: copying a `LinkFilter` in and out of the walker
    /// showed in a scoped table's match (BENCHMARKS.md has the figures).
    let filter: UnsafeMutablePointer<Filter>
    var tracer: Tracer
    var captures = CaptureList()
    /// How many segments the walk is into; for notes only.
    var depth = 0

    /// The route of `group` (a first terminal, or -1) that the filter lets this link reach, or -1;
    /// `glob` is what a glob ending there would capture.
    @inline(__always)
    private mutating func chosen(_ group: Int32, glob: Range<Int>? = nil) -> Int32 {
        group < 0 ? -1 : filter.pointee.choose(group, captures: captures, glob: glob)
    }

    /// Returns the index of the winning terminal, or -1 with `captures` as they were on entry.
    /// `position` is at a `/` or at `end`; `decoded`, when given, is the next segment's decoded
    /// bytes (see ``walkDecoded(node:at:in:)``).
    ///
    /// The children of a node are tried in this one place, inline: matching pays for no call per
    /// segment. A descent that is its node's last choice loops instead of recursing, so a path of
    /// plain parameters costs no stack. Not when the tracer takes notes: explain reports the dead
    /// end after each choice, and that needs the choice's frame.
    mutating func walk(
        node first: Int, at firstPosition: Int, in source: String,
        decoded: UnsafeBufferPointer<UInt8>? = nil
    ) -> Int32 {
        var index = first
        var position = firstPosition
        var pending = decoded
        let entryCount = captures.count
        // Notes about a node's children are indented one level below the node.
        let noteDepth = depth &+ 1
        let mayLoop = !tracer.wantsNotes
        nextSegment: while true {
            let node = tables.nodes[index]
            // A walk re-entered with the decoded segment is at a node already counted.
            if pending == nil { tracer.step() }
            if position == end {
                let found = chosen(node.terminal)
                if tracer.wantsNotes {
                    if node.terminal < 0 {
                        tracer.note(depth: depth, "end of path: no route ends here")
                    } else {
                        tracer.note(
                            depth: depth,
                            "end of path: \(tracer.describe(group: node.terminal, chosen: found))")
                    }
                }
                if found < 0 { captures.removeLast(captures.count &- entryCount) }
                return found
            }
            let start = position &+ 1
            let (stop, hasEscape) = PathSegment.end(in: input, after: position, pathEnd: end)
            let value: UnsafeBufferPointer<UInt8>
            let isDecoded = pending != nil
            if let bytes = pending {
                value = bytes
                pending = nil
            } else if hasEscape
                && (node.literalCount > 0 || node.constrainedCount > 0 || tracer.wantsNotes)
            {
                // Only literals, constraints, segment patterns and notes look at the decoded value;
                // a parameter captures the raw range and is decoded when read.
                let found = walkDecoded(node: index, at: position, in: source)
                if found < 0 { captures.removeLast(captures.count &- entryCount) }
                return found
            } else {
                value = UnsafeBufferPointer(rebasing: input[start..<stop])
            }

            if node.literalCount > 0 {
                let child = literalChild(
                    node, value, readable: isDecoded ? value.count : input.count &- start)
                if child >= 0 {
                    if tracer.wantsNotes {
                        tracer.note(depth: noteDepth, "'\(text(value))' matches a literal")
                    }
                    if mayLoop && node.constrainedCount == 0 && node.parameterChild < 0
                        && node.globTerminal == Trie.Node.noGlob
                    {
                        index = Int(child)
                        position = stop
                        continue nextSegment
                    }
                    let found = walkChild(child, at: stop, in: source)
                    if found >= 0 { return found }
                    if tracer.wantsNotes {
                        tracer.note(depth: noteDepth, "dead end after literal '\(text(value))'; backtracking")
                    }
                } else if tracer.wantsNotes {
                    tracer.note(
                        depth: noteDepth, "'\(text(value))' matches none of \(node.literalCount) literal(s)")
                    tracer.missedLiterals(
                        segment: noteDepth, value: text(value), literals: tables.literalKeys(of: node))
                }
            }
            var edgeIndex = Int(node.constrainedStart)
            let edgeEnd = edgeIndex &+ Int(node.constrainedCount)
            while edgeIndex < edgeEnd {
                let edge = tables.constraintEdges[edgeIndex]
                edgeIndex &+= 1
                tracer.step()
                // Segment patterns come first among these children, each a test of the segment.
                if edge.pattern >= 0 {
                    let found = walkPattern(
                        edge.pattern, child: edge.child, value: value, raw: start..<stop,
                        isDecoded: isDecoded,
                        in: source)
                    if found >= 0 { return found }
                    continue
                }
                // A constraint that reads the link is the route's end's to check (``LinkFilter``),
                // where the route, and so its host parameters, is known.
                let accepted =
                    edge.constraint.isByteLevel
                    ? edge.constraint.acceptsBytes(value)
                    : edge.constraint.seesLink
                        || edge.constraint.accepts(
                            isDecoded ? Substring(text(value)) : source.substring(utf8: start..<stop))
                guard accepted else {
                    if tracer.wantsNotes {
                        tracer.note(
                            depth: noteDepth, "'\(text(value))' fails constraint \(edge.constraint.name)")
                    }
                    continue
                }
                if tracer.wantsNotes {
                    let routes = tracer.describe(parameterNode: Int(edge.child), capture: captures.count)
                    let verb =
                        edge.constraint.seesLink
                        ? "goes on to constraint \(edge.constraint.name), which reads the link where the route ends,"
                        : "meets constraint \(edge.constraint.name)"
                    tracer.note(depth: noteDepth, "'\(text(value))' \(verb) of \(routes)")
                }
                captures.append(start..<stop)
                let found = walkChild(edge.child, at: stop, in: source)
                if found >= 0 { return found }
                captures.removeLast()
                if tracer.wantsNotes {
                    tracer.note(
                        depth: noteDepth, "dead end after \(edge.constraint.name) parameter; backtracking")
                }
            }
            if node.parameterChild >= 0 {
                tracer.step()
                if tracer.wantsNotes {
                    let routes = tracer.describe(
                        parameterNode: Int(node.parameterChild), capture: captures.count)
                    tracer.note(depth: noteDepth, "'\(text(value))' taken by parameter \(routes)")
                }
                captures.append(start..<stop)
                if mayLoop && node.globTerminal == Trie.Node.noGlob {
                    index = Int(node.parameterChild)
                    position = stop
                    continue nextSegment
                }
                let found = walkChild(node.parameterChild, at: stop, in: source)
                if found >= 0 { return found }
                captures.removeLast()
                if tracer.wantsNotes {
                    tracer.note(depth: noteDepth, "dead end after parameter; backtracking")
                }
            }
            if node.globTerminal >= 0 {
                let found = plainGlob(node.globTerminal, from: start)
                if found >= 0 { return found }
            } else if node.globTerminal != Trie.Node.noGlob {
                let found = walkGlobs(Trie.Node.globList(node.globTerminal), at: position, in: source)
                if found >= 0 { return found }
            }
            captures.removeLast(captures.count &- entryCount)
            return -1
        }
    }

    /// The route of the plain glob `group` (a last segment `/*name`) starting at `start`, with
    /// its capture appended, or -1.
    @inline(__always)
    mutating func plainGlob(_ group: Int32, from start: Int) -> Int32 {
        tracer.step()
        let found = chosen(group, glob: start..<end)
        if tracer.wantsNotes {
            tracer.note(
                depth: depth &+ 1,
                "glob takes the rest of the path: \(tracer.describe(group: group, chosen: found))")
        }
        if found >= 0 { captures.append(start..<end) }
        return found
    }

    /// Walks on from `child` at `position`, one level deeper for notes.
    @inline(__always)
    mutating func walkChild(_ child: Int32, at position: Int, in source: String) -> Int32 {
        if tracer.wantsNotes { depth &+= 1 }
        defer { if tracer.wantsNotes { depth &-= 1 } }
        return walk(node: Int(child), at: position, in: source)
    }

    /// ``walk(node:at:in:decoded:)`` from `index` at `position`, with the next segment (which has
    /// escapes) decoded. Out of line, so the decoding buffer's closure, which captures the walker,
    /// stays off the path of segments without escapes.
    @inline(never)
    private mutating func walkDecoded(node index: Int, at position: Int, in source: String) -> Int32 {
        let (stop, _) = PathSegment.end(in: input, after: position, pathEnd: end)
        let raw = UnsafeBufferPointer(rebasing: input[position &+ 1..<stop])
        // Decoding never lengthens a segment, and on the stack it allocates nothing.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
            let count = PercentEncoding.decode(raw, into: buffer)
            let value = UnsafeBufferPointer(rebasing: buffer[..<count])
            return walk(node: index, at: position, in: source, decoded: value)
        }
    }

    /// Binary search over the node's literal keys (see ``Trie/LiteralEdge``). `readable`: how many
    /// bytes from `value`'s start may be read (at least its count).
    @inline(__always)
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
            if folding { mine = ASCIICaseFolding.lowercased(word: mine) }
            let theirs = ByteWord.load(keyBytes, at: key &+ offset)
            // Byte-swapped, the first differing byte decides: the keys' lexicographic order.
            if mine != theirs { return mine.byteSwapped < theirs.byteSwapped ? -1 : 1 }
            if offset == last { return 0 }
            offset &+= 8
        }
    }

    func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
