/// A plain, slow matcher that states the Architecture article's "Routes and patterns" precedence
/// directly: at each segment try the literal candidates, then the constrained ones (grouped by
/// constraint, the group with the highest priority among its routes first, then the earliest route,
/// then the earliest expansion), then the plain ones, then a glob; a dead end falls through to the
/// next group. It works on decoded segments and shares no code with the trie.
struct ReferenceMatcher {
    struct Candidate {
        let route: Int
        let shape: [Reference.Segment]
        /// Position in registration order, expansions of a route in expansion order.
        let ordinal: Int
    }

    /// The outcome of a walk. Ties between constrained groups of one route fall to expansion
    /// order, as in the trie (see `PrecedenceTests.sameRouteTie`).
    struct Trace {
        var match: Match?
    }

    struct Match: Equatable, CustomStringConvertible {
        let route: Int
        /// Values as UTF-8 bytes: `String`'s `==` would equate NFC and NFD spellings.
        let params: [String: [UInt8]]

        var description: String {
            let values = params.sorted { $0.key < $1.key }.map {
                "\($0.key)=\(String(decoding: $0.value, as: UTF8.self))"
            }
            return "route \(route) \(values)"
        }
    }

    let routes: [Reference.RouteSpec]
    let caseSensitive: Bool
    private let candidates: [Candidate]

    init(routes: [Reference.RouteSpec], caseSensitive: Bool) {
        self.routes = routes
        self.caseSensitive = caseSensitive
        let shapes = routes.indices.flatMap { index in routes[index].expansions.map { (index, $0) } }
        let all = shapes.enumerated().map { Candidate(route: $1.0, shape: $1.1, ordinal: $0) }
        let givenUp = Self.givenUp(
            all, routes: routes,
            key: { shape in
                Self.shapeKey(shape, caseSensitive: caseSensitive)
            })
        allCandidates = all
        candidates = all.filter { !givenUp.contains($0.ordinal) }
    }

    /// Every expansion of the table.
    private let allCandidates: [Candidate]

    /// The ordinals of expansions that give their shape up: within a shape, in precedence order
    /// (higher priority, then earlier registration, then earlier expansion), every one after the
    /// first. The first answers the shape's links.
    private static func givenUp(
        _ candidates: [Candidate], routes: [Reference.RouteSpec], key: ([Reference.Segment]) -> [[UInt8]]
    ) -> Set<Int> {
        var byShape: [[[UInt8]]: [Candidate]] = [:]
        for candidate in candidates { byShape[key(candidate.shape), default: []].append(candidate) }
        var givenUp: Set<Int> = []
        for members in byShape.values where members.count > 1 {
            let ordered = members.sorted { lhs, rhs in
                let (left, right) = (routes[lhs.route].priority, routes[rhs.route].priority)
                return left != right ? left > right : lhs.ordinal < rhs.ordinal
            }
            for candidate in ordered.dropFirst() { givenUp.insert(candidate.ordinal) }
        }
        return givenUp
    }

    /// The shapes two routes (or two expansions of one route) share when they take the same
    /// links: literals (folded when matching folds), parameters by constraint, globs.
    static func shapeKey(_ shape: [Reference.Segment], caseSensitive: Bool) -> [[UInt8]] {
        shape.map { segment in
            switch segment {
            case .literal(let literal):
                [UInt8(ascii: "L")]
                    + (caseSensitive
                        ? Array(literal.utf8) : literal.utf8.map { (65...90).contains($0) ? $0 | 0x20 : $0 })
            case .parameter(_, let rule): Array(("P" + (rule?.rawValue ?? "")).utf8)
            case .glob: [UInt8(ascii: "G")]
            }
        }
    }

    /// Indices of routes that could never run: every expansion of theirs gives its shape up to
    /// an expansion that precedes it.
    var conflictingRoutes: Set<Int> {
        let kept = Set(candidates.map(\.route))
        return Set(allCandidates.map(\.route)).subtracting(kept)
    }

