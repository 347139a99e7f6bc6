/// Which links reach a route, compiled at ``Router`` init: its custom schemes, its hosts and
/// the query items it asks for.
///
/// Two routes of one shape are told apart by their scopes: equal scopes (same schemes, hosts and
/// conditions, constraints compared by name) are a conflict.
struct RouteScope: Sendable, Equatable {
    /// One query item a route asks for.
    struct Condition: Sendable {
        let name: String
        let constraint: Constraint
    }

    /// Lowercased, sorted.
    let schemes: [[UInt8]]
    /// Sorted by kind and bytes, so equal sets compare equal.
    let hosts: [HostPattern]
    /// Sorted by name.
    let conditions: [Condition]

    static let unscoped = RouteScope(schemes: [], hosts: [], conditions: [])

    /// No schemes and no hosts: every link the router serves reaches the route.
    var isUnscoped: Bool { schemes.isEmpty && hosts.isEmpty }
    /// Unscoped and without conditions: the route of 0.1.
    var reachesEveryLink: Bool { isUnscoped && conditions.isEmpty }

    private init(schemes: [[UInt8]], hosts: [HostPattern], conditions: [Condition]) {
        self.schemes = schemes
        self.hosts = hosts
        self.conditions = conditions
    }

    /// Checks `route`'s scope against what the router serves.
    init(_ route: Route, served: ServedLinks) throws(RouteTableError) {
        func error(_ reason: String) -> RouteTableError {
            RouteTableError(pattern: route.pattern, position: nil, reason: reason)
        }
        if let conflict = route.scopeConflict { throw error(conflict) }
        // Most routes: nothing to check, sort or copy.
        if route.schemes.isEmpty && route.hosts.isEmpty && route.query.isEmpty {
            self = .unscoped
            return
        }
        var schemes: [[UInt8]] = []
        for scheme in route.schemes.sorted() {
            if let reason = Self.invalidity(ofScheme: scheme) { throw error("scheme '\(scheme)': \(reason)") }
            if !served.schemes.isEmpty && !ASCIICaseFolding.contains(served.schemes, scheme.utf8) {
                throw error(
                    "scheme '\(scheme)' is not served by the router (configuration schemes: \(served.schemes.sorted()))"
                )
            }
            schemes.append(scheme.utf8.map(ASCIICaseFolding.lowercased))
        }
        var hosts: [HostPattern] = []
        for entry in route.hosts.sorted() {
            let pattern: HostPattern
            switch HostPattern.parse(entry) {
            case .success(let parsed): pattern = parsed
            case .failure(let failure): throw error("host '\(entry)': \(failure.reason)")
            }
            guard served.hosts.contains(where: { $0.covers(pattern) }) else {
                throw error(
                    "host '\(entry)' is not served by the router: add it (or a wildcard covering it) to the configuration's hosts"
                )
            }
            hosts.append(pattern)
        }
        var conditions: [Condition] = []
        for (name, constraint) in route.query.sorted(by: { $0.key < $1.key }) {
            if name.isEmpty { throw error("a query condition needs an item name") }
            conditions.append(Condition(name: name, constraint: constraint))
        }
        self.init(
            schemes: Array(Set(schemes)).sorted { $0.lexicographicallyPrecedes($1) },
            hosts: Array(Set(hosts)).sorted { lhs, rhs in
                lhs.specificity != rhs.specificity
                    ? lhs.specificity > rhs.specificity : lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
            },
            conditions: conditions)
    }

    /// Why `scheme` cannot scope a route, or `nil`.
    static func invalidity(ofScheme scheme: String) -> String? {
        if scheme.isEmpty { return "a scheme cannot be empty: remove the entry" }
        guard SchemeName.isValid(scheme.utf8) else {
            // `mailapp://` or `mailapp:`: the scheme is there, with its separator.
            if let colon = scheme.firstIndex(of: ":"), colon > scheme.startIndex,
                SchemeName.isValid(scheme[..<colon].utf8)
            {
                return "write the scheme without ':' or '://': \(scheme[..<colon])"
            }
            return "a scheme is a letter followed by letters, digits, '+', '-' or '.'"
        }
        if SchemeName.isWeb(scheme.utf8) {
            return "http and https links are web links: scope them with hosts: [\"mail.example.com\"], "
                + "not schemes:"
        }
        if ASCIICaseFolding.contains(URLParser.refusedSchemes, scheme.utf8) {
            return "this scheme runs code or reads local data and never names an app: remove it"
        }
        return nil
    }

    /// How specifically this scope names `link` (higher is more specific), or `nil` when the
    /// link does not reach the route. `bytes` are the URL's.
    @inline(__always)
    func rank(of link: ParsedURL.Link, in bytes: UnsafeBufferPointer<UInt8>, isExternal: Bool) -> Int? {
        if isUnscoped { return 0 }
        switch link {
        case .path:
            // The app's own shorthand reaches scoped routes; from outside a bare path names no
            // scheme or host, so it reaches unscoped routes only.
            return isExternal ? nil : 0
        case .custom(let scheme):
            let given = bytes[scheme]
            let reaches = schemes.contains { ASCIICaseFolding.equals(given, lowered: $0) }
            return reaches ? HostPattern.exactSpecificity : nil
        case .web(let host):
            // Sorted most specific first: the first that matches is the best.
            let given = bytes[host]
            for pattern in hosts where pattern.matches(given) { return pattern.specificity }
            return nil
        }
    }

    /// Whether every condition holds for `query`.
    func conditionsHold(_ query: Query) -> Bool {
        conditions.allSatisfy { condition in
            guard let value = query[condition.name] else { return false }
            return condition.constraint.accepts(Substring(value))
        }
    }

    static func == (lhs: RouteScope, rhs: RouteScope) -> Bool {
        lhs.schemes == rhs.schemes && lhs.hosts == rhs.hosts
            && lhs.conditions.map(\.name) == rhs.conditions.map(\.name)
            && lhs.conditions.map(\.constraint.name) == rhs.conditions.map(\.constraint.name)
    }
}
