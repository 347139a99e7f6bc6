extension ServedLinks {
    /// Compiles `configuration`. Entries that are not host patterns are left out: ``Router``
    /// refuses them before it ever parses a URL.
    init(_ configuration: Router.Configuration) {
        self.init(
            schemes: configuration.schemes,
            hosts: configuration.hosts.compactMap { try? HostPattern.parse($0).get() },
            hostSchemes: configuration.hostSchemes,
            keepsEmptySegments: configuration.emptySegments != .refuse,
            limits: Limits(
                urlBytes: configuration.limits.urlBytes, segments: configuration.limits.segments,
                queryItems: configuration.limits.queryItems))
    }

    /// Any well-formed link, whoever serves it: every custom scheme and every web host, with the
    /// default limits. Code-running schemes stay refused.
    static let anyLink = ServedLinks(Router.Configuration(hosts: ["*"]))
}
