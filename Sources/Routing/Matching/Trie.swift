/// The compiled route trie: flat buffers of trivial structs, so that a walk touches no reference
/// counts until it returns (Architecture, "Performance and safety").
///
/// Children of a node are tried in precedence order: the literal child for the segment, then
/// constrained parameters (ordered by the highest `priority` of the routes below each, then the
/// earliest registration), then the unconstrained parameter, then the glob.
///
/// `@unchecked Sendable`: the buffers are allocated and filled in `init`, never written after it
/// and freed in `deinit`, so tasks sharing a trie only ever read them; every element type is
/// itself `Sendable`.
final class Trie: @unchecked Sendable {
    struct Node: Sendable {
        var literalStart: Int32 = 0
        var literalCount: Int32 = 0
        var constrainedStart: Int32 = 0
        /// Segment patterns, then constrained parameters (see ``ConstraintEdge``).
        var constrainedCount: Int32 = 0
        var parameterChild: Int32 = -1
        /// A plain last glob's group (0 or more), ``noGlob``, or a ``GlobList`` (`-2 - index`)
        /// when the node has globs with a tail, a constraint or segments after them.
        var globTerminal: Int32 = -1
        var terminal: Int32 = -1
    }

    /// A literal child; its key (folded when matching is case-insensitive) is in `keyBytes`.
    ///
    /// A node's edges are sorted by ``LiteralEdge/keyPrecedes(_:_:)``: key length, then the
    /// key's first eight bytes as one word, then the rest. Most keys are eight bytes or shorter,
    /// so the binary search compares two integers per probe.
    struct LiteralEdge: Sendable {
        var prefix: UInt64
        var keyStart: Int32
        var keyLength: Int32
        var child: Int32
    }

    /// A constrained parameter, or a segment pattern (`pattern`, an index in
    /// ``PatternTables/patternEdges``, is 0 or more; then `constraint` is not used). Segment
    /// patterns rank between literals and constrained parameters, so they are a node's first
    /// edges of this list: a node without them pays nothing for them.
    struct ConstraintEdge: Sendable {
        let constraint: Constraint
        let child: Int32
        var pattern: Int32 = -1
    }

    /// Where a walk may end: a route, with the names of what it captured.
    ///
    /// The routes of one shape (told apart by scope and query conditions) are one *group*,
    /// contiguous in ``Trie/terminals``, by priority then registration; a node points at its
    /// group's first terminal and a ``TerminalFilter`` picks the one a link reaches.
    struct Terminal: Sendable {
        let routeIndex: Int
        let keys: [String]
        /// Index in `keys` of the glob, or -1.
        let globIndex: Int
        let priority: Int
        /// One past the last terminal of this one's group.
        var groupEnd: Int32
        /// The group's first terminal when a walk that reaches this group can reach no other
        /// route after it (``Trie/candidates(inGroupOf:captures:chooser:)``), else -1.
        var soleGroup: Int32 = -1
    }

    /// Read-only views of the trie's buffers, handed to a ``TrieWalker``.
    struct Tables {
        let nodes: UnsafeBufferPointer<Node>
        let literalEdges: UnsafeBufferPointer<LiteralEdge>
        let keyBytes: UnsafeBufferPointer<UInt8>
        let constraintEdges: UnsafeBufferPointer<ConstraintEdge>
        let caseSensitive: Bool
        /// The rare forms' tables, behind one pointer: a walk that never reaches them carries one
        /// word for them.
        let patterns: UnsafePointer<PatternTables>
    }

    private let nodes: UnsafeMutableBufferPointer<Node>
    private let literalEdges: UnsafeMutableBufferPointer<LiteralEdge>
    private let keyBytes: UnsafeMutableBufferPointer<UInt8>
    private let constraintEdges: UnsafeMutableBufferPointer<ConstraintEdge>
    private let patterns: UnsafeMutablePointer<PatternTables>
    let terminals: [Terminal]
    let caseSensitive: Bool
    /// Every group holds one unscoped route without query conditions or constraints that read
    /// the link, and no route's end needs a check, so the first terminal of a group is always the
    /// answer and the walk needs no ``TerminalFilter`` (``FirstTerminal``).
    let walksUnfiltered: Bool
    /// `!caseSensitive`: literal keys are stored folded, and so must what is compared with them.
    var isFolding: Bool { !caseSensitive }
    /// The paths of literal segments only that end at a terminal, for a lookup before the walk.
    let staticPaths: StaticPaths

