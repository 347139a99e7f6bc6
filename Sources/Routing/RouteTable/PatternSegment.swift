/// One segment of an expanded route pattern.
enum PatternSegment: Sendable, Hashable {
    case literal(String)
    /// `:name` or `:name(constraint)`; `constraint` is the name written in parentheses.
    case parameter(name: String, constraint: String?)
    /// Literals and parameters inside one segment (`:artist-:song`, `:name.html`, `Talk\::title`):
    /// at least one parameter, and a literal between any two.
    case pieces([PatternPiece])
    /// `*name` or `*name(constraint)`: one or more whole segments, the last of which may go on
    /// with `tail` (`*path.ogg`, `*file.:format`), which is not part of the glob's value.
    case glob(name: String, constraint: String?, tail: [PatternPiece])

    /// The names this segment captures, in capture order (a glob's first).
    var parameterNames: [String] {
        switch self {
        case .literal: []
        case .parameter(let name, _): [name]
        case .pieces(let pieces): pieces.compactMap(\.parameterName)
        case .glob(let name, _, let tail): [name] + tail.compactMap(\.parameterName)
        }
    }

    /// The parameters of this segment with their written constraint names, in capture order.
    var parameters: [(name: String, constraint: String?)] {
        switch self {
        case .literal: []
        case .parameter(let name, let constraint): [(name, constraint)]
        case .pieces(let pieces): pieces.compactMap(\.parameter)
        case .glob(let name, let constraint, let tail): [(name, constraint)] + tail.compactMap(\.parameter)
        }
    }

    /// Whether the segment captures `name`; allocates nothing.
    func hasParameter(named name: String) -> Bool {
        switch self {
        case .literal: false
        case .parameter(let own, _): own == name
        case .pieces(let pieces): pieces.contains { $0.parameterName == name }
        case .glob(let own, _, let tail): own == name || tail.contains { $0.parameterName == name }
        }
    }

    /// How many parameters the segment captures; allocates nothing.
    var parameterCount: Int {
        switch self {
        case .literal: 0
        case .parameter: 1
        case .pieces(let pieces): pieces.count { $0.parameterName != nil }
        case .glob(_, _, let tail): 1 + tail.count { $0.parameterName != nil }
        }
    }

    /// Calls `body` with each parameter's name and written constraint name, in capture order;
    /// allocates nothing, for `Router.init`.
    func forEachParameter(_ body: (String, String?) throws(RouteTableError) -> Void) throws(RouteTableError) {
        switch self {
        case .literal: return
        case .parameter(let name, let constraint): try body(name, constraint)
        case .pieces(let pieces):
            for case .parameter(let name, let constraint) in pieces { try body(name, constraint) }
        case .glob(let name, let constraint, let tail):
            try body(name, constraint)
            for case .parameter(let name, let constraint) in tail { try body(name, constraint) }
        }
    }

    /// The glob's name when this segment starts one.
    var globName: String? {
        if case .glob(let name, _, _) = self { return name }
        return nil
    }
}

/// A piece of a segment that mixes literals and parameters.
enum PatternPiece: Sendable, Hashable {
    case literal(String)
    case parameter(name: String, constraint: String?)

    var parameterName: String? {
        if case .parameter(let name, _) = self { return name }
        return nil
    }

    var parameter: (name: String, constraint: String?)? {
        if case .parameter(let name, let constraint) = self { return (name, constraint) }
        return nil
    }
}

extension [PatternSegment] {
    /// Every parameter name of the expansion, in capture order.
    var parameterNames: [String] { flatMap(\.parameterNames) }
}

/// A segment with the character offset where it starts in the pattern, for error messages.
struct PositionedSegment: Sendable, Hashable {
    let segment: PatternSegment
    let position: Int
    /// Offset of each parameter's constraint name, in the order of
    /// ``PatternSegment/parameterNames``; `nil` for a parameter without one.
    let constraintPositions: [Int?]
}

/// One way to read a pattern once its optional parts are decided: `/photos(/:id)` has two.
typealias PatternExpansion = [PositionedSegment]

extension [PatternSegment] {
    /// The expansion written as a pattern (`/songs/:song-song.:format`), with `\` before the
    /// characters the grammar reads as syntax: for the route table and explain.
    var patternText: String {
        guard !isEmpty else { return "/" }
        return map { "/" + $0.patternText }.joined()
    }
}

extension PatternSegment {
    var patternText: String {
        switch self {
        case .literal(let text): PatternPiece.literal(text).patternText
        case .parameter(let name, let constraint):
            PatternPiece.parameter(name: name, constraint: constraint).patternText
        case .pieces(let pieces): pieces.map(\.patternText).joined()
        case .glob(let name, let constraint, let tail):
            "*" + name + (constraint.map { "(\($0))" } ?? "") + tail.map(\.patternText).joined()
        }
    }
}

extension PatternPiece {
    var patternText: String {
        switch self {
        case .literal(let text):
            String(
                text.unicodeScalars.flatMap { scalar -> [Unicode.Scalar] in
                    ":*()\\".unicodeScalars.contains(scalar) ? ["\\", scalar] : [scalar]
                }.map(Character.init))
        case .parameter(let name, let constraint): ":" + name + (constraint.map { "(\($0))" } ?? "")
        }
    }
}
