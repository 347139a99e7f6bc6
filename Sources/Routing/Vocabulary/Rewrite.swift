/// Maps an old path to a new one before matching: keep old links working.
///
/// Rewrites run in order, each once, on the normalized path. Two forms:
///
/// ```swift
/// Rewrite("/msg/:id", to: "/messages/:id")            // pattern → template
/// Rewrite("lowercase") { path in path.lowercased() }   // any function; nil leaves the path as it is
/// ```
///
/// A template that names a parameter its pattern lacks is reported by ``Router/init(rewrites:middlewares:policies:routes:configuration:)``.
public struct Rewrite: Sendable {
    enum Kind: Sendable {
        case template(pattern: String, template: String)
        case function(@Sendable (String) -> String?)
    }

    /// A name for ``Router/explain(_:source:)``: the pattern and template, or the given name.
    public let name: String
    let kind: Kind

    /// Rewrites paths that match `pattern` to `template`, filling `:name` and `*name` from the
    /// match. Parameter values are copied still percent-encoded, so nothing is decoded twice.
    public init(_ pattern: String, to template: String) {
        self.name = "\(pattern) -> \(template)"
        self.kind = .template(pattern: pattern, template: template)
    }

    /// Rewrites with a function from the normalized path to a new path, or `nil` for no change.
    public init(_ name: String, _ rewrite: @escaping @Sendable (String) -> String?) {
        self.name = name
        self.kind = .function(rewrite)
    }
}
