extension TrieBuilder {
    /// A piece of a segment pattern or of a glob's tail: a literal (folded when matching ignores
    /// case) or a parameter with its resolved constraint. Two patterns with equal pieces (their
    /// constraints compared by name) share an edge, as constrained parameters do.
    enum Piece: Equatable {
        case literal([UInt8])
        case parameter(Constraint?)

        static func == (lhs: Piece, rhs: Piece) -> Bool {
            switch (lhs, rhs) {
            case (.literal(let left), .literal(let right)): left == right
            case (.parameter(let left), .parameter(let right)): left?.name == right?.name
            default: false
            }
        }

        static func literalLength(of pieces: [Piece]) -> Int {
            pieces.reduce(0) { total, piece in
                if case .literal(let bytes) = piece { return total + bytes.count }
                return total
            }
        }
    }

    /// A child for a segment of literals and parameters.
    struct SegmentPatternEdge {
        let pieces: [Piece]
        let child: Int32
        let previous: Int32

        var literalLength: Int { Piece.literalLength(of: pieces) }
    }

    /// A child for a glob with a tail, a constraint or segments after it; the child's subtree
    /// holds the `segmentsAfter` segments that follow.
    struct GlobEdge {
        let constraint: Constraint?
        let tail: [Piece]
        let segmentsAfter: Int
        let child: Int32
        let previous: Int32

        var literalLength: Int { Piece.literalLength(of: tail) }
    }

    /// An expansion that answers to another route (or an earlier expansion of its own): for the
    /// route table, explain, and the check that every route keeps one.
    struct GivenUp {
        let routeIndex: Int
        let expansionIndex: Int
        /// The route that answers the shape instead.
        let takenBy: Int
        /// What `Router.init` says when the route gives up every expansion; `nil` for one given
        /// up to the route's own earlier expansion, which the route keeps.
        let conflict: RouteTableError?
    }

    /// A route that ends at a node.
    struct Occupant {
        let pattern: String
        let name: String?
        let scope: RouteScope
        let continueNext: Bool
        let expansionIndex: Int
        let terminal: Trie.Terminal
        let previous: Int32
        /// Another route (or expansion) answers this one's links: it stays in its list, unused.
        var gaveUp = false

        /// The order in which a link that reaches both would try them.
        func precedes(_ other: Occupant) -> Bool {
            if terminal.priority != other.terminal.priority {
                return terminal.priority > other.terminal.priority
            }
            return terminal.routeIndex < other.terminal.routeIndex
        }
    }

    /// The items of the list ending at `last` that have not given up their shape, first added
    /// first; `previous` links them.
    static func list(from last: Int32, in occupants: [Occupant]) -> [Int32] {
        var items: [Int32] = []
        var item = last
        while item >= 0 {
            if !occupants[Int(item)].gaveUp { items.append(item) }
            item = occupants[Int(item)].previous
        }
        return items.reversed()
    }

    /// `blocked` comes after `blocker` among routes of one shape and scope, and `blocker` ends
    /// every request it answers.
    func conflict(_ blocked: Occupant, blockedBy blocker: Occupant) -> RouteTableError {
        // Compare routes, not pattern text: two routes may be written alike.
        let sameness = blocked.scope.reachesEveryLink ? "shape" : "shape, scope and query conditions"
        let order =
            blocker.terminal.priority != blocked.terminal.priority
            ? "has a higher priority" : "was registered first"
        // Routes of one shape often share their pattern text: their names tell them apart.
        let subject = blocked.name.map { "route '\($0)'" } ?? "it"
        let other = blocker.name.map { "route '\($0)'; " } ?? ""
        return RouteTableError(
            pattern: blocked.pattern, position: nil,
            reason:
                "\(subject) could never run: it has the same \(sameness) as \"\(blocker.pattern)\" (\(other)parameter names aside), which \(order) and has no continueNext"
        )
    }
}
