extension CompiledRouter {
    /// The trie `source` walks: private routes do not exist for an external request.
    @inline(__always)
    func trie(for source: Source) -> Trie {
        if case .app = source { return trie }
        return publicTrie
    }

    /// The one lookup: walks the routed path of `url` in `trie` for `goal`, the first match or
    /// every candidate. A trie with one unscoped route per shape (``Trie/walksUnfiltered``) walks with ``FirstTerminal``,
    /// which compiles to the bare walk; any other with a ``LinkFilter`` for the link as received,
    /// whose query it decodes at most once and keeps in `url`.
    @inline(__always)
    func lookup<Goal: LookupGoal, Tracer: MatchTracer>(
        _ url: inout ResolvedURL, source: Source, trie: Trie, for goal: Goal, tracer: inout Tracer
    ) -> Goal.Found {
        var query = url.query
        defer { url.query = query }
        return url.withRoutedBytes { input, path, original in
            lookup(
                input, string: url.routedString, path: path, link: url.parsed.link,
                queryRange: url.parsed.query,
                linkBytes: original, query: &query, source: source, trie: trie, for: goal, tracer: &tracer)
        }
    }

    /// ``lookup(_:source:trie:for:tracer:)`` over bytes: `input` holds the routed path, and
    /// `linkBytes` the link as received (the same bytes when no rewrite applied), which
    /// `link` and `queryRange` index.
    @inline(__always)
    func lookup<Goal: LookupGoal, Tracer: MatchTracer>(
        _ input: UnsafeBufferPointer<UInt8>, string: String, path: Range<Int>, link: ParsedURL.Link,
        queryRange: Range<Int>?, linkBytes: UnsafeBufferPointer<UInt8>, query: inout Query?, source: Source,
        trie: Trie, for goal: Goal, tracer: inout Tracer
    ) -> Goal.Found {
        if trie.walksUnfiltered {
            var chooser = FirstTerminal()
            return goal.walk(trie, input, string: string, path: path, chooser: &chooser, tracer: &tracer)
        }
        return withLinkFilter(
            link, queryRange: queryRange, query: query, bytes: linkBytes, routed: input, source: source,
            trie: trie
        ) { chooser in
            defer { query = chooser.query }
            return goal.walk(trie, input, string: string, path: path, chooser: &chooser, tracer: &tracer)
        }
    }

    /// Calls `body` with the filter for `link` (whose bytes are `bytes`; captures index `routed`),
    /// which borrows the trie's terminals and the router's scopes for the call.
    @inline(__always)
    func withLinkFilter<Result>(
        _ link: ParsedURL.Link, queryRange: Range<Int>?, query: Query? = nil,
        bytes: UnsafeBufferPointer<UInt8>, routed: UnsafeBufferPointer<UInt8>,
        source: Source, trie: Trie, _ body: (inout LinkFilter) -> Result
    ) -> Result {
        trie.terminals.withUnsafeBufferPointer { terminals in
            scopes.withUnsafeBufferPointer { scopes in
                var filter = LinkFilter(
                    terminals: terminals, scopes: scopes, link: link, queryRange: queryRange, query: query,
                    bytes: bytes, routed: routed, refusesEmptyCaptures: configuration.emptySegments == .keep,
                    isExternal: source != .app, queryReading: queryReading)
                return body(&filter)
            }
        }
    }

    /// The match of the terminal the walk ended at. Reads the terminal's fields in place rather
    /// than copying it (each copy is reference counting). `link`: the URL as received, whose
    /// host gives the route's host parameters, when the router has any.
    @inline(__always)
    func makeMatch(
        _ terminal: Int, _ captures: CaptureList, in string: String, trie: Trie, link: ParsedURL? = nil
    ) -> RouteMatch {
        let routeIndex = trie.terminals[terminal].routeIndex
        var params = Parameters(
            source: string, keys: trie.terminals[terminal].keys, captures: captures,
            globIndex: trie.terminals[terminal].globIndex)
        if hasHostParameters, let link {
            params = addingHostParameters(to: params, route: routeIndex, link: link)
        }
        return RouteMatch(
            route: routes[routeIndex], params: params, routeIndex: routeIndex, terminal: terminal)
    }

    /// `match` with its route's host parameters, read from `link`'s host. Out of line, for
    /// routers with host parameters only: `match` keeps the parsed URL out of its common path.
    @inline(never)
    func withHostParameters(_ match: RouteMatch, link: ParsedURL) -> RouteMatch {
        RouteMatch(
            route: match.route,
            params: addingHostParameters(to: match.params, route: match.routeIndex, link: link),
            routeIndex: match.routeIndex, terminal: match.terminal)
    }

    /// `params` and the host parameters of route `routeIndex` read from `link`'s host, which
    /// come after the path's, lowercased. A value is a range of the URL itself when the path's
    /// captures index the URL (no rewrite) and its label has no capital letter, as almost every
    /// host's has not; otherwise its lowercased copy is appended to the parameters' source
    /// string, so that the one list of ranges holds them all.
    @inline(never)
    private func addingHostParameters(to params: Parameters, route routeIndex: Int, link: ParsedURL)
        -> Parameters
    {
        guard let host = link.link.host else { return params }
        // Borrowed, not copied: a copy of the scope would retain each of its arrays.
        return scopes.withUnsafeBufferPointer { scopes in
            guard !scopes[routeIndex].hostParameters.isEmpty else { return params }
            return link.withUTF8 { bytes in
                guard let entry = scopes[routeIndex].hostEntry(for: host, in: bytes) else { return params }
                return scopes[routeIndex].hostParameters[entry].withUnsafeBufferPointer { parameters in
                    Self.adding(
                        parameters, of: host, in: bytes, to: params, sameSource: params.source == link.string)
                }
            }
        }
    }

    /// `params` with `parameters` read from the labels of `host` in `bytes`: in place when
    /// `sameSource` (the captures index `bytes`) and a label needs no lowercasing.
    private static func adding(
        _ parameters: UnsafeBufferPointer<RouteScope.HostParameter>, of host: Range<Int>,
        in bytes: UnsafeBufferPointer<UInt8>, to params: Parameters, sameSource: Bool
    ) -> Parameters {
        var source = params.source
        var keys = params.keys
        keys.reserveCapacity(keys.count + parameters.count)
        var captures = params.captures
        var labels = HostLabels(host, in: bytes)
        var next = 0
        // One pass over the labels, up to the last parameter's (they are in label order).
        while next < parameters.count, let label = labels.next() {
            while next < parameters.count && parameters[next].label == label.index {
                keys.append(parameters[next].name)
                if sameSource && !label.hasCapital {
                    captures.append(label.range)
                } else {
                    let appended = source.utf8.count
                    source += ASCIICaseFolding.string(lowercasing: bytes[label.range])
                    captures.append(appended..<source.utf8.count)
                }
                next &+= 1
            }
        }
        return Parameters(source: source, keys: keys, captures: captures, globIndex: params.globIndex)
    }
}
