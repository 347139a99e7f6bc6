/// The schemes and hosts a router serves and the limits it applies, compiled once from its
/// ``Router/Configuration`` for the parser.
struct ServedLinks: Sendable {
    /// Custom schemes, as configured; empty serves every scheme but the refused ones.
    let schemes: Set<String>
    /// Hosts for `http(s)` links; empty serves none.
    let hosts: [HostPattern]
    /// Custom schemes whose links carry a web host.
    let hostSchemes: Set<String>
    /// Whether paths may hold empty segments (``Router/Configuration/EmptySegments/keep`` or
    /// ``Router/Configuration/EmptySegments/squeeze``).
    let keepsEmptySegments: Bool
    let limits: Router.Limits

    /// Compiles `configuration`. Entries that are not host patterns are left out: ``Router``
    /// refuses them before it ever parses a URL.
    init(_ configuration: Router.Configuration) {
        schemes = configuration.schemes
        hosts = configuration.hosts.compactMap { try? HostPattern.parse($0).get() }
        hostSchemes = configuration.hostSchemes
        keepsEmptySegments = configuration.emptySegments != .refuse
        limits = configuration.limits
    }

    /// Whether a custom scheme other than the refused ones is the router's.
    func serves<Bytes: Collection<UInt8>>(scheme: Bytes) -> Bool {
        schemes.isEmpty || ASCIICaseFolding.contains(schemes, scheme)
    }

    func serves(scheme: String) -> Bool {
        serves(scheme: scheme.utf8) && !ASCIICaseFolding.contains(URLParser.refusedSchemes, scheme.utf8)
    }

    /// Whether the host (without its port) of a web link, or of a custom scheme that carries
    /// one, is the router's.
    func serves(host: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        hosts.contains { $0.matches(host) }
    }
}
