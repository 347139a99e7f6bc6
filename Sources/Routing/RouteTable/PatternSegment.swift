/// One segment of an expanded route pattern.
enum PatternSegment: Sendable, Hashable {
    case literal(String)
    /// `:name` or `:name(constraint)`; `constraint` is the name written in parentheses.
    case parameter(name: String, constraint: String?)
    case glob(name: String)

    var parameterName: String? {
        switch self {
        case .literal: nil
        case .parameter(let name, _), .glob(let name): name
        }
    }
}

/// A segment with the character offset where it starts in the pattern, for error messages.
struct PositionedSegment: Sendable, Hashable {
    let segment: PatternSegment
    let position: Int
    /// Offset of the constraint name, when the segment has one.
    let constraintPosition: Int?
}

/// One way to read a pattern once its optional parts are decided: `/photos(/:id)` has two.
typealias PatternExpansion = [PositionedSegment]
