#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fuzz target `segment-patterns`: on small random tables whose routes each hold one interesting
/// segment (literals and parameters in one segment, a glob with a tail or segments after it, an
/// optional part inside a segment or at the start), ``Router/match(_:source:)`` agrees with
/// ``SegmentReference`` on the route and every decoded parameter for random paths over the same
/// few characters (escaped or not, in long runs). For each match, ``Router/path(for:_:)`` with
/// those values (or some changed) either throws 400 where the reference says they cannot come
/// back, or gives a path that matches the route again with exactly those values. `Router.init`
/// refuses exactly the tables where a route loses every expansion to routes of its shape.
/// `SWITCHYARD_FUZZ_TRACE=1` prints each table, path and outcome: to see what the inputs of a
/// corpus exercise (`.build-fuzz/bin/segment-patterns -runs=0 <dir>`).
let segmentPatternsTrace = getenv("SWITCHYARD_FUZZ_TRACE") != nil

func fuzzSegmentPatterns(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let caseSensitive = input.pick(4) != 3
    let generated = (0..<input.pick([2, 1, 3, 4])).map { _ in input.segmentPatternRoute() }
    let table = generated.map(\.pattern).description
    let full = SegmentReference(routes: generated.map(\.reference), caseSensitive: caseSensitive)
    let refused = Set(full.refusedRoutes)
    let configuration = Router.Configuration(caseSensitive: caseSensitive)
    func routes(_ kept: [GeneratedRoute]) -> [Route] {
        kept.enumerated().map { index, route in
            Route(route.pattern, name: "r\(index)", priority: route.reference.priority) {
                Response(request: $0)
            }
        }
    }
    do {
        _ = try Router(routes: routes(generated), configuration: configuration)
        if !refused.isEmpty {
            finding("Router.init kept routes \(refused.sorted()) that lose every shape", table)
        }
    } catch {
        guard !refused.isEmpty else { finding("Router.init refused the table: \(error)", table) }
        if segmentPatternsTrace { print("refused \(table): \(error)") }
    }
    // Without the refused routes, the table is valid: no other route loses a shape to them.
    let kept = generated.indices.filter { !refused.contains($0) }.map { generated[$0] }
    let reference = SegmentReference(routes: kept.map(\.reference), caseSensitive: caseSensitive)
    let router: Router
    do {
        router = try Router(routes: routes(kept), configuration: configuration)
    } catch {
        finding("Router.init refused the table without its refused routes: \(error)", table)
    }
    for _ in 0..<1 + input.pick(4) {
        let path = input.segmentPatternPath(kept.map(\.reference))
        let context = "\(kept.map(\.pattern)) caseSensitive: \(caseSensitive) ← \(path)"
        let actual = router.match(path).map {
            SegmentReference.Match(
                route: $0.routeIndex,
                params: Dictionary(uniqueKeysWithValues: $0.params.map { ($0.name, $0.value) }))
        }
        guard case .success(let parsed) = URLParser.parse(path, served: ServedLinks(configuration)) else {
            if actual != nil { finding("a path the parser refuses matched", context) }
            continue
        }
        let expected = reference.match(segments(of: parsed.pathString))
        if segmentPatternsTrace { print("match \(context) → \(described(expected, kept))") }
        guard actual == expected else {
            finding("router \(described(actual, kept)), reference \(described(expected, kept))", context)
        }
        guard let actual else { continue }
        var params = actual.params
        for name in params.keys.sorted() where input.pick(4) == 3 {
            params[name] = input.segmentPatternValue()
        }
        checkReverse(router, reference, actual.route, params, kept, context)
    }
    return 0
}

/// `path(for:)` throws exactly when the reference's path would not bring the route and values
/// back (the model refuses the values, the parser refuses the path, or another route takes it),
/// and otherwise gives a path that matches back to them.
private func checkReverse(
    _ router: Router, _ reference: SegmentReference, _ route: Int, _ params: [String: String],
    _ kept: [GeneratedRoute], _ context: String
) {
    let wanted = SegmentReference.Match(route: route, params: params)
    let modelPath = reference.path(route, params)
    var comesBack = false
    if let modelPath,
        case .success(let parsed) = URLParser.parse(modelPath, served: ServedLinks(router.configuration))
    {
        comesBack = reference.match(segments(of: parsed.pathString)) == wanted
    }
    let description =
        "path(for: \(kept[route].pattern), \(params)) in \(context); the model's path: \(modelPath ?? "none")"
    let path: String
    do {
        path = try router.path(for: "r\(route)", params)
        if segmentPatternsTrace { print("  reverse \(params) → \(path)") }
    } catch let error as RoutingError {
        if segmentPatternsTrace { print("  reverse \(params) → \(error)") }
        guard error.status == .badRequest else { finding("path(for:) threw \(error)", description) }
        if comesBack { finding("path(for:) threw \(error)", description) }
        return
    } catch {
        finding("path(for:) threw a \(type(of: error))", description)
    }
    if !comesBack {
        finding("path(for:) gave \(path) where the reference says the values cannot come back", description)
    }
    let back = router.match(path).map {
        SegmentReference.Match(
            route: $0.routeIndex,
            params: Dictionary(uniqueKeysWithValues: $0.params.map { ($0.name, $0.value) }))
    }
    guard back == wanted else { finding("\(path) matches back as \(described(back, kept))", description) }
}