    func match(_ segments: [String]) -> Match? {
        trace(segments).match
    }

    func trace(_ segments: [String]) -> Trace {
        var trace = Trace()
        var found: [Match] = []
        _ = walk(candidates, segments, depth: 0, found: &found, stopAtFirst: true)
        trace.match = found.first
        return trace
    }

    /// Every route the segments reach, in the order the walk meets them, each route once (its
    /// first expansion met): the candidates a decline or `continueNext` runs in turn.
    func candidates(_ segments: [String]) -> [Match] {
        var found: [Match] = []
        _ = walk(candidates, segments, depth: 0, found: &found, stopAtFirst: false)
        var seen: Set<Int> = []
        return found.filter { seen.insert($0.route).inserted }
    }

    /// Appends what the walk meets to `found`, in precedence order; returns `true` to stop (the
    /// first match, when `stopAtFirst`).
    private func walk(
        _ candidates: [Candidate], _ segments: [String], depth: Int, found: inout [Match], stopAtFirst: Bool
    ) -> Bool {
        guard depth < segments.count else {
            for candidate in candidates where candidate.shape.count == depth {
                found.append(bind(candidate, segments))
                if stopAtFirst { return true }
            }
            return false
        }
        let value = segments[depth]
        let live = candidates.filter { $0.shape.count > depth }
        let literals = live.filter {
            if case .literal(let literal) = $0.shape[depth] { return fold(literal) == fold(value) }
            return false
        }
        if !literals.isEmpty,
            walk(literals, segments, depth: depth + 1, found: &found, stopAtFirst: stopAtFirst)
        {
            return true
        }

        var groups: [Reference.Rule: [Candidate]] = [:]
        for candidate in live {
            if case .parameter(_, let rule?) = candidate.shape[depth] {
                groups[rule, default: []].append(candidate)
            }
        }
        let ordered = groups.values.filter { group in
            guard case .parameter(_, let rule?) = group[0].shape[depth] else { return false }
            return rule.accepts(value)
        }.sorted { lhs, rhs in
            let (left, right) = (maxPriority(lhs), maxPriority(rhs))
            if left != right { return left > right }
            let (leftRoute, rightRoute) = (lhs.map(\.route).min()!, rhs.map(\.route).min()!)
            if leftRoute != rightRoute { return leftRoute < rightRoute }
            return lhs.map(\.ordinal).min()! < rhs.map(\.ordinal).min()!
        }
        for group in ordered {
            if walk(group, segments, depth: depth + 1, found: &found, stopAtFirst: stopAtFirst) {
                return true
            }
        }

        let plain = live.filter {
            if case .parameter(_, nil) = $0.shape[depth] { return true }
            return false
        }
        if !plain.isEmpty, walk(plain, segments, depth: depth + 1, found: &found, stopAtFirst: stopAtFirst) {
            return true
        }

        for candidate in live {
            guard case .glob = candidate.shape[depth] else { continue }
            found.append(bind(candidate, segments))
            if stopAtFirst { return true }
        }
        return false
    }

    private func maxPriority(_ group: [Candidate]) -> Int {
        group.map { routes[$0.route].priority }.max()!
    }

    private func bind(_ candidate: Candidate, _ segments: [String]) -> Match {
        var params: [String: [UInt8]] = [:]
        for (index, segment) in candidate.shape.enumerated() {
            switch segment {
            case .literal: break
            case .parameter(let name, _): params[name] = Array(segments[index].utf8)
            case .glob(let name): params[name] = Array(segments[index...].joined(separator: "/").utf8)
            }
        }
        return Match(route: candidate.route, params: params)
    }

    /// ASCII-only folding, when the router folds; bytes are compared, never `String`s.
    func fold(_ text: String) -> [UInt8] {
        caseSensitive ? Array(text.utf8) : text.utf8.map { (65...90).contains($0) ? $0 | 0x20 : $0 }
    }
}
