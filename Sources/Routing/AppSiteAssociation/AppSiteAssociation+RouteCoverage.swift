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
                route: routes[index], link: link, isCovered: link.map(file.matches) ?? false)
        }
    }

    /// An `https` link to `host` that reaches route `index` from outside, or `nil`: each
    /// expansion in turn, filled with the first sample value each constraint accepts.
    func sampleLink(to index: Int, host: String) -> String? {
        let compiled = storage.compiled[index]
        let conditions = storage.scopes[index].conditions
        var query: [String] = []
        for condition in conditions {
            guard let value = Self.sample(for: condition.constraint) else { return nil }
            query.append(
                PercentEncoding.encodeQueryComponent(condition.name) + "="
                    + PercentEncoding.encodeQueryComponent(value))
        }
        expansions: for expansion in compiled.expansions {
            var path = ""
            for segment in expansion {
                switch segment {
                case .literal(let text):
                    path += "/" + PercentEncoding.encodeSegment(text)
                case .parameter(let name, _), .glob(let name):
                    guard let value = Self.sample(for: compiled.constraints[name] ?? .any) else {
                        continue expansions
                    }
                    path += "/" + PercentEncoding.encodeSegment(value)
                }
            }
            let link =
                "https://\(host)\(path.isEmpty ? "/" : path)"
                + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
            let source = Source.external(sourceApplication: nil)
            if candidates(link, source: source).contains(where: { $0.routeIndex == index }) { return link }
        }
        return nil
    }

    /// A value `constraint` accepts: one of its own for `oneOf`, else the first of a few
    /// common shapes.
    private static func sample(for constraint: Constraint) -> String? {
        if case .oneOf(let values) = constraint.kind, let first = values.first {
            return String(decoding: first, as: UTF8.self)
        }
        let shapes = ["1", "a", "a1", "00000000-0000-4000-8000-000000000000", "x-1", "0", "true", "-1", "A"]
        return shapes.first { constraint.accepts(Substring($0)) }
    }
}
