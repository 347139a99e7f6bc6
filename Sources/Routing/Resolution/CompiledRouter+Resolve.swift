extension CompiledRouter {
    /// What the router makes of `url` from `source`: parsed and rewritten once (``prepare(_:tracer:)``),
    /// then the first match of the one lookup in the trie of `source`. ``Connection``,
    /// ``Router/match(_:source:)``, explain and reverse routing come through here.
    ///
    /// A bare path the shortcut settles (``ShortcutPath``, most in-app links) skips the general parser, and a static one
    /// the walk too (``shortcutLookup(_:source:trie:)``): both answer exactly as the general path
    /// would, which `FastPathTests` checks.
    @inline(__always)
    func resolve<Tracer: MatchTracer>(_ url: String, source: Source, tracer: inout Tracer) -> Resolution {
        if readsProtocolRelative {
            return resolveReadingProtocolRelative(url, source: source, tracer: &tracer)
        }
        // Each trie passed straight from its stored property: borrowed, not retained.
        if case .app = source { return resolve(url, source: source, trie: trie, tracer: &tracer) }
        return resolve(url, source: source, trie: publicTrie, tracer: &tracer)
    }

    /// ``resolve(_:source:tracer:)`` with nothing to trace.
    func resolve(_ url: String, source: Source) -> Resolution {
        var tracer = SilentTracer()
        return resolve(url, source: source, tracer: &tracer)
    }

    /// ``resolve(_:source:tracer:)`` for a URL already parsed and rewritten: a redirect's location,
    /// parsed when the redirect was classified, or explain's URL.
    @inline(__always)
    func resolve<Tracer: MatchTracer>(_ prepared: PreparedURL, source: Source, tracer: inout Tracer)
        -> Resolution
    {
        if case .app = source { return resolve(prepared, source: source, trie: trie, tracer: &tracer) }
        return resolve(prepared, source: source, trie: publicTrie, tracer: &tracer)
    }

    /// ``resolve(_:source:tracer:)`` keeping only the match: the hot path of
    /// ``Router/match(_:source:)``, which builds no resolved URL unless a rewrite needs one.
    @inline(__always)
    func match(_ url: String, source: Source) -> RouteMatch? {
        if readsProtocolRelative { return matchReadingProtocolRelative(url, source: source) }
        // Each trie passed straight from its stored property: borrowed, not retained.
        if case .app = source { return match(url, source: source, trie: trie) }
        return match(url, source: source, trie: publicTrie)
    }

    @inline(__always)
    func match(_ url: String, source: Source, trie: Trie) -> RouteMatch? {
        // Rewrites, and squeezing empty segments, change the routed path: the whole resolution.
        guard matchesInPlace else {
            var tracer = SilentTracer()
            guard case .matched(let match, _) = resolve(url, source: source, trie: trie, tracer: &tracer)
            else { return nil }
            return match
        }
        // The walk's result leaves each closure as it is, and the match is made outside: a
        // `RouteMatch` returned through `withContiguousStorageIfAvailable` is copied twice.
        var tracer = SilentTracer()
        switch shortcutLookup(url, source: source, trie: trie) {
        case .found(let terminal, _, _):
            return staticMatch(terminal, trie: trie)
        case .walk(let end, _):
            guard let (terminal, captures) = walk(url, end: end, source: source, trie: trie, tracer: &tracer)
            else { return nil }
            return makeMatch(terminal, captures, in: url, trie: trie)
        case .parse:
            guard case .success(let parsed) = URLParser.parse(url, served: served, shortcutTried: true),
                parsed.isServed
            else { return nil }
            let found = parsed.withUTF8 { bytes in
                firstWalk(
                    bytes, string: parsed.string, path: parsed.path, link: parsed.link,
                    queryRange: parsed.query,
                    source: source, trie: trie, tracer: &tracer)
            }
            guard let (terminal, captures) = found else { return nil }
            let match = makeMatch(terminal, captures, in: parsed.string, trie: trie)
            return hasHostParameters ? withHostParameters(match, link: parsed) : match
        }
    }

    /// The first match of a bare path the shortcut found (`0..<end` of `url`), walked from the
    /// string's own bytes: nothing else of a resolved URL is needed.
    @inline(__always)
    private func walk<Tracer: MatchTracer>(
        _ url: String, end: Int, source: Source, trie: Trie, tracer: inout Tracer
    ) -> (terminal: Int, captures: CaptureList)? {
        url.utf8.withContiguousStorageIfAvailable { bytes in
            firstWalk(
                bytes, string: url, path: 0..<end, link: .path, queryRange: nil, source: source, trie: trie,
                tracer: &tracer)
        } ?? nil
    }

    /// The one lookup's first match in a URL no rewrite changed, whose bytes are `bytes`.
    @inline(__always)
    private func firstWalk<Tracer: MatchTracer>(
        _ bytes: UnsafeBufferPointer<UInt8>, string: String, path: Range<Int>, link: ParsedURL.Link,
        queryRange: Range<Int>?, source: Source, trie: Trie, tracer: inout Tracer
    ) -> (terminal: Int, captures: CaptureList)? {
        var query: Query?
        return lookup(
            bytes, string: string, path: path, link: link, queryRange: queryRange, linkBytes: bytes,
            query: &query,
            source: source, trie: trie, for: FirstMatch(), tracer: &tracer)
    }

    @inline(__always)
    func resolve<Tracer: MatchTracer>(
        _ url: String, source: Source, trie: Trie, tracer: inout Tracer
    ) -> Resolution {
        let triesShortcut = rewrites.isEmpty && !tracer.wantsNotes
        if triesShortcut {
            switch shortcutLookup(url, source: source, trie: trie) {
            case .parse:
                break
            case .found(let terminal, let end, let segmentCount):
                let parsed = ParsedURL(string: url, path: 0..<end, query: nil, segmentCount: segmentCount)
                return .matched(
                    staticMatch(terminal, trie: trie), ResolvedURL(parsed: parsed, rewrittenPath: nil))
            case .walk(let end, let segmentCount):
                let parsed = ParsedURL(string: url, path: 0..<end, query: nil, segmentCount: segmentCount)
                let resolved = ResolvedURL(parsed: parsed, rewrittenPath: nil)
                guard
                    let (terminal, captures) = walk(
                        url, end: end, source: source, trie: trie, tracer: &tracer)
                else { return .unmatched(resolved) }
                return .matched(makeMatch(terminal, captures, in: url, trie: trie), resolved)
            }
        }
        return resolve(
            prepare(url, shortcutTried: triesShortcut, tracer: &tracer), source: source, trie: trie,
            tracer: &tracer)
    }

    @inline(__always)
    private func resolve<Tracer: MatchTracer>(
        _ prepared: PreparedURL, source: Source, trie: Trie, tracer: inout Tracer
    ) -> Resolution {
        switch prepared {
        case .rejected(let rejection): return .rejected(rejection)
        case .unserved(let resolved): return .unmatched(resolved)
        case .routable(var resolved):
            guard
                let (terminal, captures) = lookup(
                    &resolved, source: source, trie: trie, for: FirstMatch(), tracer: &tracer)
            else { return .unmatched(resolved) }
            return .matched(
                makeMatch(terminal, captures, in: resolved.routedString, trie: trie, link: resolved.parsed),
                resolved)
        }
    }

    /// The shortcut for bare paths: the terminal of a static route `url` reaches, a path only the
    /// walk can settle, or ``ShortcutLookup/parse`` when the general parser must decide.
    ///
    /// The static table first: a hit is a shortcut path (see ``StaticPaths``), so only a miss is
    /// scanned.
    @inline(__always)
    func shortcutLookup(_ url: String, source: Source, trie: Trie) -> ShortcutLookup {
        let limits = configuration.limits
        return url.utf8.withContiguousStorageIfAvailable { bytes -> ShortcutLookup in
            let end = ShortcutPath.routedEnd(of: bytes)
            guard end >= 0, bytes.count <= limits.urlBytes else { return .parse }
            let hit = trie.staticPaths.lookup(bytes, end: end)
            guard hit.terminal >= 0 else {
                guard let scanned = ShortcutPath.scan(bytes, end: end),
                    scanned.segmentCount <= limits.segments
                else { return .parse }
                return .walk(end: end, segmentCount: scanned.segmentCount)
            }
            let segmentCount = Int(hit.segmentCount)
            guard segmentCount <= limits.segments else { return .parse }
            if trie.walksUnfiltered {
                return .found(terminal: Int(hit.terminal), end: end, segmentCount: segmentCount)
            }
            let chosen = withLinkFilter(
                .path, queryRange: nil, bytes: bytes, routed: bytes, source: source, trie: trie
            ) {
                $0.choose(hit.terminal, after: -1, captures: CaptureList(), glob: nil)
            }
            guard chosen >= 0 else { return .walk(end: end, segmentCount: segmentCount) }
            return .found(terminal: Int(chosen), end: end, segmentCount: segmentCount)
        } ?? .parse
    }

    /// A static route's match: literal segments only, so no parameters and nothing refers to the URL.
    @inline(__always)
    private func staticMatch(_ terminal: Int, trie: Trie) -> RouteMatch {
        let routeIndex = trie.terminals[terminal].routeIndex
        return RouteMatch(
            route: routes[routeIndex], params: Parameters(), routeIndex: routeIndex, terminal: terminal)
    }

    /// Parses `url` with every check of the parser, then runs the rewrites in order (each once):
    /// the one time a request's URL is read as a string. `shortcutTried`: the caller already found
    /// that `url` is not a path the shortcut settles.
    @inline(__always)
    func prepare<Tracer: MatchTracer>(_ url: String, shortcutTried: Bool = false, tracer: inout Tracer)
        -> PreparedURL
    {
        switch URLParser.parse(url, served: served, shortcutTried: shortcutTried) {
        case .success(let parsed): return prepare(parsed, tracer: &tracer)
        case .failure(let rejection): return .rejected(RoutingError(rejection))
        }
    }

    /// Runs the rewrites on a parsed URL, in order, each once.
    func prepare<Tracer: MatchTracer>(_ parsed: ParsedURL, tracer: inout Tracer) -> PreparedURL {
        if tracer.wantsNotes { tracer.note(depth: 0, "normalized path: \(parsed.pathString)") }
        guard parsed.isServed else {
            if tracer.wantsNotes {
                let what = if case .web = parsed.link { "host" } else { "scheme" }
                tracer.note(depth: 0, "the router does not serve this \(what): no route is for this link")
            }
            return .unserved(ResolvedURL(parsed: parsed, rewrittenPath: nil))
        }
        var rewritten: ParsedURL?
        if configuration.emptySegments == .squeeze, let squeezed = Self.squeezed(parsed, served: served) {
            if tracer.wantsNotes { tracer.note(depth: 0, "empty segments squeezed: \(squeezed.pathString)") }
            rewritten = squeezed
        }
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
        return .routable(ResolvedURL(parsed: parsed, rewrittenPath: rewritten?.pathString))
    }

    /// The path of `parsed` with each run of `/` read as one (``Router/Configuration/EmptySegments/squeeze``),
    /// parsed as a bare path; `nil` when it has no empty segment. Paths are short and this runs
    /// only for a router that squeezes: a plain scan.
    static func squeezed(_ parsed: ParsedURL, served: ServedLinks) -> ParsedURL? {
        let path = parsed.path
        let squeezed: [UInt8]? = parsed.withUTF8 { bytes in
            var index = path.lowerBound &+ 1
            while index < path.upperBound
                && !(bytes[index] == UInt8(ascii: "/") && bytes[index &- 1] == UInt8(ascii: "/"))
            {
                index &+= 1
            }
            // The shape dropped one trailing `/`: a second one (`/p//`) is left at the end, and
            // `https://example.com//` leaves a path of one `/`, the root.
            let endsWithSlash = path.count > 0 && bytes[path.upperBound &- 1] == UInt8(ascii: "/")
            guard index < path.upperBound || endsWithSlash else { return nil }
            var output: [UInt8] = []
            output.reserveCapacity(path.count)
            for offset in path where !(bytes[offset] == UInt8(ascii: "/") && output.last == UInt8(ascii: "/"))
            {
                output.append(bytes[offset])
            }
            if output.count > 1 && output.last == UInt8(ascii: "/") { output.removeLast() }
            return output
        }
        guard let squeezed else { return nil }
        guard
            case .success(let value) = URLParser.parse(
                String(decoding: squeezed, as: UTF8.self), served: served)
        else { return nil }
        return value
    }
}
