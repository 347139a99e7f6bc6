/// The tables of a trie's rare forms: segments of literals and parameters, and globs with a tail,
/// a constraint or segments after them. A node that has them says so in the sign bit of its
/// ``Trie/Node/constrainedCount``, and its ``Extras`` are found by its index; a trie without them
/// holds empty tables.
extension Trie {
    /// A node's segment patterns and glob edges, each a range of their tables.
    struct Extras: Sendable {
        /// The node, by index: ``PatternTables/extras`` is sorted by it.
        var node: Int32 = 0
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

    /// The rare forms' tables, read-only once the trie is built.
    struct PatternTables {
        let extras: UnsafeBufferPointer<Extras>
        let patternEdges: UnsafeBufferPointer<PatternEdge>
        let globEdges: UnsafeBufferPointer<GlobEdge>
        let pieces: UnsafeBufferPointer<Piece>
        let constraints: UnsafeBufferPointer<Constraint>

        /// The extras of `node`, which has some (its ``Node/hasExtras``): a binary search, paid
        /// only at nodes with rare forms.
        func extras(of node: Int) -> Extras {
            var (low, high) = (0, extras.count)
            while high - low > 1 {
                let middle = (low + high) / 2
                if Int(extras[middle].node) <= node { low = middle } else { high = middle }
            }
            return extras[low]
        }

        func deallocate() {
            extras.deallocate()
            patternEdges.deallocate()
            globEdges.deallocate()
            pieces.deallocate()
            UnsafeMutableBufferPointer(mutating: constraints).deinitialize()
            constraints.deallocate()
        }
    }
}

extension Trie.Node {
    /// The sign bit of ``constrainedCount``: the node has segment patterns or glob edges.
    static let extrasFlag = Int32.min

    var hasExtras: Bool { constrainedCount < 0 }
    var constrainedEdgeCount: Int { Int(constrainedCount & Int32.max) }
}
