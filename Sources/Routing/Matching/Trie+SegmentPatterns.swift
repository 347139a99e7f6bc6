/// The tables of a trie's rare forms: segments of literals and parameters, and globs with a tail,
/// a constraint or segments after them. A node reaches them through ``Trie/Node/extras``; a trie
/// without them holds empty tables.
extension Trie {
    /// A node's segment patterns and glob edges, each a range of their tables.
    struct Extras: Sendable {
        var patternStart: Int32 = 0
        var patternCount: Int32 = 0
        var globStart: Int32 = 0
        var globCount: Int32 = 0
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
        /// Index in ``Tables/constraints``, or -1.
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
        /// Index in ``Tables/constraints``, or -1.
        let constraint: Int32
    }

    /// What the rare forms add to a trie: empty for most routers.
    struct SegmentPatterns {
        var extras: [Extras] = []
        var patternEdges: [PatternEdge] = []
        var globEdges: [GlobEdge] = []
        var pieces: [Piece] = []
        var constraints: [Constraint] = []
    }
}
