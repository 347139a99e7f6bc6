extension AppSiteAssociation {
    /// Whether a file opens a public route's links in the app, as
    /// ``Router/coverage(of:host:)`` checks it: with one link the router routes to the route.
    public struct RouteCoverage: Sendable {
        /// A public route that links to the host reach.
        public let route: Route
        /// A link to the host that the router routes to ``route``, or `nil` when the checker
        /// found no value its constraints accept (a custom constraint) or another route always
        /// takes its links.
        public let link: String?
        /// Whether the file opens ``link`` in the app; `false` when there is no link.
        public let isCovered: Bool
    }
}

extension Router {
    /// Checks a file against the route table: for each public route that links to `host`
    /// reach, a link the router routes to it, and whether `file` opens that link in the app.
    ///
    /// Run it on the file your server actually serves, in CI or in a test, to catch a route
    /// added to the app but not to the file:
    ///
    /// ```swift
    /// let deployed = try JSONDecoder().decode(AppSiteAssociation.self, from: downloadedBytes)
    /// let missing = router.coverage(of: deployed, host: "mail.example.com").filter { !$0.isCovered }
    /// #expect(missing.isEmpty, "not opened in the app: \(missing.map(\.route.pattern))")
    /// ```
    ///
    /// A file built by ``appSiteAssociation(appIDs:host:)`` for `host` covers every route that
    /// has a link.
    public func coverage(of file: AppSiteAssociation, host: String) -> [AppSiteAssociation.RouteCoverage] {
        storage.publicRoutes(reachingHost: host).map { index in
            let link = sampleLink(to: index, host: host)
            return AppSiteAssociation.RouteCoverage(
                route: routes[index], link: link, isCovered: link.map { file.matches($0) } ?? false)
        }
    }
}
