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
    /// ``Router/match(_:source:)``.
    func quickMatch(_ url: String, source: Source) -> RouteMatch? {
        guard rewrites.isEmpty else {
            var tracer = SilentTracer()
            guard case .matched(let match, _, _) = resolve(url, tracer: &tracer) else { return nil }
            return isReachable(match.routeIndex, from: source) ? match : nil
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
        source == .app || routes[routeIndex].isPublic
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
