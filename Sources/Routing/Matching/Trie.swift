/// The compiled route trie: flat arrays of plain structs, so that a walk touches no reference
/// counts until it returns (DESIGN §8).
///
/// Children of a node are tried in precedence order: the literal child for the segment, then
/// constrained parameters (ordered by the highest `priority` of the routes below each, then the
/// earliest registration), then the plain parameter, then the glob.
final class Trie: Sendable {
    struct Node: Sendable {
        var literalStart: Int32 = 0
        var literalCount: Int32 = 0
        var constrainedStart: Int32 = 0
        var constrainedCount: Int32 = 0
        var parameterChild: Int32 = -1
        var globTerminal: Int32 = -1
        var terminal: Int32 = -1
    }

    /// A literal child; its key (folded when matching is case-insensitive) is in `keyBytes`.
    struct LiteralEdge: Sendable {
        var keyStart: Int32
        var keyLength: Int32
        var child: Int32
    }

    struct ConstraintEdge: Sendable {
        let constraint: Constraint
        let child: Int32
    }

    /// Where a walk may end: a route, with the names of what it captured.
    struct Terminal: Sendable {
        let routeIndex: Int
        let keys: [String]
        /// Index in `keys` of the glob, or -1.
        let globIndex: Int
        /// The pattern's segments, for explaining a match.
        let shape: [PatternSegment]
    }

    let nodes: [Node]
    let literalEdges: [LiteralEdge]
    let keyBytes: [UInt8]
    let constraintEdges: [ConstraintEdge]
    let terminals: [Terminal]
    let caseSensitive: Bool

    init(
        nodes: [Node], literalEdges: [LiteralEdge], keyBytes: [UInt8], constraintEdges: [ConstraintEdge],
        terminals: [Terminal], caseSensitive: Bool
    ) {
        self.nodes = nodes
        self.literalEdges = literalEdges
        self.keyBytes = keyBytes
        self.constraintEdges = constraintEdges
        self.terminals = terminals
        self.caseSensitive = caseSensitive
    }

    /// Walks `path` (UTF-8 offsets into `string`, validated by ``URLParser``) and returns the
    /// winning terminal with the captured ranges.
    func match<Tracer: MatchTracer>(
        _ string: String, path: Range<Int>, tracer: inout Tracer
    ) -> (terminal: Terminal, captures: CaptureList)? {
        var string = string
        string.makeContiguousUTF8()
        return string.utf8.withContiguousStorageIfAvailable { input in
            nodes.withUnsafeBufferPointer { nodes in
                literalEdges.withUnsafeBufferPointer { literalEdges in
                    keyBytes.withUnsafeBufferPointer { keyBytes in
                        constraintEdges.withUnsafeBufferPointer { constraintEdges in
                            var walker = TrieWalker(
                                nodes: nodes, literalEdges: literalEdges, keyBytes: keyBytes,
                                constraintEdges: constraintEdges, input: input, source: string,
                                end: path.upperBound, caseSensitive: caseSensitive, tracer: tracer)
                            let found = walker.walk(node: 0, at: path.lowerBound)
                            tracer = walker.tracer
                            return found < 0 ? nil : (terminals[Int(found)], walker.captures)
                        }
                    }
                }
            }
        } ?? nil
    }
}
