extension RouterStorage {
    /// The one resolver: parses `url`, runs the rewrites in order (each once), then walks the
    /// trie of `source`. ``Connection``, ``Router/explain(_:source:)`` and reverse routing come
    /// through here, and ``match(_:source:)`` through the same two paths.
    ///
    /// A bare path of plain bytes (most in-app links) skips the general parser, and a static one
    /// the walk too (``PlainPath``, ``StaticPaths``): both answer exactly as the general path
    /// would, which `FastPathTests` checks.
    @inline(__always)
    func resolve<Tracer: MatchTracer>(_ url: String, source: Source, tracer: inout Tracer) -> Resolution {
        // Each trie passed straight from its stored property: borrowed, not retained.
        if case .app = source { return resolve(url, source: source, trie: trie, tracer: &tracer) }
        return resolve(url, source: source, trie: publicTrie, tracer: &tracer)
    }

    @inline(__always)
    private func resolve<Tracer: MatchTracer>(
        _ url: String, source: Source, trie: Trie, tracer: inout Tracer
    ) -> Resolution {
        let triesPlainPath = rewrites.isEmpty && !tracer.wantsNotes
        if triesPlainPath {
            var plain = PlainPathShape()
            let code = plainPathLookup(url, source: source, trie: trie, shape: &plain)
            if code != PlainPathShape.notPlain {
                let parsed = ParsedURL(
                    string: url, path: 0..<plain.end, query: nil, segmentCount: plain.segmentCount)
                let resolved = ResolvedURL(parsed: parsed, rewrittenPath: nil)
                if code >= 0 { return .matched(staticMatch(code, trie: trie), resolved) }
                guard
                    let (terminal, captures) = walkPlainPath(
                        url, end: plain.end, source: source, trie: trie, tracer: &tracer)
                else { return .unmatched(resolved) }
                return .matched(makeMatch(terminal, captures, in: url, trie: trie), resolved)
            }
        }
        return resolveInFull(url, source: source, trie: trie, plainPathTried: triesPlainPath, tracer: &tracer)
    }

    /// ``resolve(_:source:tracer:)`` keeping only the match: the hot path of
    /// ``Router/match(_:source:)``, which builds no parsed URL for a plain path.
    @inline(__always)
    func match(_ url: String, source: Source) -> RouteMatch? {
        // Each trie passed straight from its stored property: borrowed, not retained.
        if case .app = source { return match(url, source: source, trie: trie) }
        return match(url, source: source, trie: publicTrie)
    }

    @inline(__always)
    private func match(_ url: String, source: Source, trie: Trie) -> RouteMatch? {
        var tracer = SilentTracer()
        if rewrites.isEmpty {
            var plain = PlainPathShape()
            let code = plainPathLookup(url, source: source, trie: trie, shape: &plain)
            if code >= 0 { return staticMatch(code, trie: trie) }
            if code == PlainPathShape.walk {
                guard
                    let (terminal, captures) = walkPlainPath(
                        url, end: plain.end, source: source, trie: trie, tracer: &tracer)
                else { return nil }
                return makeMatch(terminal, captures, in: url, trie: trie)
            }
        }
        guard rewrites.isEmpty else {
            guard
                case .matched(let match, _) = resolveInFull(url, source: source, trie: trie, tracer: &tracer)
            else { return nil }
            return match
        }
        // What `resolveInFull` does without rewrites, minus the parts only a request needs.
        guard case .success(let parsed) = URLParser.parse(url, served: served, plainPathTried: true),
            parsed.isServed
        else { return nil }
        var query: Query?
        let found = parsed.withUTF8 { bytes in
            walk(
                bytes, parsed: parsed, original: bytes, link: parsed, source: source, trie: trie,
                query: &query,
                tracer: &tracer)
        }
        guard let (terminal, captures) = found else { return nil }
        return makeMatch(terminal, captures, in: parsed.string, trie: trie)
    }

