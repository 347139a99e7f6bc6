/// Every route a URL reaches, in precedence order: what runs, one after another, when a route
/// declines or chains with `continueNext`.
struct Candidates {
    /// The candidates, the winner of ``RouterStorage/resolve(_:source:tracer:)`` first.
    let matches: [RouteMatch]
    /// The URL as resolved, for building each candidate's request; `nil` when the parser refused it.
    let resolved: ResolvedURL?
}

extension RouterStorage {
    /// The candidates of `url` for `source`: the resolver's parsing and rewrites, then one walk
    /// that records every route the link reaches instead of stopping at the first
    /// (``CandidateCollector``). One walk whatever the number of candidates: declining every
    /// one of them never walks the trie again.
    func candidates<Tracer: MatchTracer>(_ url: String, source: Source, tracer: inout Tracer) -> Candidates {
        let trie = trie(for: source)
        let (parsed, rewritten): (ParsedURL, ParsedURL?)
        switch prepare(url, plainPathTried: false, tracer: &tracer) {
        case .rejected: return Candidates(matches: [], resolved: nil)
        case .unserved(let unserved):
            return Candidates(matches: [], resolved: ResolvedURL(parsed: unserved, rewrittenPath: nil))
        case .routable(let link, let path): (parsed, rewritten) = (link, path)
        }
        var resolved = ResolvedURL(parsed: parsed, rewrittenPath: rewritten?.pathString)
        let found = withRoutedBytes(parsed, rewritten) { input, routed, original in
            trie.terminals.withUnsafeBufferPointer { terminals in
                if trie.isPlain {
                    var collector = CandidateCollector(terminals: terminals, ranking: nil)
                    _ = trie.matchIndex(
                        input, source: routed.string, path: routed.path, filter: &collector, tracer: &tracer)
                    return collector.found
                }
                return withLinkFilter(
                    parsed.link, query: parsed.query, bytes: original, source: source, trie: trie
                ) { filter in
                    var collector = CandidateCollector(terminals: terminals, ranking: filter)
                    _ = trie.matchIndex(
                        input, source: routed.string, path: routed.path, filter: &collector, tracer: &tracer)
                    resolved.query = collector.ranking?.query
                    return collector.found
                }
            }
        }
        let string = rewritten?.string ?? parsed.string
        return Candidates(
            matches: found.map { makeMatch($0.terminal, $0.captures, in: string, trie: trie) },
            resolved: resolved)
    }
}
