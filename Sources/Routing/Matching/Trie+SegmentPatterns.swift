/// The tables of a trie's rare forms: segments of literals and parameters (reached from a node's
/// ``Trie/ConstraintEdge``s), and globs with a tail, a constraint or segments after them (from a
/// node's ``Trie/Node/globTerminal``). A trie without them holds empty tables, and its walk
/// never reads them.
extension Trie {
    /// A node's globs with a tail, a constraint or segments after them (`globEdges[start...]`),
    /// and its plain last glob's group, or -1.
    struct GlobList: Sendable {
        var start: Int32 = 0
        var count: Int32 = 0
        var plain: Int32 = -1
    }

    /// A child for a segment of literals and parameters: its pieces are `pieces[pieceStart...]`.
    struct PatternEdge: Sendable {
        let pieceStart: Int32
        let pieceCount: Int32
        let child: Int32
    }

    /// A child for a glob that has a tail in its last segment, a constraint, or segments after it
    /// (the child's subtree holds those).
    struct GlobEdge: Sendable {
        /// Index in ``PatternTables/constraints``, or -1.
        let constraint: Int32
        let pieceStart: Int32
        let pieceCount: Int32
        let segmentsAfter: Int32
        let child: Int32
    }

    /// A literal (its bytes in `keyBytes`, folded when matching ignores case) or, when
    /// `literalLength` is -1, a parameter with an optional constraint.
    struct Piece: Sendable {
        let literalStart: Int32
        let literalLength: Int32
        /// Index in ``PatternTables/constraints``, or -1.
        let constraint: Int32
    }

    /// What the rare forms add to a trie: empty for most routers.
    struct SegmentPatterns {
        var globLists: [GlobList] = []
        var patternEdges: [PatternEdge] = []
        var globEdges: [GlobEdge] = []
        var pieces: [Piece] = []
        var constraints: [Constraint] = []
    }

    /// The rare forms' tables, read-only once the trie is built.
    struct PatternTables {
        let globLists: UnsafeBufferPointer<GlobList>
        let patternEdges: UnsafeBufferPointer<PatternEdge>
        let globEdges: UnsafeBufferPointer<GlobEdge>
        let pieces: UnsafeBufferPointer<Piece>
        let constraints: UnsafeBufferPointer<Constraint>

        func deallocate() {
            globLists.deallocate()
            patternEdges.deallocate()
            globEdges.deallocate()
            pieces.deallocate()
            UnsafeMutableBufferPointer(mutating: constraints).deinitialize()
            constraints.deallocate()
        }
    }
}

extension Trie.Node {
    /// ``globTerminal`` of a node without globs.
    static let noGlob: Int32 = -1

    /// The ``Trie/GlobList`` index that ``globTerminal`` holds when below ``noGlob``.
    static func globList(_ globTerminal: Int32) -> Int { Int(-2 - globTerminal) }
}
