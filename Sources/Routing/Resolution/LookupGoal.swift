/// What a lookup (``CompiledRouter/lookup(_:source:trie:for:tracer:)``) wants of its one walk: the
/// route the router runs first, or every route the link reaches. Both walk the same trie in the
/// same order with the same ``GroupChooser``; they differ only in when the walk stops.
protocol LookupGoal {
    associatedtype Found

    /// Walks `path` of `input` (the UTF-8 bytes of `string`) in `trie`, `chooser` ranking the
    /// routes of each group the walk reaches.
    func walk<Chooser: GroupChooser, Tracer: MatchTracer>(
        _ trie: Trie, _ input: UnsafeBufferPointer<UInt8>, string: String, path: Range<Int>,
        chooser: inout Chooser, tracer: inout Tracer
    ) -> Found
}

/// The route the router runs first: the walk stops at it. `match`, `send` and explain's trace.
struct FirstMatch: LookupGoal {
    @inline(__always)
    func walk<Chooser: GroupChooser, Tracer: MatchTracer>(
        _ trie: Trie, _ input: UnsafeBufferPointer<UInt8>, string: String, path: Range<Int>,
        chooser: inout Chooser, tracer: inout Tracer
    ) -> (terminal: Int, captures: CaptureList)? {
        trie.matchIndex(input, source: string, path: path, filter: &chooser, tracer: &tracer)
    }
}

/// Every route the link reaches, in the order the router tries them: the walk records each one
/// and goes on to the end (``CandidateCollector``). `candidates`, explain, and the pipeline after
/// a decline or a `continueNext` answer.
struct AllCandidates: LookupGoal {
    func walk<Chooser: GroupChooser, Tracer: MatchTracer>(
        _ trie: Trie, _ input: UnsafeBufferPointer<UInt8>, string: String, path: Range<Int>,
        chooser: inout Chooser, tracer: inout Tracer
    ) -> [Candidate] {
        trie.terminals.withUnsafeBufferPointer { terminals in
            var collector = CandidateCollector(terminals: terminals, chooser: chooser)
            _ = trie.matchIndex(input, source: string, path: path, filter: &collector, tracer: &tracer)
            chooser = collector.chooser
            return collector.found
        }
    }
}

/// Every route the link reaches, when its first match's group is sole (``Trie/Terminal/soleGroup``):
/// that group's routes, chosen as a walk would, without walking the path again. The pipeline after
/// a decline or a `continueNext` answer.
struct GroupCandidates: LookupGoal {
    /// The terminal of the first match.
    let terminal: Int
    /// The first match's captures.
    let captures: CaptureList

    func walk<Chooser: GroupChooser, Tracer: MatchTracer>(
        _ trie: Trie, _ input: UnsafeBufferPointer<UInt8>, string: String, path: Range<Int>,
        chooser: inout Chooser, tracer: inout Tracer
    ) -> [Candidate] {
        trie.candidates(inGroupOf: terminal, captures: captures, chooser: &chooser)
    }
}