private func described(_ match: SegmentReference.Match?, _ routes: [GeneratedRoute]) -> String {
    match.map { "\(routes[$0.route].pattern) \($0.params)" } ?? "no match"
}

/// A route as pattern text for the router and as hand-expanded shapes for the reference.
struct GeneratedRoute {
    let pattern: String
    let reference: SegmentReference.Route
}

/// A piece of a generated segment; a glob only comes first.
private enum Token {
    case literal(String)
    case parameter(String, constraint: String?)
    case glob(String, constraint: String?)
}

extension FuzzInput {
    /// Literal chunks and path text share these few characters, so that values often hold the
    /// literals that end them.
    static let patternChunks = ["a", "-", ".", "ab", "x.", "1", ":", "b", "é"]
    static let pathChunks = [
        "a", "b", "-", ".", "x", "1", "12", ":", "A", "X", "ab", "x.", "%2D", "%2E", "%2e", "%61", "%41",
        "%3A", "%2F", "é", "%C3%A9",
    ]

    mutating func segmentPatternRoute() -> GeneratedRoute {
        var parameters = 0
        func parameter(_ input: inout FuzzInput, constrained: Bool) -> Token {
            defer { parameters += 1 }
            let constraint: String? =
                constrained ? (input.pick(3) == 0 ? "alpha" : "int") : (input.pick(6) == 5 ? "int" : nil)
            return .parameter("p\(parameters)", constraint: constraint)
        }
        var segments: [[Token]] = []
        switch pick(5) {
        case 0, 1: break
        case 2, 3: segments.append([.literal(pick(["a", "ab"]))])
        default: segments.append([parameter(&self, constrained: false)])
        }
        // The interesting segment.
        var hasGlob = false
        var interesting: [Token]
        switch pick(10) {
        case 0..<5:
            interesting = []
            var isLiteral = pick(2) == 0
            for _ in 0..<2 + pick(4) {
                interesting.append(
                    isLiteral ? .literal(literalChunk()) : parameter(&self, constrained: false))
                isLiteral.toggle()
            }
        case 5, 6:
            hasGlob = true
            interesting = [.glob("g", constraint: pick(8) == 7 ? pick(["int", "alpha"]) : nil)]
            if pick(3) != 0 {
                var isLiteral = true
                for _ in 0..<1 + pick(3) {
                    interesting.append(
                        isLiteral ? .literal(literalChunk()) : parameter(&self, constrained: false))
                    isLiteral.toggle()
                }
            }
        case 7: interesting = [parameter(&self, constrained: false)]
        case 8: interesting = [parameter(&self, constrained: true)]
        default: interesting = [.literal(literalSegment())]
        }
        let interestingIndex = segments.count
        segments.append(interesting)
        for _ in 0..<(hasGlob ? pick(3) : (pick(4) == 0 ? 1 : 0)) {
            segments.append([pick(2) == 0 ? .literal(literalSegment()) : parameter(&self, constrained: false)]
            )
        }
        // At most one optional part: a suffix of the interesting segment, or a whole segment.
        var expansions = [segments]
        var parts: [String] = []
        for segment in segments { parts.append("/" + render(segment)) }
        switch pick(4) {
        case 2:
            var suffix: [Token] = [.literal(literalChunk())]
            if pick(2) == 0 { suffix.append(parameter(&self, constrained: false)) }
            if suffix.count == 2 && pick(3) == 0 { suffix.append(.literal(literalChunk())) }
            var with = segments
            with[interestingIndex] += suffix
            expansions.append(with)
            parts[interestingIndex] += "(" + render(suffix, afterName: true) + ")"
        case 3:
            let position = pick(segments.count + 1)
            let optional: [Token] =
                !hasGlob && position == segments.count && pick(2) == 0
                ? [.glob("g", constraint: nil)]
                : [pick(2) == 0 ? .literal(literalSegment()) : parameter(&self, constrained: pick(4) == 0)]
            var with = segments
            with.insert(optional, at: position)
            expansions.append(with)
            parts.insert("(/" + render(optional) + ")", at: position)
        default: break
        }
        let pattern = parts.joined()
        return GeneratedRoute(
            pattern: pattern,
            reference: SegmentReference.Route(
                priority: pick(4) == 3 ? 1 : 0, expansions: expansions.map { $0.map(Self.referenceSegment) }))
    }

