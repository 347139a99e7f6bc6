/// A mistake in the routes, rewrites or configuration given to ``Router``, found when the router
/// is created.
///
/// The message names what is at fault, the position (a 0-based offset in Unicode scalars, which
/// is the character offset unless the pattern holds combining marks) and the reason:
///
/// ```
/// invalid pattern "/files/*path/*more" at position 13: a pattern has at most one glob
/// invalid configuration.maxRedirects: must be 0 or more
/// ```
public struct RouteTableError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Which part of what ``Router/init(rewrites:middlewares:policies:routes:configuration:)``
    /// was given is at fault. A struct rather than an enum, so that kinds can be added.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        /// The kind's name, as ``description`` shows it.
        public let description: String

        /// A route or a rewrite: its pattern, its name, its scope, or its place among the others.
        /// ``RouteTableError/pattern`` is the pattern.
        public static let route = Kind(description: "route")
        /// A ``Router/Configuration`` setting. ``RouteTableError/pattern`` names it, for example
        /// `configuration.hosts`.
        public static let configuration = Kind(description: "configuration")
    }

    /// Which part is at fault.
    public let kind: Kind
    /// The pattern (or route name, or rewrite) at fault; for ``Kind/configuration``, the setting.
    public let pattern: String
    /// The 0-based offset, in Unicode scalars, in `pattern` where the problem is, when it has one.
    public let position: Int?
    /// What is wrong.
    public let reason: String

    /// Creates an error about a route or a rewrite.
    public init(pattern: String, position: Int?, reason: String) {
        self.init(kind: .route, pattern: pattern, position: position, reason: reason)
    }

    /// Creates an error of any kind.
    public init(kind: Kind, pattern: String, position: Int?, reason: String) {
        self.kind = kind
        self.pattern = pattern
        self.position = position
        self.reason = reason
    }

    /// An error about the configuration setting `setting` (`configuration.maxRedirects`).
    static func configuration(_ setting: String, _ reason: String) -> RouteTableError {
        RouteTableError(
            kind: .configuration, pattern: "configuration." + setting, position: nil, reason: reason)
    }

    /// The full message: what is at fault, the position and the reason.
    public var description: String {
        if kind == .configuration { return "invalid \(pattern): \(reason)" }
        if let position { return "invalid pattern \"\(pattern)\" at position \(position): \(reason)" }
        return "route table error for \"\(pattern)\": \(reason)"
    }
}
