/// A mistake in the routes or rewrites given to ``Router``, found when the router is created.
///
/// The message names the pattern, the position (a 0-based offset in Unicode scalars, which is
/// the character offset unless the pattern holds combining marks) and the reason:
///
/// ```
/// invalid pattern "/files/*path/edit" at position 7: a glob must be the last segment
/// ```
public struct RouteTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The pattern (or route name, or rewrite) at fault.
    public let pattern: String
    /// The 0-based offset, in Unicode scalars, in `pattern` where the problem is, when it has one.
    public let position: Int?
    /// What is wrong.
    public let reason: String

    /// Creates an error.
    public init(pattern: String, position: Int?, reason: String) {
        self.pattern = pattern
        self.position = position
        self.reason = reason
    }

    /// The full message: pattern, position and reason.
    public var description: String {
        if let position { return "invalid pattern \"\(pattern)\" at position \(position): \(reason)" }
        return "route table error for \"\(pattern)\": \(reason)"
    }
}
