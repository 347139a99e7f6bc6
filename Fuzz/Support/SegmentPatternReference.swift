/// A deliberately plain model of 0.4's segment patterns for the `segment-patterns` target: it
/// matches a whole path against every expansion of every route, reads each segment by the rule
/// of Architecture, "Routes and patterns" (left to right, a parameter ends at the first
/// occurrence of the literal after it, after at least one byte), and picks the winner by the
/// precedence rule, segment by segment. It also predicts reverse routing. It shares no code with
/// the router: routes come as hand-expanded shapes, never as pattern text.
struct SegmentReference {
    enum Piece: Hashable {
        case literal(String)
        case parameter(String, constraint: String?)
    }

    enum Segment: Hashable {
        case literal(String)
        case parameter(String, constraint: String?)
        /// Literals and parameters in one segment, never two parameters side by side.
        case pieces([Piece])
        /// Whole segments, the last of which may go on with `tail` (a literal first).
        case glob(String, constraint: String?, tail: [Piece])
    }

    struct Route {
        let priority: Int
        /// In the order the router expands optional parts (without a part before with it).
        let expansions: [[Segment]]
    }

    struct Match: Equatable {
        let route: Int
        let params: [String: String]

        static func == (lhs: Match, rhs: Match) -> Bool {
            lhs.route == rhs.route && ReferenceMatcher.exactlyEqual(lhs.params, rhs.params)
        }
    }

    let routes: [Route]
    let caseSensitive: Bool

    /// Every expansion, as (route, expansion index, shape).
    private var all: [(route: Int, expansion: Int, shape: [Segment])] {
        routes.indices.flatMap { route in
            routes[route].expansions.indices.map { (route, $0, routes[route].expansions[$0]) }
        }
    }

    // MARK: - Matching

    /// `segments` are the routed path's segments, still percent-encoded.
    func match(_ segments: [String]) -> Match? {
        let values = segments.map { Array(ReferenceMatcher.decode($0).utf8) }
        var best: (key: [[Int]], match: Match)?
        for (route, expansion, shape) in all {
            guard let params = bind(shape, values) else { continue }
            let key = rank(shape) + [[-routes[route].priority, route, expansion]]
            if best == nil
                || key.lexicographicallyPrecedes(best!.key, by: { $0.lexicographicallyPrecedes($1) })
            {
                best = (key, Match(route: route, params: params))
            }
        }
        return best?.match
    }

    /// The parameters when `shape` matches the decoded `values` in full, else `nil`.
    func bind(_ shape: [Segment], _ values: [[UInt8]]) -> [String: String]? {
        var params: [String: String] = [:]
        var next = 0
        for (position, segment) in shape.enumerated() {
            guard next < values.count else { return nil }
            switch segment {
            case .literal(let text):
                guard fold(values[next]) == fold(Array(text.utf8)) else { return nil }
            case .parameter(let name, let constraint):
                guard accepts(constraint, values[next]) else { return nil }
                params[name] = string(values[next])
            case .pieces(let pieces):
                guard let found = read(pieces, values[next], from: 0) else { return nil }
                params.merge(found) { $1 }
            case .glob(let name, let constraint, let tail):
                // It takes every segment but those the segments after it need: at least one.
                let last = values.count - (shape.count - position)
                guard last >= next else { return nil }
                var taken = values[next..<last].map { $0 }
                var lastPart = values[last]
                if case .literal(let first)? = tail.first {
                    // Its last segment ends at the tail's first literal, after at least one byte.
                    guard let cut = firstOccurrence(of: first, in: lastPart, from: 1),
                        let found = read(tail, lastPart, from: cut)
                    else { return nil }
                    params.merge(found) { $1 }
                    lastPart = Array(lastPart[..<cut])
                }
                taken.append(lastPart)
                let value = Array(taken.joined(separator: [UInt8(ascii: "/")]))
                guard constraint == nil || accepts(constraint, value) else { return nil }
                params[name] = string(value)
                next = last
            }
            next += 1
        }
        return next == values.count ? params : nil
    }

