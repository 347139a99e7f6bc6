/// The rare forms of a walk: segments of literals and parameters (`:name.html`), and globs with a
/// tail, a constraint or segments after them (`*path.ogg`, `/*path/edit`). Out of line, so a trie
/// without them pays one comparison per node.
///
/// Inside a segment nothing backtracks: a parameter followed by a literal ends at that literal's
/// first occurrence after at least one character, and the last parameter takes the rest. So a
/// segment pattern costs one pass over the segment per literal byte it holds, and a hostile
/// segment cannot make matching grow faster than its length.
extension TrieWalker {
    private var patterns: Trie.PatternTables { tables.patterns.pointee }

    /// Tries segment pattern `pattern` (leading to `child`) on `value`, the segment at `raw` of
    /// the input (decoded when `isDecoded`), and walks on when it fits.
    @inline(never)
    mutating func walkPattern(
        _ pattern: Int32, child: Int32, value: UnsafeBufferPointer<UInt8>, raw: Range<Int>, isDecoded: Bool,
        in source: String
    ) -> Int32 {
        let edge = patterns.patternEdges[Int(pattern)]
        let before = captures.count
        let fits = matchPieces(
            edge.pieceStart, edge.pieceCount, value, from: 0, raw: raw, isDecoded: isDecoded)
        if tracer.wantsNotes {
            let routes = tracer.describe(parameterNode: Int(child), capture: before)
            let verb = fits ? "fits" : "does not fit"
            tracer.note(depth: depth &+ 1, "'\(text(value))' \(verb) the segment pattern of \(routes)")
        }
        guard fits else { return -1 }
        let found = walkChild(child, at: raw.upperBound, in: source)
        if found >= 0 { return found }
        captures.removeLast(captures.count &- before)
        if tracer.wantsNotes {
            tracer.note(depth: depth &+ 1, "dead end after a segment pattern; backtracking")
        }
        return -1
    }

    /// Tries the globs of glob list `list` in order, the glob starting after the `/` at
    /// `position`, then its plain last glob. A glob followed by `segmentsAfter` segments ends
    /// where they begin, counted from the end of the path: there is one place it can end, so
    /// nothing backtracks here either.
    @inline(never)
    mutating func walkGlobs(_ list: Int, at position: Int, in source: String) -> Int32 {
        let globs = patterns.globLists[list]
        var edgeIndex = Int(globs.start)
        let edgeEnd = edgeIndex &+ Int(globs.count)
        nextEdge: while edgeIndex < edgeEnd {
            let edge = patterns.globEdges[edgeIndex]
            edgeIndex &+= 1
            tracer.step()
            var stop = end
            for _ in 0..<Int(edge.segmentsAfter) {
                repeat { stop &-= 1 } while stop > position && input[stop] != UInt8(ascii: "/")
                guard stop > position else { continue nextEdge }
            }
            let before = captures.count
            if edge.pieceCount == 0 {
                captures.append(position &+ 1..<stop)
            } else {
                var lastSlash = stop &- 1
                while input[lastSlash] != UInt8(ascii: "/") { lastSlash &-= 1 }
                guard matchTail(edge, segment: lastSlash &+ 1..<stop, globStart: position &+ 1) else {
                    continue
                }
            }
            if edge.constraint >= 0 && !globAccepted(edge, range: captures[before]) {
                captures.removeLast(captures.count &- before)
                continue
            }
            if tracer.wantsNotes {
                let routes = tracer.describe(parameterNode: Int(edge.child), capture: before)
                tracer.note(depth: depth &+ 1, "glob takes '\(text(input, captures[before]))' for \(routes)")
            }
            let found = walkChild(edge.child, at: stop, in: source)
            if found >= 0 { return found }
            captures.removeLast(captures.count &- before)
        }
        return globs.plain >= 0 ? plainGlob(globs.plain, from: position &+ 1) : -1
    }

