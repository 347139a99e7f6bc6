/// The schemes and hosts a router serves and the limits it applies, compiled once from its
/// ``Router/Configuration`` for the parser.
struct ServedLinks: Sendable {
    /// Custom schemes, as configured; empty serves every scheme but the refused ones.
    let schemes: Set<String>
    /// Hosts for `http(s)` links; empty serves none.
    let hosts: [HostPattern]
    let limits: Router.Limits

    /// Compiles `configuration`. Entries that are not host patterns are left out: ``Router``
    /// refuses them before it ever parses a URL.
    init(_ configuration: Router.Configuration) {
        schemes = configuration.schemes
        hosts = configuration.hosts.compactMap { try? HostPattern.parse($0).get() }
        limits = configuration.limits
    }

    /// Whether a custom scheme other than the refused ones is the router's.
    func serves<Bytes: Collection<UInt8>>(scheme: Bytes) -> Bool {
        schemes.isEmpty || ASCIICaseFolding.contains(schemes, scheme)
    }

    func serves(scheme: String) -> Bool {
        serves(scheme: scheme.utf8) && !ASCIICaseFolding.contains(URLParser.refusedSchemes, scheme.utf8)
    }

    /// Whether a web link's host (without its port) is the router's.
    func serves(host: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        hosts.contains { $0.matches(host) }
    }
}
