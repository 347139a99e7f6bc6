/// The candidates a pipeline runs after its first route declined or continued, as an iterator of
/// matches (``CompiledRouter/candidates(after:terminal:source:)``): the lookup already found
/// them all, in order, by a walk or, for a sole group, by choosing among the group's routes, and
/// each match is made when the loop reaches it (`next`), so the routes after the one that answers
/// cost nothing.
///
/// An iterator, not an array of every match made at once: `Send:Decline3` measured 15,708
/// instructions this way and 16,899 with the array, against 15,519 when the pipeline made each
/// match itself (BENCHMARKS.md, "0.4: a house in layers"). One value, advanced in place: a
/// `Sequence` copied into its iterator would retain every field again.
struct CandidateMatches: IteratorProtocol {
    let router: CompiledRouter
    let trie: Trie
    /// Every candidate the walk found, the first (which ran) included.
    let found: [Candidate]
    /// The position of the next candidate to run.
    private(set) var position: Int
    /// What the captures index, and the link as received (for host parameters).
    let routed: String
    let link: ParsedURL?

    init(router: CompiledRouter, trie: Trie, found: [Candidate], next: Int, routed: String, link: ParsedURL?)
    {
        self.router = router
        self.trie = trie
        self.found = found
        self.position = next
        self.routed = routed
        self.link = link
    }

    /// Every candidate's route, in order, the one that ran first: what the in-app 404 names
    /// when they all declined.
    var routes: [Route] {
        found.map { router.routes[trie.terminals[$0.terminal].routeIndex] }
    }

    /// The next candidate's match; `nil` after the last.
    @inline(__always)
    mutating func next() -> RouteMatch? {
        guard position < found.count else { return nil }
        let candidate = position
        position &+= 1
        return router.makeMatch(
            found[candidate].terminal, found[candidate].captures, in: routed, trie: trie, link: link)
    }
}
