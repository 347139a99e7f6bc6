extension CompiledRouter {
    /// `url` with ``Router/Configuration/protocolRelativeScheme`` put before it when it is a
    /// protocol-relative link (`//en.wikipedia.org/wiki/Dog`) sent in-app or as content; `url`
    /// itself otherwise. From outside such a link stays what the parser makes of it (a 400): the
    /// OS never delivers one, so one that arrives is malformed.
    ///
    /// Only for a router that sets the option (``readsProtocolRelative``): callers test that
    /// stored flag and come here out of line, so a router without it neither copies its URL nor
    /// grows its inlined path.
    func absolute(_ url: String, source: Source) -> String {
        guard let scheme = configuration.protocolRelativeScheme else { return url }
        if case .external = source { return url }
        guard url.utf8.starts(with: "//".utf8) else { return url }
        return scheme + ":" + url
    }

    /// ``resolve(_:source:tracer:)`` for a router that reads protocol-relative links.
    @inline(never)
    func resolveReadingProtocolRelative<Tracer: MatchTracer>(
        _ url: String, source: Source, tracer: inout Tracer
    ) -> Resolution {
        resolve(absolute(url, source: source), source: source, trie: trie(for: source), tracer: &tracer)
    }

    /// ``match(_:source:)`` for a router that reads protocol-relative links.
    @inline(never)
    func matchReadingProtocolRelative(_ url: String, source: Source) -> RouteMatch? {
        match(absolute(url, source: source), source: source, trie: trie(for: source))
    }
}
