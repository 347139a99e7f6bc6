/// Which known names are near a mistyped one: the one rule behind every "did you mean" and
/// "nearest" of Switchyard's messages (unknown route names, `parent:`, `skipping:`, the in-app
/// 404's nearest routes, the tool's `--host`).
///
/// A known name is *near* when its edit distance to what was written is at most 1, or at most 2
/// when the known name has 6 or more characters (a third of its length, capped at 2), and less
/// than its length, so that no name is near one it shares nothing with: `artcle` is near
/// `article`, `id` is near `ix` but not `xy`, and `a` is near nothing. The distance is Damerau-Levenshtein's
/// (optimal string alignment): an insertion, a deletion, a substitution or a swap of two
/// neighbours each count 1, so `artciles` is 1 from `articles`. Characters are compared as
/// Unicode scalars, exactly; callers fold case first where matching ignores it.
///
/// Only error messages use it, so it is written for clarity, not speed: names are short.
package enum Suggestions {
    /// The distance from `written` to `known` when `known` is near it (see ``Suggestions``), or
    /// `nil`.
    package static func distance(from written: String, toNear known: String) -> Int? {
        let known = Array(known.unicodeScalars)
        let limit = min(2, max(1, known.count / 3), known.count - 1)
        let distance = distance(Array(written.unicodeScalars), known, limit: limit)
        return distance <= limit ? distance : nil
    }

    /// Up to `count` of `known` near `written`, nearest first, then in the order given; `written`
    /// itself is never suggested.
    package static func nearest(to written: String, in known: some Sequence<String>, count: Int = 3)
        -> [String]
    {
        var seen: Set<String> = [written]
        var near: [(name: String, distance: Int, order: Int)] = []
        for (order, name) in known.enumerated() where seen.insert(name).inserted {
            if let distance = distance(from: written, toNear: name) {
                near.append((name, distance, order))
            }
        }
        near.sort { ($0.distance, $0.order) < ($1.distance, $1.order) }
        return near.prefix(count).map(\.name)
    }

    /// `; did you mean 'article'?` (or `'a' or 'b'`) for the names of `known` near `written`, or
    /// an empty string when none is.
    package static func didYouMean(_ written: String, in known: some Sequence<String>) -> String {
        let names = nearest(to: written, in: known)
        guard !names.isEmpty else { return "" }
        return "; did you mean '\(names.joined(separator: "' or '"))'?"
    }

    /// The optimal string alignment distance, or anything above `limit` once it is certain to
    /// exceed it.
    static func distance(_ lhs: [Unicode.Scalar], _ rhs: [Unicode.Scalar], limit: Int) -> Int {
        if abs(lhs.count - rhs.count) > limit { return limit + 1 }
        if lhs.isEmpty || rhs.isEmpty { return max(lhs.count, rhs.count) }
        // Three rows of the table: two back for a swap, the previous one, the current one.
        var beforePrevious = [Int](repeating: 0, count: rhs.count + 1)
        var previous = Array(0...rhs.count)
        var current = [Int](repeating: 0, count: rhs.count + 1)
        for row in 1...lhs.count {
            current[0] = row
            var rowMinimum = row
            for column in 1...rhs.count {
                let cost = lhs[row - 1] == rhs[column - 1] ? 0 : 1
                var best = min(previous[column] + 1, current[column - 1] + 1, previous[column - 1] + cost)
                if row > 1, column > 1, lhs[row - 1] == rhs[column - 2], lhs[row - 2] == rhs[column - 1] {
                    best = min(best, beforePrevious[column - 2] + 1)
                }
                current[column] = best
                rowMinimum = min(rowMinimum, best)
            }
            // Every later row is at least this row's minimum.
            if rowMinimum > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[rhs.count]
    }
}
