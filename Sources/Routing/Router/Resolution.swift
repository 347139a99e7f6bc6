/// What the router makes of a URL before any stage runs: parsed, rewritten, matched.
enum Resolution: Sendable {
    /// The URL is malformed, over a limit, or for a scheme that never names an app.
    case rejected(URLRejection)
    /// No route is for this URL (its scheme or host may not even be served).
    case unmatched(ResolvedURL)
    /// `match` is the route the URL reaches from the source it was resolved for.
    case matched(RouteMatch, ResolvedURL)
}

/// A URL as the router read it: parsed, and the path that was routed after rewrites.
struct ResolvedURL: Sendable {
    /// The URL as received: its link kind, query and fragment.
    let parsed: ParsedURL
    /// The bare path a rewrite produced, when one applied.
    let rewritten: ParsedURL?
    /// The decoded query, when a query condition already decoded it.
    var query: Query? = nil

    /// The normalized path that was routed, after rewrites (``Request/path``).
    var path: String { (rewritten ?? parsed).pathString }
}

extension RouterStorage {
    /// The one resolver: parses `url`, runs the rewrites in order (each once), then walks the
    /// trie of `source`. ``Connection``, ``Router/match(_:source:)``, ``Router/explain(_:source:)``
    /// and reverse routing all come through here.
    ///
    /// A bare path of plain bytes (most in-app links) skips the general parser, and a static one
    /// the walk too (``PlainPath``, ``StaticPaths``): both answer exactly as the general path
    /// would, which `FastPathTests` checks.
    @inline(__always)
    func resolve<Tracer: MatchTracer>(_ url: String, source: Source, tracer: inout Tracer) -> Resolution {
        let trie = trie(for: source)
        let triesPlainPath = rewrites.isEmpty && !tracer.wantsNotes
        if triesPlainPath, let resolution = resolvePlainPath(url, source: source, trie: trie, tracer: &tracer)
        {
            return resolution
        }
        return resolveInFull(url, source: source, trie: trie, plainPathTried: triesPlainPath, tracer: &tracer)
    }

    /// The plain-path shortcut, or `nil` when `url` is not a plain path.
    @inline(__always)
    private func resolvePlainPath<Tracer: MatchTracer>(
        _ url: String, source: Source, trie: Trie, tracer: inout Tracer
    ) -> Resolution? {
        var plain: ParsedURL?
        let limits = configuration.limits
        let found =
            url.utf8.withContiguousStorageIfAvailable { bytes -> (terminal: Int, captures: CaptureList)? in
                guard bytes.count <= limits.urlBytes,
                    let scanned = PlainPath.scan(bytes, folding: trie.isFolding),
                    scanned.segmentCount <= limits.segments
                else { return nil }
                let parsed = ParsedURL(
                    string: url, path: 0..<scanned.end, query: nil, segmentCount: scanned.segmentCount)
                plain = parsed
                let group = trie.staticPaths.terminal(bytes, end: scanned.end, hash: scanned.hash)
                if group >= 0 {
                    let chosen =
                        trie.isPlain
                        ? group : choose(group, parsed: parsed, bytes: bytes, source: source, trie: trie)
                    // Literal segments only: nothing to capture.
                    if chosen >= 0 { return (Int(chosen), CaptureList()) }
                }
                return walk(
                    bytes, parsed: parsed, original: bytes, link: parsed, source: source, trie: trie,
                    tracer: &tracer)
            } ?? nil
        guard let plain else { return nil }
        let resolved = ResolvedURL(parsed: plain, rewritten: nil)
        guard let (terminal, captures) = found else { return .unmatched(resolved) }
        return .matched(makeMatch(terminal, captures, in: url, trie: trie), resolved)
    }

