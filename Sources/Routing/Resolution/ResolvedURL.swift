/// A URL as the router read it, once per request: parsed, and rewritten when a rewrite applied.
/// Everything after the first match (the candidates after a decline, a `continueNext` chain, the
/// candidates and stack that explain lists) walks from it, never from the string again.
struct ResolvedURL: Sendable {
    /// The URL as received: its link kind (for scopes), query and fragment.
    let parsed: ParsedURL
    /// The bare path the rewrites produced, normalized, when one applied: what the walk reads.
    let rewrittenPath: String?
    /// The decoded query, once a query condition or a request has decoded it.
    var query: Query? = nil

    /// The normalized path that was routed, after rewrites (``Request/path``).
    var path: String { rewrittenPath ?? parsed.pathString }

    /// Calls `body` with the bytes of the routed path, its range there, and the bytes of the link
    /// as received (the same bytes when no rewrite applied), which `parsed` indexes.
    @inline(__always)
    func withRoutedBytes<Result>(
        _ body: (_ routed: UnsafeBufferPointer<UInt8>, _ path: Range<Int>, _ link: UnsafeBufferPointer<UInt8>)
            -> Result
    ) -> Result {
        guard var rewrittenPath else { return parsed.withUTF8 { bytes in body(bytes, parsed.path, bytes) } }
        // A normalized path is all path, and the root's is empty.
        return rewrittenPath.withUTF8 { routed in
            parsed.withUTF8 { link in body(routed, routed.count == 1 ? 0..<0 : 0..<routed.count, link) }
        }
    }

    /// The string the routed path's bytes belong to, which captures index.
    var routedString: String { rewrittenPath ?? parsed.string }
}
