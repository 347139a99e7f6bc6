/// What the router makes of a URL before any stage runs: parsed, rewritten, matched.
enum Resolution: Sendable {
    /// The URL is malformed, over a limit, or for a scheme or host the router does not serve.
    case rejected(URLRejection)
    /// Nothing matched `path`.
    case unmatched(path: String, parsed: ParsedURL)
    /// `match` is the winning route; access has not been checked yet.
    case matched(RouteMatch, path: String, parsed: ParsedURL)
}

extension RouterStorage {
    /// Parses `url`, runs the rewrites in order (each once), then walks the trie.
    func resolve<Tracer: MatchTracer>(_ url: String, tracer: inout Tracer) -> Resolution {
        let parsed: ParsedURL
        switch URLParser.parse(url, configuration: configuration) {
        case .success(let value): parsed = value
        case .failure(let rejection): return .rejected(rejection)
        }
        if tracer.wantsNotes { tracer.note(depth: 0, "normalized path: \(parsed.pathString)") }
        var string = parsed.string
        var path = parsed.path
        for rewrite in rewrites {
            guard let rewritten = rewrite.apply(to: string, path: path) else {
                if tracer.wantsNotes { tracer.note(depth: 0, "rewrite \(rewrite.name): does not apply") }
                continue
            }
            switch URLParser.parse(rewritten, configuration: configuration) {
            case .success(let value) where value.query == nil && rewritten.hasPrefix("/"):
                if tracer.wantsNotes {
                    tracer.note(depth: 0, "rewrite \(rewrite.name): now \(value.pathString)")
                }
                string = value.string
                path = value.path
            case .success:
                return .rejected(
                    URLRejection(
                        status: .badRequest,
                        reason: "rewrite '\(rewrite.name)' produced '\(rewritten)', which is not a bare path")
                )
            case .failure(let rejection):
                return .rejected(
                    URLRejection(
                        status: rejection.status,
                        reason: "after rewrite '\(rewrite.name)': \(rejection.reason)"))
            }
        }
        let pathString = path == parsed.path ? parsed.pathString : Self.pathString(string, path)
        guard let (terminal, captures) = trie.matchIndex(string, path: path, tracer: &tracer) else {
            return .unmatched(path: pathString, parsed: parsed)
        }
        return .matched(makeMatch(terminal, captures, in: string), path: pathString, parsed: parsed)
    }

    /// The route a URL reaches for `source`, without building path strings: the hot path of
    /// ``Router/match(_:source:)``, inlined there.
    @inline(__always)
    func quickMatch(_ url: String, source: Source) -> RouteMatch? {
        guard rewrites.isEmpty else {
            var tracer = SilentTracer()
            guard case .matched(let match, _, _) = resolve(url, tracer: &tracer) else { return nil }
            return isReachable(match.routeIndex, from: source) ? match : nil
        }
        // Plain paths (most in-app links) skip the general parser, and static routes the walk.
        // The closure answers with a code (a terminal for a static path) rather than a match, so
        // that no optional `RouteMatch` is built and unwrapped twice on the way out.
        var end = 0
        let code =
            url.utf8.withContiguousStorageIfAvailable { bytes -> Int in
                let limits = configuration.limits
                guard bytes.count <= limits.urlBytes,
                    let plain = PlainPath.scan(bytes, folding: trie.isFolding),
                    plain.segmentCount <= limits.segments
                else { return QuickCode.undecided }
                let terminal = trie.staticPaths.terminal(bytes, end: plain.end, hash: plain.hash)
                if terminal >= 0 { return Int(terminal) }
                end = plain.end
                return QuickCode.walk
            } ?? QuickCode.undecided
        if code >= 0 {
            // Literal segments only: no parameters, so nothing refers to `url`.
            let routeIndex = trie.terminals[code].routeIndex
            guard isReachable(routeIndex, from: source) else { return nil }
            return RouteMatch(route: routes[routeIndex], params: Parameters(), routeIndex: routeIndex)
        }
        if code == QuickCode.walk {
            var tracer = SilentTracer()
            guard
                let (terminal, captures) = url.utf8.withContiguousStorageIfAvailable({ bytes in
                    trie.matchIndex(bytes, source: url, path: 0..<end, tracer: &tracer)
                }) ?? nil,
                isReachable(trie.terminals[terminal].routeIndex, from: source)
            else { return nil }
            return makeMatch(terminal, captures, in: url)
        }
        guard case .success(let parsed) = URLParser.parse(url, configuration: configuration) else {
            return nil
        }
        var tracer = SilentTracer()
        guard let (terminal, captures) = trie.matchIndex(parsed.string, path: parsed.path, tracer: &tracer),
            isReachable(trie.terminals[terminal].routeIndex, from: source)
        else { return nil }
        return makeMatch(terminal, captures, in: parsed.string)
    }

    /// Reads the terminal's fields in place rather than copying it (each copy is reference counting).
    @inline(__always)
    private func makeMatch(_ terminal: Int, _ captures: CaptureList, in string: String) -> RouteMatch {
        let routeIndex = trie.terminals[terminal].routeIndex
        let params = Parameters(
            source: string, keys: trie.terminals[terminal].keys, captures: captures,
            globIndex: trie.terminals[terminal].globIndex)
        return RouteMatch(route: routes[routeIndex], params: params, routeIndex: routeIndex)
    }

    /// Private routes are invisible from outside.
    @inline(__always)
    func isReachable(_ routeIndex: Int, from source: Source) -> Bool {
        if case .app = source { return true }
        return routes[routeIndex].isPublic
    }

    static func pathString(_ string: String, _ path: Range<Int>) -> String {
        if path.isEmpty { return "/" }
        let utf8 = string.utf8
        return String(
            Substring(
                utf8[
                    utf8.index(
                        utf8.startIndex, offsetBy: path.lowerBound)..<utf8.index(
                            utf8.startIndex, offsetBy: path.upperBound)]))
    }
}

/// What the plain-path shortcut of ``RouterStorage/quickMatch(_:source:)`` decided, besides a
/// terminal index (0 or more) for a static path.
private enum QuickCode {
    /// Not a plain path: the general parser decides.
    static let undecided = -1
    /// A plain path that no static route has: the trie decides.
    static let walk = -2
}