    /// Every check of the parser, the rewrites, then the walk: what ``resolve(_:source:tracer:)``
    /// does for a URL that is not a plain path (`FastPathTests` compares the two).
    func resolveInFull<Tracer: MatchTracer>(
        _ url: String, source: Source, trie: Trie, plainPathTried: Bool = false, tracer: inout Tracer
    ) -> Resolution {
        let parsed: ParsedURL
        switch URLParser.parse(url, served: served, plainPathTried: plainPathTried) {
        case .success(let value): parsed = value
        case .failure(let rejection): return .rejected(rejection)
        }
        if tracer.wantsNotes { tracer.note(depth: 0, "normalized path: \(parsed.pathString)") }
        guard parsed.isServed else {
            if tracer.wantsNotes {
                let what = if case .web = parsed.link { "host" } else { "scheme" }
                tracer.note(depth: 0, "the router does not serve this \(what): no route is for this link")
            }
            return .unmatched(ResolvedURL(parsed: parsed, rewritten: nil))
        }
        var rewritten: ParsedURL?
        for rewrite in rewrites {
            let current = rewritten ?? parsed
            guard let path = rewrite.apply(to: current.string, path: current.path) else {
                if tracer.wantsNotes { tracer.note(depth: 0, "rewrite \(rewrite.name): does not apply") }
                continue
            }
            switch URLParser.parse(path, served: served) {
            case .success(let value) where value.query == nil && value.link == .path:
                if tracer.wantsNotes {
                    tracer.note(depth: 0, "rewrite \(rewrite.name): now \(value.pathString)")
                }
                rewritten = value
            case .success:
                return .rejected(
                    URLRejection(
                        status: .badRequest,
                        reason: "rewrite '\(rewrite.name)' produced '\(path)', which is not a bare path"))
            case .failure(let rejection):
                return .rejected(
                    URLRejection(
                        status: rejection.status,
                        reason: "after rewrite '\(rewrite.name)': \(rejection.reason)"))
            }
        }
        let resolved = ResolvedURL(parsed: parsed, rewritten: rewritten)
        let routed = rewritten ?? parsed
        // The walk reads the routed path; scope and query conditions read the link as received.
        let found = routed.withUTF8 { input in
            parsed.withUTF8 { original in
                walk(
                    input, parsed: routed, original: original, link: parsed, source: source, trie: trie,
                    tracer: &tracer)
            }
        }
        guard let (terminal, captures) = found else { return .unmatched(resolved) }
        return .matched(makeMatch(terminal, captures, in: routed.string, trie: trie), resolved)
    }

    /// Walks the path of `parsed` (whose bytes are `input`); `link`, whose bytes are `original`,
    /// is the URL as received, for scopes and query conditions.
    @inline(__always)
    private func walk<Tracer: MatchTracer>(
        _ input: UnsafeBufferPointer<UInt8>, parsed: ParsedURL, original: UnsafeBufferPointer<UInt8>,
        link: ParsedURL, source: Source, trie: Trie, tracer: inout Tracer
    ) -> (terminal: Int, captures: CaptureList)? {
        if trie.isPlain {
            var filter = FirstTerminal()
            return trie.matchIndex(
                input, source: parsed.string, path: parsed.path, filter: &filter, tracer: &tracer)
        }
        var filter = linkFilter(link, bytes: original, source: source, trie: trie)
        return trie.matchIndex(
            input, source: parsed.string, path: parsed.path, filter: &filter, tracer: &tracer)
    }

    private func choose(
        _ group: Int32, parsed: ParsedURL, bytes: UnsafeBufferPointer<UInt8>, source: Source, trie: Trie
    ) -> Int32 {
        var filter = linkFilter(parsed, bytes: bytes, source: source, trie: trie)
        return filter.choose(group)
    }

    private func linkFilter(_ link: ParsedURL, bytes: UnsafeBufferPointer<UInt8>, source: Source, trie: Trie)
        -> LinkFilter
    {
        LinkFilter(
            terminals: trie.terminals, scopes: scopes, parsed: link, bytes: bytes, isExternal: source != .app,
            plusAsSpace: configuration.plusAsSpace)
    }

    /// Reads the terminal's fields in place rather than copying it (each copy is reference counting).
    @inline(__always)
    private func makeMatch(_ terminal: Int, _ captures: CaptureList, in string: String, trie: Trie)
        -> RouteMatch
    {
        let routeIndex = trie.terminals[terminal].routeIndex
        let params = Parameters(
            source: string, keys: trie.terminals[terminal].keys, captures: captures,
            globIndex: trie.terminals[terminal].globIndex)
        return RouteMatch(
            route: routes[routeIndex], params: params, routeIndex: routeIndex, terminal: terminal)
    }
}
