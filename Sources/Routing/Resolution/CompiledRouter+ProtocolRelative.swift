extension CompiledRouter {
    /// `url` with ``Router/Configuration/protocolRelativeScheme`` put before it when it is a
    /// protocol-relative link (`//en.wikipedia.org/wiki/Dog`) sent in-app or as content; `url`
    /// itself otherwise. From outside such a link stays what the parser makes of it (a 400): the
    /// OS never delivers one, so one that arrives is malformed.
    @inline(__always)
    func absolute(_ url: String, source: Source) -> String {
        guard readsProtocolRelative, let scheme = configuration.protocolRelativeScheme else { return url }
        return Self.absolute(url, scheme: scheme, source: source)
    }

    private static func absolute(_ url: String, scheme: String, source: Source) -> String {
        if case .external = source { return url }
        guard url.utf8.starts(with: "//".utf8) else { return url }
        return scheme + ":" + url
    }
}
