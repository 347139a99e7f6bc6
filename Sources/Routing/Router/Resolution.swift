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
        guard let (terminal, captures) = trie.match(string, path: path, tracer: &tracer) else {
            return .unmatched(path: pathString, parsed: parsed)
        }
        let params = Parameters(
            source: string, keys: terminal.keys, captures: captures, globIndex: terminal.globIndex)
        let match = RouteMatch(
            route: routes[terminal.routeIndex], params: params, routeIndex: terminal.routeIndex)
        return .matched(match, path: pathString, parsed: parsed)
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
        guard let (terminal, captures) = trie.match(parsed.string, path: parsed.path, tracer: &tracer),
            isReachable(terminal.routeIndex, from: source)
        else { return nil }
        let params = Parameters(
            source: parsed.string, keys: terminal.keys, captures: captures, globIndex: terminal.globIndex)
        return RouteMatch(route: routes[terminal.routeIndex], params: params, routeIndex: terminal.routeIndex)
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
