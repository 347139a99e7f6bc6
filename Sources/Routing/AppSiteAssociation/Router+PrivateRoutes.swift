extension Router {
    /// The private routes an `https` link to `host` would reach if they were public, in
    /// registration order: unscoped private routes, and private routes whose `hosts:` name
    /// `host`. None when the router does not serve `host`.
    ///
    /// ``appSiteAssociation(appIDs:host:)`` leaves these out of the file, as it must; the
    /// command line names them, so that a route left private by mistake does not vanish from the
    /// file silently. The selection is ``appSiteAssociation(appIDs:host:)``'s, for private routes.
    package func privateRoutes(reachingHost host: String) -> [Route] {
        storage.routes(reachingHost: host, public: false).map { storage.routes[$0] }
    }

    /// Whether `host`, one host name (`mail.example.com`, no wildcard), is among the hosts the
    /// configuration serves.
    package func servesHost(_ host: String) -> Bool {
        guard case .success(let pattern) = HostPattern.parse(host), pattern.kind == .exact else {
            return false
        }
        return storage.served.hosts.contains { $0.covers(pattern) }
    }
}
