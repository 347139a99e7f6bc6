/// A URL as the router read it: parsed, and the path that was routed after rewrites.
struct ResolvedURL: Sendable {
    /// The URL as received: its link kind, query and fragment.
    let parsed: ParsedURL
    /// The bare path a rewrite produced, when one applied.
    let rewrittenPath: String?
    /// The decoded query, when a query condition already decoded it.
    var query: Query? = nil

    /// The normalized path that was routed, after rewrites (``Request/path``).
    var path: String { rewrittenPath ?? parsed.pathString }
}
