// A request keeps what the resolution read (the parse, the routed path, the decoded query) and
// gives it back as a resolution's URL: the candidates after a decline and a redirect's next hop
// start from it. Here, beside the type it makes.
extension Request {
    /// The URL as the router read it: parsed, rewritten, its query decoded; `nil` when the parser
    /// refused it. The candidates after a decline and a redirect's next hop start from it instead
    /// of parsing ``url`` again. Rebuilt from the stored parse, ``path`` and ``query``, so a request
    /// holds no copy of what it already has.
    var resolved: ResolvedURL? {
        guard let parsed = storage.parsed else { return nil }
        return ResolvedURL(
            parsed: parsed, rewrittenPath: storage.isRewritten ? storage.path : nil, query: storage.query)
    }
}
