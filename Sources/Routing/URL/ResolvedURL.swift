/// A URL as the router read it, once per request: parsed, and rewritten when a rewrite applied.
/// Everything after the first match (the candidates after a decline, a `continueNext` chain, the
/// candidates and stack that explain lists) walks from it, never from the string again.
struct ResolvedURL: Sendable {
    /// The URL as received: its link kind (for scopes), query and fragment.
    let parsed: ParsedURL
    /// The bare path the rewrites produced, when one applied: what the walk reads.
    let rewritten: ParsedURL?
    /// The decoded query, once a query condition or a request has decoded it.
    var query: Query? = nil

    /// The parsed URL whose path is routed: the rewritten one, else the URL as received.
    var routed: ParsedURL { rewritten ?? parsed }
    /// The normalized path that was routed, after rewrites (``Request/path``).
    var path: String { routed.pathString }
}