    /// Reads `pieces` from `value[from...]` to its end: a literal must be there; a parameter
    /// ends at the first occurrence of the literal after it (at least one byte on), or takes the
    /// rest when it comes last (at least one byte).
    func read(_ pieces: [Piece], _ value: [UInt8], from: Int) -> [String: String]? {
        var params: [String: String] = [:]
        var at = from
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .literal(let text):
                let literal = Array(text.utf8)
                guard value.count - at >= literal.count,
                    fold(Array(value[at..<at + literal.count])) == fold(literal)
                else { return nil }
                at += literal.count
            case .parameter(let name, let constraint):
                var end = value.count
                if index + 1 < pieces.count, case .literal(let next) = pieces[index + 1] {
                    guard let found = firstOccurrence(of: next, in: value, from: at + 1) else { return nil }
                    end = found
                }
                guard end > at, accepts(constraint, Array(value[at..<end])) else { return nil }
                params[name] = string(Array(value[at..<end]))
                at = end
            }
        }
        return at == value.count ? params : nil
    }

    func firstOccurrence(of literal: String, in value: [UInt8], from start: Int) -> Int? {
        let key = fold(Array(literal.utf8))
        var offset = start
        while offset + key.count <= value.count {
            if fold(Array(value[offset..<offset + key.count])) == key { return offset }
            offset += 1
        }
        return nil
    }

    // MARK: - Precedence

    /// What the trie keeps one child for: two expansions share a child exactly when their
    /// edges so far are equal. Literals folded when matching folds, constraints by name.
    enum Edge: Hashable {
        case literal([UInt8])
        case parameter(constraint: String?)
        case pieces([EdgePiece])
        /// A glob that is the last segment, without tail or constraint.
        case trailingGlob
        case glob(constraint: String?, tail: [EdgePiece], segmentsAfter: Int)
    }

    enum EdgePiece: Hashable {
        case literal([UInt8])
        case parameter(constraint: String?)
    }

    func edges(_ shape: [Segment]) -> [Edge] {
        let piece = { (piece: Piece) -> EdgePiece in
            switch piece {
            case .literal(let text): .literal(fold(Array(text.utf8)))
            case .parameter(_, let constraint): .parameter(constraint: constraint)
            }
        }
        return shape.enumerated().map { position, segment in
            switch segment {
            case .literal(let text): .literal(fold(Array(text.utf8)))
            case .parameter(_, let constraint): .parameter(constraint: constraint)
            case .pieces(let pieces): .pieces(pieces.map(piece))
            case .glob(_, let constraint, let tail):
                constraint == nil && tail.isEmpty && position == shape.count - 1
                    ? .trailingGlob
                    : .glob(
                        constraint: constraint, tail: tail.map(piece),
                        segmentsAfter: shape.count - position - 1)
            }
        }
    }

    /// Per segment, the rank of the edge among its siblings: literal, segment pattern (more
    /// literal bytes first), constrained parameter, plain parameter, glob with a tail, a
    /// constraint or segments after it (longer tail first, then constrained), plain last glob;
    /// ties between siblings of one kind go to the highest priority among the routes below,
    /// then to the earliest (route, expansion) below.
    func rank(_ shape: [Segment]) -> [[Int]] {
        let mine = edges(shape)
        return mine.indices.map { position in
            let below = all.filter { Array(edges($0.shape).prefix(position + 1)) == Array(mine[...position]) }
            let order = [
                -below.map { routes[$0.route].priority }.max()!,
                below.map(\.route).min()!,
                below.filter { $0.route == below.map(\.route).min()! }.map(\.expansion).min()!,
            ]
            switch mine[position] {
            case .literal: return [0]
            case .pieces(let pieces): return [1, -literalLength(pieces)] + order
            case .parameter(_?): return [2] + order
            case .parameter(nil): return [3]
            case .glob(let constraint, let tail, _):
                return [4, -literalLength(tail), constraint == nil ? 1 : 0] + order
            case .trailingGlob: return [5]
            }
        }
    }

    private func literalLength(_ pieces: [EdgePiece]) -> Int {
        pieces.reduce(0) { total, piece in
            if case .literal(let bytes) = piece { return total + bytes.count }
            return total
        }
    }

    /// Routes the router refuses: every expansion of theirs has the shape of one that precedes
    /// it (higher priority, then earlier route, then earlier expansion).
    var refusedRoutes: [Int] {
        let winners = Dictionary(grouping: all, by: { edges($0.shape) }).values.map { members in
            members.min { lhs, rhs in
                (-routes[lhs.route].priority, lhs.route, lhs.expansion)
                    < (-routes[rhs.route].priority, rhs.route, rhs.expansion)
            }!.route
        }
        return routes.indices.filter { !winners.contains($0) }
    }

    // MARK: - Reverse routing

    /// The path reverse routing should build for `route` with `params`, encoded, or `nil` when
    /// the values cannot come back: the expansion with the most parameters, all given (the first
    /// among equals); each value non-empty, meeting its constraint, and not holding the literal
    /// after it where matching would end it; a glob's segments non-empty; no `.` or `..` segment.
    func path(_ route: Int, _ params: [String: String]) -> String? {
        let given = routes[route].expansions.filter { names($0).allSatisfy { params[$0] != nil } }
        guard let most = given.map({ names($0).count }).max(),
            let shape = given.first(where: { names($0).count == most }),
            Set(names(shape)) == Set(params.keys)
        else { return nil }
        var segments: [String] = []
        for segment in shape {
            switch segment {
            case .literal(let text): segments.append(text)
            case .parameter(let name, let constraint):
                guard accepts(constraint, Array(params[name]!.utf8)) else { return nil }
                segments.append(params[name]!)
            case .pieces(let pieces):
                guard let text = write(pieces, params) else { return nil }
                segments.append(text)
            case .glob(let name, let constraint, let tail):
                let value = params[name]!
                guard constraint == nil || accepts(constraint, Array(value.utf8)) else { return nil }
                var parts = value.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                    .map {
                        String(decoding: $0, as: UTF8.self)
                    }
                if !tail.isEmpty {
                    var withLast = params
                    withLast["\u{0}glob"] = parts.last!
                    guard let last = write([.parameter("\u{0}glob", constraint: nil)] + tail, withLast) else {
                        return nil
                    }
                    parts[parts.count - 1] = last
                }
                segments += parts
            }
        }
        guard segments.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else { return nil }
        return "/" + segments.map { FuzzInput.percentEncoded($0, every: true) }.joined(separator: "/")
    }

    /// One segment of `pieces` with the values of `params`, or `nil` when one would not read
    /// back: empty, breaking its constraint, or holding the next literal before its end.
    private func write(_ pieces: [Piece], _ params: [String: String]) -> String? {
        var text = ""
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .literal(let literal): text += literal
            case .parameter(let name, let constraint):
                let value = params[name]!
                guard !value.isEmpty, accepts(constraint, Array(value.utf8)) else { return nil }
                if index + 1 < pieces.count, case .literal(let next) = pieces[index + 1] {
                    // Matching would end the value at the first `next` in `value + next`.
                    let joined = Array((value + next).utf8)
                    guard firstOccurrence(of: next, in: joined, from: 1) == value.utf8.count else {
                        return nil
                    }
                }
                text += value
            }
        }
        return text
    }

    private func names(_ shape: [Segment]) -> [String] {
        shape.flatMap { segment -> [String] in
            let parameterName = { (piece: Piece) -> String? in
                if case .parameter(let name, _) = piece { return name }
                return nil
            }
            switch segment {
            case .literal: return []
            case .parameter(let name, _): return [name]
            case .pieces(let pieces): return pieces.compactMap(parameterName)
            case .glob(let name, _, let tail): return [name] + tail.compactMap(parameterName)
            }
        }
    }

    // MARK: - Bytes

    private func fold(_ bytes: [UInt8]) -> [UInt8] {
        caseSensitive ? bytes : bytes.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }
    }

    private func accepts(_ constraint: String?, _ value: [UInt8]) -> Bool {
        !value.isEmpty && ReferenceMatcher.accepts(constraint, string(value))
    }

    private func string(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
