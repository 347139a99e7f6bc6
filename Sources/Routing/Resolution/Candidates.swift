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

    /// The candidates of `url` as matches, in order: what ``Router/candidates(_:source:)`` and
    /// explain list, and what the pipeline runs after a route declines or continues. The one
    /// lookup, then each match made here, so a caller only loops over the list.
    func candidates(_ url: ResolvedURL, source: Source) -> [RouteMatch] {
        var url = url
        let found = candidates(of: &url, source: source)
        let trie = trie(for: source)
        var matches: [RouteMatch] = []
        matches.reserveCapacity(found.count)
        for candidate in found {
            matches.append(
                makeMatch(
                    candidate.terminal, candidate.captures, in: url.routedString, trie: trie, link: url.parsed
                ))
        }
        return matches
    }

    /// The candidates of a prepared URL as matches: none for a URL refused or not served.
    func candidates(_ prepared: PreparedURL, source: Source) -> [RouteMatch] {
        guard case .routable(let url) = prepared else { return [] }
        return candidates(url, source: source)
    }
}
