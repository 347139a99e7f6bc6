/// The schemes and hosts a router serves and the limits it applies, compiled once from its
/// ``Router/Configuration`` for the parser (`ServedLinks.init(_:)`, where the configuration lives).
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
    /// The router's limits (``Router/Limits``), as the parser applies them.
    let limits: Limits

    /// The most a URL may hold before the parser refuses it with 414.
    struct Limits: Sendable {
        let urlBytes: Int
        let segments: Int
        let queryItems: Int
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
