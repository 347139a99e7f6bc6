/// The routes nearest a path no route matched, for the in-app 404's message (`nearest: …`).
///
/// A route is near when one of its pattern's expansions, compared with the path segment by
/// segment, agrees up to a segment where the pattern has a literal near the path's segment
/// (``Suggestions``: within 1 edit, 2 for a literal of 6 or more characters). A parameter agrees
/// with any segment, whatever its constraint, and a glob with the rest of the path; literals are
/// compared with the decoded segment, ignoring case when the router does. So `/artciles/7` is
/// near `/articles/:id(int)` (one swap in segment 1), and `/articles/7/eidt` near
/// `/articles/:id/edit`. Only routes whose scope lets the link reach them count.
///
/// Nearest first: fewer edits, then a pattern whose rest also agrees with the rest of the path
/// (`/articles/:id(int)` before `/articles` for `/artciles/7`), then registration order.
///
/// Only the message of an in-app 404 asks, once the answer is known to be a 404: matching never
/// pays for it, and an external caller, who learns nothing but the status, never does.
extension CompiledRouter {
    /// Up to `count` routes near the routed `path`, nearest first. `url` is the link as resolved,
    /// for the scopes; `nil` for a bare path that took the shortcut, which reaches every scope.
    func nearestRoutes(to path: String, of url: ResolvedURL?, count: Int = 3) -> [Route] {
        let segments = Self.segments(of: path).map { folded(PercentEncoding.decode($0)) }
        // (edits, 1 when the rest differs, registration order): the order of the message.
        var near: [(edits: Int, restDiffers: Int, index: Int)] = []
        for (index, compiled) in compiledRoutes.enumerated() where reaches(index, url) {
            let best = compiled.expansions.compactMap { nearness(of: $0, to: segments) }.min { $0 < $1 }
            if let (edits, restDiffers) = best { near.append((edits, restDiffers, index)) }
        }
        near.sort { $0 < $1 }
        return near.prefix(count).map { routes[$0.index] }
    }

    /// The segments of a normalized path, still percent-encoded; none for the root.
    private static func segments(of path: String) -> [Substring] {
        path.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// Whether the scope of route `index` lets `url`'s link reach it, as the walk would judge an
    /// in-app link (the only kind that gets a message).
    private func reaches(_ index: Int, _ url: ResolvedURL?) -> Bool {
        guard let url, !scopes[index].isUnscoped else { return true }
        return url.parsed.withUTF8 {
            scopes[index].rank(of: url.parsed.link, in: $0, isExternal: false) != nil
        }
    }

    /// How near `expansion` is to the path's `segments`: the edits at the first segment where they
    /// part, and 1 when the rest also differs (else 0); `nil` when they part elsewhere than at a
    /// near literal, or do not part (a constraint refused the path, or one of them is longer).
    private func nearness(of expansion: [PatternSegment], to segments: [String]) -> (Int, Int)? {
        for (position, segment) in segments.enumerated() {
            guard position < expansion.count else { return nil }
            switch expansion[position] {
            case .glob: return nil
            // A segment pattern is as near as a parameter: the suggestion is about literals.
            case .parameter, .pieces: continue
            case .literal(let literal):
                let literal = folded(literal)
                if literal == segment { continue }
                guard let distance = Suggestions.distance(from: segment, toNear: literal) else { return nil }
                let rest = Self.agrees(
                    Array(expansion[(position + 1)...]), with: segments[(position + 1)...], folded: folded)
                return (distance, rest ? 0 : 1)
            }
        }
        return nil
    }

    /// Whether `pattern` takes exactly `segments`: equal literals, a parameter for any one, a glob
    /// for the rest.
    private static func agrees(
        _ pattern: [PatternSegment], with segments: ArraySlice<String>, folded: (String) -> String
    ) -> Bool {
        var remaining = segments
        for segment in pattern {
            if case .glob = segment { return !remaining.isEmpty }
            guard let next = remaining.popFirst() else { return false }
            if case .literal(let literal) = segment, folded(literal) != next { return false }
        }
        return remaining.isEmpty
    }

    /// `text` as the trie compares it: lowercased (ASCII only, as matching folds) when matching
    /// ignores case.
    private func folded(_ text: String) -> String {
        configuration.caseSensitive
            ? text : ASCIICaseFolding.lowercased(text)
    }
}
