extension CompiledRouter {
    /// Every route `url` reaches from `source`, in the order the router tries them: the one
    /// lookup, recording every candidate instead of stopping at the first (``AllCandidates``).
    /// One walk whatever the number of candidates, and `url` is not parsed again: declining every
    /// one of them never reads the string or walks the trie again.
    ///
    /// Each record is a terminal of the source's trie and its captures, into
    /// `url.routedString` (``makeMatch(_:_:in:trie:link:)``).
    @inline(__always)
    func candidates(of url: inout ResolvedURL, source: Source) -> [Candidate] {
        var tracer = SilentTracer()
        // Each trie passed straight from its stored property: borrowed, not retained.
        if case .app = source {
            return lookup(&url, source: source, trie: trie, for: AllCandidates(), tracer: &tracer)
        }
        return lookup(&url, source: source, trie: publicTrie, for: AllCandidates(), tracer: &tracer)
    }

    /// The candidates of a prepared URL as matches: none for a URL refused or not served.
    func candidates(_ prepared: PreparedURL, source: Source) -> [RouteMatch] {
        guard case .routable(var url) = prepared else { return [] }
        let trie = trie(for: source)
        return candidates(of: &url, source: source).map {
            makeMatch($0.terminal, $0.captures, in: url.routedString, trie: trie, link: url.parsed)
        }
    }
}