    init(
        nodes: [Node], literalEdges: [LiteralEdge], keyBytes: [UInt8], constraintEdges: [ConstraintEdge],
        patterns: SegmentPatterns, terminals: [Terminal], caseSensitive: Bool, walksUnfiltered: Bool
    ) {
        self.walksUnfiltered = walksUnfiltered
        self.nodes = Self.copy(nodes)
        self.literalEdges = Self.copy(literalEdges)
        self.keyBytes = Self.copy(keyBytes)
        self.constraintEdges = Self.copy(constraintEdges)
        self.patterns = UnsafeMutablePointer<PatternTables>.allocate(capacity: 1)
        self.patterns.initialize(
            to: PatternTables(
                globLists: UnsafeBufferPointer(Self.copy(patterns.globLists)),
                patternEdges: UnsafeBufferPointer(Self.copy(patterns.patternEdges)),
                globEdges: UnsafeBufferPointer(Self.copy(patterns.globEdges)),
                pieces: UnsafeBufferPointer(Self.copy(patterns.pieces)),
                constraints: UnsafeBufferPointer(Self.copy(patterns.constraints))))
        self.terminals = Self.markingSoleGroups(
            terminals, nodes: nodes, literalEdges: literalEdges, constraintEdges: constraintEdges)
        self.caseSensitive = caseSensitive
        staticPaths = StaticPaths(
            Self.literalPaths(nodes: nodes, literalEdges: literalEdges, keyBytes: keyBytes),
            folding: !caseSensitive)
    }

    /// Every path of literal edges from the root to a node with a terminal, with that terminal.
    ///
    /// It is the one the walk returns for the path: at every node the walk tries the literal child
    /// first, and this descent reaches the end of the path at a terminal without a dead end.
    /// Depth first, one path buffer: a node's path is its parent's, kept in the buffer while the
    /// node waits, then `/` and its key.
    private static func literalPaths(nodes: [Node], literalEdges: [LiteralEdge], keyBytes: [UInt8])
        -> StaticPaths.Keys
    {
        var keys = StaticPaths.Keys()
        var path: [UInt8] = []
        var pending: [(node: Int32, edge: Int32, parentLength: Int)] = [(0, -1, 0)]
        while let (index, edgeIndex, parentLength) = pending.popLast() {
            path.removeSubrange(parentLength...)
            if edgeIndex >= 0 {
                let edge = literalEdges[Int(edgeIndex)]
                path.append(UInt8(ascii: "/"))
                path += keyBytes[Int(edge.keyStart)..<Int(edge.keyStart) + Int(edge.keyLength)]
            }
            let node = nodes[Int(index)]
            if node.terminal >= 0 { keys.append(path, terminal: node.terminal) }
            let start = Int(node.literalStart)
            for edge in start..<start + Int(node.literalCount) {
                pending.append((literalEdges[edge].child, Int32(edge), path.count))
            }
        }
        return keys
    }

    deinit {
        nodes.baseAddress?.deallocate()
        literalEdges.baseAddress?.deallocate()
        keyBytes.baseAddress?.deallocate()
        constraintEdges.deinitialize()
        constraintEdges.baseAddress?.deallocate()
        patterns.pointee.deallocate()
        patterns.deallocate()
    }

    private static func copy<Element>(_ array: [Element]) -> UnsafeMutableBufferPointer<Element> {
        // Never empty, so every buffer has a base address for the walk.
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
        _ = buffer.initialize(from: array)
        return UnsafeMutableBufferPointer(rebasing: buffer[..<array.count])
    }

    /// Walks `path` (UTF-8 offsets into `string`, validated by ``URLParser``) and returns the
    /// winning terminal with the captured ranges. For tries whose every group has one unscoped
    /// route (rewrites' tries): the first terminal of a group is the answer.
    func match<Tracer: MatchTracer>(
        _ string: String, path: Range<Int>, tracer: inout Tracer
    ) -> (terminal: Terminal, captures: CaptureList)? {
        var contiguous = string
        var filter = FirstTerminal()
        let found = contiguous.withUTF8 { input in
            matchIndex(input, source: string, path: path, filter: &filter, tracer: &tracer)
        }
        guard let (index, captures) = found else { return nil }
        return (terminals[index], captures)
    }

