extension Trie {
    /// `terminals` with ``Terminal/soleGroup`` set for each group a walk can leave behind no
    /// other route: at every node on the way from the root, the edge taken is the last the walk
    /// would try there (literals, then segment patterns and constrained parameters in order, then
    /// the parameter, then globs). A walk that reaches such a group and goes on finds nothing
    /// more, so every route after the first a link reaches there is the rest of the group. Groups
    /// that globs reach, and groups at nodes with globs, are never marked.
    ///
    /// Depth first by recursion, as deep as the trie: no work list to allocate at init.
    static func markingSoleGroups(
        _ terminals: [Terminal], nodes: [Node], literalEdges: [LiteralEdge], constraintEdges: [ConstraintEdge]
    ) -> [Terminal] {
        var marked = terminals
        func visit(_ index: Int32, sole: Bool) {
            let node = nodes[Int(index)]
            let hasGlob = node.globTerminal != Node.noGlob
            if sole && !hasGlob && node.terminal >= 0 {
                for terminal in Int(node.terminal)..<Int(terminals[Int(node.terminal)].groupEnd) {
                    marked[terminal].soleGroup = node.terminal
                }
            }
            let afterConstrained = sole && node.parameterChild < 0 && !hasGlob
            let literalStart = Int(node.literalStart)
            for edge in literalStart..<literalStart + Int(node.literalCount) {
                visit(literalEdges[edge].child, sole: afterConstrained && node.constrainedCount == 0)
            }
            let constrainedStart = Int(node.constrainedStart)
            let constrainedEnd = constrainedStart + Int(node.constrainedCount)
            for edge in constrainedStart..<constrainedEnd {
                visit(constraintEdges[edge].child, sole: afterConstrained && edge == constrainedEnd - 1)
            }
            if node.parameterChild >= 0 { visit(node.parameterChild, sole: sole && !hasGlob) }
        }
        visit(0, sole: true)
        return marked
    }

    /// Every route of `terminal`'s group that the link reaches, in the order the router tries
    /// them, with the path's captures (the first `keys.count` of `captures`; a match's may hold
    /// host parameters after them): what a walk for every candidate would find, without the walk.
    /// The group must be sole (``Terminal/soleGroup``): of any other, only a walk can tell.
    func candidates<Chooser: GroupChooser>(
        inGroupOf terminal: Int, captures: CaptureList, chooser: inout Chooser
    ) -> [Candidate] {
        let first = terminals[terminal].soleGroup
        precondition(first >= 0, "the candidates of a group a walk may go on from need the walk")
        var path = captures
        path.removeLast(path.count - terminals[terminal].keys.count)
        return terminals.withUnsafeBufferPointer { terminals in
            var collector = CandidateCollector(terminals: terminals, chooser: chooser)
            _ = collector.choose(first, captures: path, glob: nil)
            chooser = collector.chooser
            return collector.found
        }
    }
}