    /// The plain-path shortcut, first step: the terminal of a static route `url` reaches (0 or
    /// more), ``PlainPathShape/walk`` when the trie must decide, or ``PlainPathShape/notPlain``
    /// when the general parser must. A code rather than an optional match, so that the hot path
    /// builds and unwraps nothing twice.
    ///
    /// The static table first: a hit is a plain path (see ``StaticPaths``), so only a miss is
    /// scanned.
    @inline(__always)
    private func plainPathLookup(_ url: String, source: Source, trie: Trie, shape: inout PlainPathShape)
        -> Int
    {
        let limits = configuration.limits
        return url.utf8.withContiguousStorageIfAvailable { bytes -> Int in
            let end = PlainPath.routedEnd(of: bytes)
            guard end >= 0, bytes.count <= limits.urlBytes else { return PlainPathShape.notPlain }
            let hit = trie.staticPaths.lookup(bytes, end: end)
            guard hit.terminal >= 0 else {
                guard let scanned = PlainPath.scan(bytes, end: end), scanned.segmentCount <= limits.segments
                else { return PlainPathShape.notPlain }
                shape.end = end
                shape.segmentCount = scanned.segmentCount
                return PlainPathShape.walk
            }
            guard hit.segmentCount <= limits.segments else { return PlainPathShape.notPlain }
            shape.end = end
            shape.segmentCount = Int(hit.segmentCount)
            if trie.isPlain { return Int(hit.terminal) }
            let chosen = withLinkFilter(.path, query: nil, bytes: bytes, source: source, trie: trie) {
                $0.choose(hit.terminal)
            }
            return chosen >= 0 ? Int(chosen) : PlainPathShape.walk
        } ?? PlainPathShape.notPlain
    }

    /// The plain-path shortcut, second step: the walk of the path `0..<end` of `url`.
    @inline(__always)
    private func walkPlainPath<Tracer: MatchTracer>(
        _ url: String, end: Int, source: Source, trie: Trie, tracer: inout Tracer
    ) -> (terminal: Int, captures: CaptureList)? {
        url.utf8.withContiguousStorageIfAvailable { bytes in
            if trie.isPlain {
                var filter = FirstTerminal()
                return trie.matchIndex(bytes, source: url, path: 0..<end, filter: &filter, tracer: &tracer)
            }
            return withLinkFilter(.path, query: nil, bytes: bytes, source: source, trie: trie) { filter in
                trie.matchIndex(bytes, source: url, path: 0..<end, filter: &filter, tracer: &tracer)
            }
        } ?? nil
    }

    /// A static route's match: literal segments only, so no parameters and nothing refers to the URL.
    @inline(__always)
    private func staticMatch(_ terminal: Int, trie: Trie) -> RouteMatch {
        let routeIndex = trie.terminals[terminal].routeIndex
        return RouteMatch(
            route: routes[routeIndex], params: Parameters(), routeIndex: routeIndex, terminal: terminal)
    }

    /// Every check of the parser, the rewrites, then the walk: what ``resolve(_:source:tracer:)``
    /// does for a URL that is not a plain path (`FastPathTests` compares the two).
    func resolveInFull<Tracer: MatchTracer>(
        _ url: String, source: Source, trie: Trie, plainPathTried: Bool = false, tracer: inout Tracer
    ) -> Resolution {
        let (parsed, rewritten): (ParsedURL, ParsedURL?)
        switch prepare(url, plainPathTried: plainPathTried, tracer: &tracer) {
        case .rejected(let rejection): return .rejected(rejection)
        case .unserved(let unserved): return .unmatched(ResolvedURL(parsed: unserved, rewrittenPath: nil))
        case .routable(let link, let path): (parsed, rewritten) = (link, path)
        }
        var resolved = ResolvedURL(parsed: parsed, rewrittenPath: rewritten?.pathString)
        let found = withRoutedBytes(parsed, rewritten) { input, routed, original in
            walk(
                input, parsed: routed, original: original, link: parsed, source: source, trie: trie,
                query: &resolved.query, tracer: &tracer)
        }
        guard let (terminal, captures) = found else { return .unmatched(resolved) }
        return .matched(
            makeMatch(terminal, captures, in: rewritten?.string ?? parsed.string, trie: trie), resolved)
    }