    /// Walks `path` of `input`, the UTF-8 bytes of `source`, and returns the index in
    /// ``terminals`` of the terminal `filter` chose, with the captured ranges.
    @inline(__always)
    func matchIndex<Tracer: MatchTracer, Filter: TerminalFilter>(
        _ input: UnsafeBufferPointer<UInt8>, source: String, path: Range<Int>, filter: inout Filter,
        tracer: inout Tracer
    ) -> (terminal: Int, captures: CaptureList)? {
        let tables = Tables(
            nodes: UnsafeBufferPointer(nodes), literalEdges: UnsafeBufferPointer(literalEdges),
            keyBytes: UnsafeBufferPointer(keyBytes), constraintEdges: UnsafeBufferPointer(constraintEdges),
            caseSensitive: caseSensitive, patterns: UnsafePointer(patterns))
        return withUnsafeMutablePointer(to: &filter) { filter in
            var walker = TrieWalker(
                tables: tables, input: input, end: path.upperBound, filter: filter, tracer: tracer)
            let found = walker.walk(node: 0, at: path.lowerBound, in: source)
            tracer = walker.tracer
            guard found >= 0 else { return nil }
            // Moved out rather than copied: a copy of a `CaptureList` is reference counting.
            var captures = CaptureList()
            swap(&captures, &walker.captures)
            return (Int(found), captures)
        }
    }
}

extension Trie {
    /// The terminals at or below `node`, depth first; for ``Router/explain(_:source:)``.
    func terminals(below node: Int) -> [Int] {
        var found: [Int] = []
        var pending = [node]
        while let index = pending.popLast() {
            let node = nodes[index]
            for group in [node.terminal, node.globTerminal] where group >= 0 {
                found += Int(group)..<Int(terminals[Int(group)].groupEnd)
            }
            let literals = Int(node.literalStart)..<Int(node.literalStart) + Int(node.literalCount)
            let constrained =
                Int(node.constrainedStart)..<Int(node.constrainedStart) + Int(node.constrainedCount)
            pending += literals.map { Int(literalEdges[$0].child) }
            pending += constrained.map { Int(constraintEdges[$0].child) }
            if node.parameterChild >= 0 { pending.append(Int(node.parameterChild)) }
            if node.globTerminal < Node.noGlob {
                let tables = patterns.pointee
                let list = tables.globLists[Node.globList(node.globTerminal)]
                if list.plain >= 0 { found += Int(list.plain)..<Int(terminals[Int(list.plain)].groupEnd) }
                let globs = Int(list.start)..<Int(list.start + list.count)
                pending += globs.map { Int(tables.globEdges[$0].child) }
            }
        }
        return found
    }
}

extension Trie.Tables {
    /// The literal keys of `node`'s children (folded when matching ignores case), for explain's
    /// notes; never on the path of a match.
    func literalKeys(of node: Trie.Node) -> [String] {
        let start = Int(node.literalStart)
        return (start..<start + Int(node.literalCount)).map { index in
            let edge = literalEdges[index]
            let key = Int(edge.keyStart)..<Int(edge.keyStart) + Int(edge.keyLength)
            return String(decoding: UnsafeBufferPointer(rebasing: keyBytes[key]), as: UTF8.self)
        }
    }
}

extension Trie.LiteralEdge {
    /// The first eight bytes of `bytes` as one word (little-endian, zero-padded), folded when
    /// `folding`: the key's order within a node, not a lexicographic one. With eight `readable`
    /// bytes from its start, one load and a mask replace the byte loop.
    @inline(__always)
    static func prefix(of bytes: UnsafeBufferPointer<UInt8>, readable: Int, folding: Bool) -> UInt64 {
        let count = min(bytes.count, 8)
        var word: UInt64 = 0
        if readable >= 8, let base = bytes.baseAddress {
            word = UInt64(littleEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
            if count < 8 { word &= (1 &<< UInt64(count &* 8)) &- 1 }
        } else {
            var offset = 0
            while offset < count {
                word |= UInt64(bytes[offset]) &<< UInt64(offset &* 8)
                offset &+= 1
            }
        }
        return folding ? ASCIICaseFolding.lowercased(word: word) : word
    }

    /// The order of a node's literal keys (already folded when matching is case-insensitive).
    static func keyPrecedes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        if lhs.count != rhs.count { return lhs.count < rhs.count }
        let (left, right) = (prefix(ofKey: lhs), prefix(ofKey: rhs))
        if left != right { return left < right }
        return lhs.lexicographicallyPrecedes(rhs)
    }

    static func prefix(ofKey key: [UInt8]) -> UInt64 {
        key.withUnsafeBufferPointer { prefix(of: $0, readable: 0, folding: false) }
    }
}