    /// Matches a glob's tail in the glob's last segment (`segment` of the input) and appends the
    /// glob's capture (from `globStart` to where the tail begins), then the tail's parameters.
    private mutating func matchTail(_ edge: Trie.GlobEdge, segment: Range<Int>, globStart: Int) -> Bool {
        let raw = UnsafeBufferPointer(rebasing: input[segment])
        guard raw.contains(UInt8(ascii: "%")) else {
            return matchTail(edge, value: raw, segment: segment, isDecoded: false, globStart: globStart)
        }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
            let count = PercentEncoding.decode(raw, into: buffer)
            return matchTail(
                edge, value: UnsafeBufferPointer(rebasing: buffer[..<count]), segment: segment,
                isDecoded: true,
                globStart: globStart)
        }
    }

    private mutating func matchTail(
        _ edge: Trie.GlobEdge, value: UnsafeBufferPointer<UInt8>, segment: Range<Int>, isDecoded: Bool,
        globStart: Int
    ) -> Bool {
        // The parser puts a literal first in a tail: the glob's text ends at its first occurrence.
        guard let split = firstOccurrence(of: patterns.pieces[Int(edge.pieceStart)], in: value, after: 0)
        else {
            return false
        }
        captures.append(globStart..<inputOffset(split, of: segment, isDecoded: isDecoded))
        if matchPieces(
            edge.pieceStart, edge.pieceCount, value, from: split, raw: segment, isDecoded: isDecoded)
        {
            return true
        }
        captures.removeLast()
        return false
    }

    /// Whether the glob's constraint accepts its decoded text (`/`-joined).
    private func globAccepted(_ edge: Trie.GlobEdge, range: Range<Int>) -> Bool {
        let raw = UnsafeBufferPointer(rebasing: input[range])
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer in
            let count = PercentEncoding.decode(raw, into: buffer)
            return accepts(
                patterns.constraints[Int(edge.constraint)], UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Matches the pieces `start..<start + count` against `value` from offset `from` to its end,
    /// appending each parameter's range of the input (`raw` is the segment's). On failure the
    /// captures are as they were.
    mutating func matchPieces(
        _ start: Int32, _ count: Int32, _ value: UnsafeBufferPointer<UInt8>, from: Int, raw: Range<Int>,
        isDecoded: Bool
    ) -> Bool {
        let before = captures.count
        var at = from
        var index = Int(start)
        let last = index &+ Int(count)
        while index < last {
            let piece = patterns.pieces[index]
            if piece.literalLength >= 0 {
                guard literal(piece, matches: value, at: at) else { break }
                at &+= Int(piece.literalLength)
            } else {
                // The parser puts a literal between two parameters.
                let stop: Int
                if index &+ 1 < last {
                    guard let found = firstOccurrence(of: patterns.pieces[index &+ 1], in: value, after: at)
                    else {
                        break
                    }
                    stop = found
                } else {
                    guard value.count > at else { break }
                    stop = value.count
                }
                if piece.constraint >= 0
                    && !accepts(
                        patterns.constraints[Int(piece.constraint)],
                        UnsafeBufferPointer(rebasing: value[at..<stop]))
                {
                    break
                }
                captures.append(
                    inputOffset(
                        at, of: raw, isDecoded: isDecoded)..<inputOffset(stop, of: raw, isDecoded: isDecoded))
                at = stop
            }
            index &+= 1
        }
        if index == last && at == value.count { return true }
        captures.removeLast(captures.count &- before)
        return false
    }

    /// Whether `piece`'s literal is at `offset` of `value` (folded when matching ignores case).
    @inline(__always)
    private func literal(_ piece: Trie.Piece, matches value: UnsafeBufferPointer<UInt8>, at offset: Int)
        -> Bool
    {
        let length = Int(piece.literalLength)
        guard value.count &- offset >= length else { return false }
        let key = Int(piece.literalStart)
        var index = 0
        while index < length {
            var byte = value[offset &+ index]
            if !tables.caseSensitive { byte = ASCIICaseFolding.lowercased(byte) }
            if byte != tables.keyBytes[key &+ index] { return false }
            index &+= 1
        }
        return true
    }

    /// The first offset after `offset` (at least one character on) where `piece`'s literal starts.
    private func firstOccurrence(
        of piece: Trie.Piece, in value: UnsafeBufferPointer<UInt8>, after offset: Int
    ) -> Int? {
        var candidate = offset &+ 1
        let last = value.count &- Int(piece.literalLength)
        while candidate <= last {
            if literal(piece, matches: value, at: candidate) { return candidate }
            candidate &+= 1
        }
        return nil
    }

    private func accepts(_ constraint: Constraint, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if constraint.isByteLevel { return constraint.acceptsBytes(bytes) }
        // Checked at the route's end, with the link (``LinkFilter``).
        return constraint.seesLink || constraint.accepts(Substring(text(bytes)))
    }

    /// The input offset of `offset` within a segment's value: the same when the value is the
    /// input's bytes, else found by stepping over the escapes of the raw segment as
    /// ``PercentEncoding/decode(_:into:)`` does.
    private func inputOffset(_ offset: Int, of raw: Range<Int>, isDecoded: Bool) -> Int {
        guard isDecoded else { return raw.lowerBound &+ offset }
        var position = raw.lowerBound
        for _ in 0..<offset {
            let isEscape =
                input[position] == UInt8(ascii: "%") && position &+ 2 < raw.upperBound
                && PercentEncoding.hexValue(input[position &+ 1]) != nil
                && PercentEncoding.hexValue(input[position &+ 2]) != nil
            position &+= isEscape ? 3 : 1
        }
        return position
    }

    private func text(_ input: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        text(UnsafeBufferPointer(rebasing: input[range]))
    }
}