    /// A URL parsed and rewritten, ready for a walk.
    enum PreparedURL {
        case rejected(RoutingError)
        /// Well formed, for a scheme or host the router does not serve: no route is for it.
        case unserved(ParsedURL)
        /// The link as received, and the bare path the rewrites produced when one applied.
        case routable(ParsedURL, rewritten: ParsedURL?)
    }

    /// The parser's checks, then the rewrites in order (each once).
    @inline(__always)
    func prepare<Tracer: MatchTracer>(_ url: String, plainPathTried: Bool, tracer: inout Tracer)
        -> PreparedURL
    {
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
            return .unserved(parsed)
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
                    RoutingError(
                        .badRequest, "rewrite '\(rewrite.name)' produced '\(path)', which is not a bare path")
                )
            case .failure(let rejection):
                return .rejected(
                    RoutingError(rejection.status, "after rewrite '\(rewrite.name)': \(rejection.message)"))
            }
        }
        return .routable(parsed, rewritten: rewritten)
    }

    /// Calls `body` with the bytes of the routed path (`rewritten`'s when a rewrite applied),
    /// the parsed URL they belong to, and the bytes of the link as received: the walk reads the
    /// routed path, while scopes and query conditions read the link.
    @inline(__always)
    func withRoutedBytes<Result>(
        _ parsed: ParsedURL, _ rewritten: ParsedURL?,
        _ body: (UnsafeBufferPointer<UInt8>, ParsedURL, UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        guard let rewritten else { return parsed.withUTF8 { bytes in body(bytes, parsed, bytes) } }
        return rewritten.withUTF8 { input in parsed.withUTF8 { original in body(input, rewritten, original) }
        }
    }

    /// Walks the path of `parsed` (whose bytes are `input`); `link`, whose bytes are `original`,
    /// is the URL as received, for scopes and query conditions.
    @inline(__always)
    private func walk<Tracer: MatchTracer>(
        _ input: UnsafeBufferPointer<UInt8>, parsed: ParsedURL, original: UnsafeBufferPointer<UInt8>,
        link: ParsedURL, source: Source, trie: Trie, query: inout Query?, tracer: inout Tracer
    ) -> (terminal: Int, captures: CaptureList)? {
        if trie.isPlain {
            var filter = FirstTerminal()
            return trie.matchIndex(
                input, source: parsed.string, path: parsed.path, filter: &filter, tracer: &tracer)
        }
        return withLinkFilter(link.link, query: link.query, bytes: original, source: source, trie: trie) {
            filter in
            defer { query = filter.query }
            return trie.matchIndex(
                input, source: parsed.string, path: parsed.path, filter: &filter, tracer: &tracer)
        }
    }

    /// Calls `body` with the filter for `link` (whose bytes are `bytes`), which borrows the trie's
    /// terminals and the router's scopes for the call.
    @inline(__always)
    func withLinkFilter<Result>(
        _ link: ParsedURL.Link, query: Range<Int>?, bytes: UnsafeBufferPointer<UInt8>, source: Source,
        trie: Trie, _ body: (inout LinkFilter) -> Result
    ) -> Result {
        trie.terminals.withUnsafeBufferPointer { terminals in
            scopes.withUnsafeBufferPointer { scopes in
                var filter = LinkFilter(
                    terminals: terminals, scopes: scopes, link: link, queryRange: query, bytes: bytes,
                    isExternal: source != .app, plusAsSpace: configuration.plusAsSpace)
                return body(&filter)
            }
        }
    }

    /// Reads the terminal's fields in place rather than copying it (each copy is reference counting).
    @inline(__always)
    func makeMatch(_ terminal: Int, _ captures: CaptureList, in string: String, trie: Trie)
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