    private mutating func literalChunk() -> String {
        (0..<1 + pick(2)).map { _ in pick(Self.patternChunks) }.joined()
    }

    /// A literal chunk that can be a whole segment: never `.` or `..`.
    private mutating func literalSegment() -> String {
        let chunk = literalChunk()
        return chunk == "." || chunk == ".." ? chunk + "a" : chunk
    }

    /// Pattern text for `tokens`: `\` before `:`, `*`, `(`, `)` and `\`, before a literal's first
    /// letter or digit after a name (or at the start of an optional part after one), and at
    /// random before other characters, which it leaves as they are.
    private mutating func render(_ tokens: [Token], afterName: Bool = false) -> String {
        var text = ""
        var afterName = afterName
        for token in tokens {
            switch token {
            case .literal(let literal):
                for (offset, character) in literal.enumerated() {
                    let continuesName = offset == 0 && afterName && (character.isLetter || character.isNumber)
                    text += ":*()\\".contains(character) || continuesName || pick(8) == 7 ? "\\" : ""
                    text.append(character)
                }
                afterName = false
            case .parameter(let name, let constraint):
                text += ":" + name + (constraint.map { "(\($0))" } ?? "")
                afterName = true
            case .glob(let name, let constraint):
                text += "*" + name + (constraint.map { "(\($0))" } ?? "")
                afterName = true
            }
        }
        return text
    }

    /// The reference's reading of one segment's tokens: adjacent literals merged.
    private static func referenceSegment(_ tokens: [Token]) -> SegmentReference.Segment {
        var pieces: [SegmentReference.Piece] = []
        var glob: (String, String?)?
        for token in tokens {
            switch token {
            case .literal(let text):
                if case .literal(let previous)? = pieces.last {
                    pieces[pieces.count - 1] = .literal(previous + text)
                } else {
                    pieces.append(.literal(text))
                }
            case .parameter(let name, let constraint): pieces.append(.parameter(name, constraint: constraint))
            case .glob(let name, let constraint): glob = (name, constraint)
            }
        }
        if let glob { return .glob(glob.0, constraint: glob.1, tail: pieces) }
        if pieces.count == 1, case .literal(let text) = pieces[0] { return .literal(text) }
        if pieces.count == 1, case .parameter(let name, let constraint) = pieces[0] {
            return .parameter(name, constraint: constraint)
        }
        return .pieces(pieces)
    }

    /// A path: mostly one an expansion of `routes` could take (its literals, some in capitals or
    /// escaped, random text for its parameters and globs), else random; one to five segments over
    /// the patterns' characters, some escaped, some long runs of one separator.
    mutating func segmentPatternPath(_ routes: [SegmentReference.Route]) -> String {
        var segments: [String] = []
        if pick(3) == 2 || routes.isEmpty {
            for _ in 0..<1 + pick(5) { segments.append(pathText()) }
            return "/" + segments.joined(separator: "/")
        }
        let route = pick(routes)
        for segment in pick(route.expansions) {
            switch segment {
            case .literal(let literal): segments.append(spelled(literal))
            case .parameter: segments.append(pathText())
            case .pieces(let pieces): segments.append(text(pieces))
            case .glob(_, _, let tail):
                for _ in 0..<pick(3) { segments.append(pathText()) }
                segments.append(pathText() + text(tail))
            }
        }
        // A trailing `/` and a query leave the routed path as it is.
        return "/" + segments.joined(separator: "/") + pick(["", "", "", "", "", "", "/", "?q=a/b"])
    }

    private mutating func text(_ pieces: [SegmentReference.Piece]) -> String {
        var text = ""
        for piece in pieces {
            switch piece {
            case .literal(let literal): text += spelled(literal)
            case .parameter: text += pathText()
            }
        }
        return text
    }

    private mutating func spelled(_ literal: String) -> String {
        switch pick(6) {
        case 4: literal.uppercased()
        case 5: FuzzInput.percentEncoded(literal, every: true)
        default: literal
        }
    }

    /// Text for a parameter or a random segment.
    private mutating func pathText() -> String {
        var text = ""
        if pick(8) == 7 {
            text = String(repeating: pick(["-", ".", "a-", "x.", "%2D", "ab"]), count: 1 + pick(64))
        }
        for _ in 0..<1 + pick(3) { text += pick(Self.pathChunks) }
        return text
    }

    /// A value to put in place of a matched one: often holding a literal, sometimes empty, a
    /// `/`, a dot segment, `%` or non-ASCII.
    mutating func segmentPatternValue() -> String {
        switch pick(6) {
        case 4: return pick(["/", ".", "..", "%", "é", "a/b", "a//b", "/a", "a/", "a/.", "A", "1-2"])
        case 5: return ""
        default:
            var value = ""
            for _ in 0..<1 + pick(4) { value += pick(Self.patternChunks + ["/", "%", "é", "A"]) }
            return value
        }
    }
}
