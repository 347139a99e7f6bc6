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
    @inline(__always)
    func candidates(_ url: inout ResolvedURL, source: Source) -> [RouteMatch] {
        let found = candidates(of: &url, source: source)
        let trie = trie(for: source)
        return found.map {
            makeMatch($0.terminal, $0.captures, in: url.routedString, trie: trie, link: url.parsed)
        }
    }

    /// Every candidate of the URL `request` holds, from `source`, in order, for the pipeline to
    /// run those after the first match, the route at `terminal`, which declined or continued. Each match is made only when the loop reaches it
    /// (``CandidateMatches``). When the first match's group is sole, its routes are all the
    /// candidates, chosen without walking the path again (``GroupCandidates``); otherwise the one
    /// lookup walks for them. None without a URL (a matched request always holds one).
    @inline(__always)
    func candidates(
        after request: borrowing Request, terminal: Int, source: Source
    ) -> CandidateMatches {
        let trie = trie(for: source)
        guard var url = request.resolved else {
            return CandidateMatches(router: self, trie: trie, found: [], next: 0, routed: "", link: nil)
        }
        let found: [Candidate]
        if trie.terminals[terminal].soleGroup >= 0 {
            var tracer = SilentTracer()
            let goal = GroupCandidates(terminal: terminal, captures: request.storage.params.captures)
            found = lookup(&url, source: source, trie: trie, for: goal, tracer: &tracer)
        } else {
            found = candidates(of: &url, source: source)
        }
        // The route that ran is the first candidate; found by its terminal all the same.
        let position = found.firstIndex { $0.terminal == terminal }
        return CandidateMatches(
            router: self, trie: trie, found: found, next: position.map { $0 + 1 } ?? found.count,
            routed: url.routedString, link: url.parsed)
    }

    /// The candidates of a prepared URL as matches: none for a URL refused or not served.
    func candidates(_ prepared: PreparedURL, source: Source) -> [RouteMatch] {
        guard case .routable(var url) = prepared else { return [] }
        return candidates(&url, source: source)
    }
}
