/// Which links reach a route, compiled at ``Router`` init: its custom schemes, its hosts (with
/// their parameters), the query items it asks for, and the constraints that read the link.
///
/// Two routes of one shape are told apart by their scopes: equal scopes (same schemes, hosts and
/// conditions, constraints compared by name) are a conflict.
struct RouteScope: Sendable, Equatable {
    /// One query item a route asks for.
    struct Condition: Sendable {
        let name: String
        let constraint: Constraint
    }

    /// One parameter of a host entry: its name, the label that holds its value, its constraint.
    struct HostParameter: Sendable {
        let name: String
        let label: Int
        let constraint: Constraint?
    }

    /// A path parameter whose constraint reads the link (``Constraint/seesLink``): the walk
    /// lets it through, and it is checked where the route ends, with the route's host parameters.
    struct LinkCheck: Sendable {
        let name: String
        let constraint: Constraint
    }

    /// Lowercased, sorted.
    let schemes: [[UInt8]]
    /// Sorted by kind and bytes, so equal sets compare equal.
    let hosts: [HostPattern]
    /// Sorted by name.
    let conditions: [Condition]
    /// The parameters of each entry of `hosts`, in its order; empty when no entry has any.
    let hostParameters: [[HostParameter]]
    /// Empty unless a path parameter's constraint reads the link.
    let linkChecks: [LinkCheck]
    /// Whether a host parameter has a constraint: only then can an entry that matches a host
    /// still refuse it, so that finding the entry means more than matching the patterns.
    let constrainsHostParameters: Bool

    static let unscoped = RouteScope(
        schemes: [], hosts: [], conditions: [], hostParameters: [], linkChecks: [])

    /// No schemes and no hosts: every link the router serves reaches the route.
    var isUnscoped: Bool { schemes.isEmpty && hosts.isEmpty }
    /// Unscoped, without conditions and without a constraint that reads the link: the route of 0.1.
    var reachesEveryLink: Bool { isUnscoped && conditions.isEmpty && linkChecks.isEmpty }

    private init(
        schemes: [[UInt8]], hosts: [HostPattern], conditions: [Condition], hostParameters: [[HostParameter]],
        linkChecks: [LinkCheck]
    ) {
        self.schemes = schemes
        self.hosts = hosts
        self.conditions = conditions
        self.hostParameters = hostParameters
        self.linkChecks = linkChecks
        self.constrainsHostParameters = hostParameters.joined().contains { $0.constraint != nil }
    }

    /// Checks `route`'s scope against what the router serves; `constraints` are the route's
    /// compiled constraints by parameter name, host parameters included.
    init(_ route: Route, constraints: [String: Constraint], served: ServedLinks) throws(RouteTableError) {
        func error(_ reason: String) -> RouteTableError {
            RouteTableError(pattern: route.pattern, position: nil, reason: reason)
        }
        if let conflict = route.scopeConflict { throw error(conflict) }
        let linkChecks = constraints.filter(\.value.seesLink).sorted { $0.key < $1.key }.map {
            LinkCheck(name: $0.key, constraint: $0.value)
        }
        // Most routes: nothing to check, sort or copy.
        if route.schemes.isEmpty && route.hosts.isEmpty && route.query.isEmpty && linkChecks.isEmpty {
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
                let hint = pattern.kind == .parameters ? " ('*.' and the labels after its parameters)" : ""
                throw error(
                    "host '\(entry)' is not served by the router: add it (or a wildcard covering it\(hint)) to the configuration's hosts"
                )
            }
            hosts.append(pattern)
        }
        var conditions: [Condition] = []
        for (name, constraint) in route.query.sorted(by: { $0.key < $1.key }) {
            if name.isEmpty { throw error("a query condition needs an item name") }
            conditions.append(Condition(name: name, constraint: constraint))
        }
        let sortedHosts = Array(Set(hosts)).sorted { lhs, rhs in
            lhs.specificity != rhs.specificity
                ? lhs.specificity > rhs.specificity : lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
        }
        self.init(
            schemes: Array(Set(schemes)).sorted { $0.lexicographicallyPrecedes($1) }, hosts: sortedHosts,
            conditions: conditions, hostParameters: Self.hostParameters(of: sortedHosts, route, constraints),
            linkChecks: linkChecks)
        // An exact host a group narrowed from one with parameters gives fixed values: a value
        // its constraint refuses would leave the route unreachable there.
        for (index, pattern) in self.hosts.enumerated()
        where pattern.kind == .exact && !hostParameters.isEmpty && !hostParameters[index].isEmpty {
            let host = String(decoding: pattern.bytes, as: UTF8.self)
            if !reaches(webHost: host) {
                throw error(
                    "host '\(host)' gives its host parameters values that their constraints refuse, so no link to it could reach the route"
                )
            }
        }
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

    static func == (lhs: RouteScope, rhs: RouteScope) -> Bool {
        lhs.schemes == rhs.schemes && lhs.hosts.map(\.conflictKey) == rhs.hosts.map(\.conflictKey)
            && lhs.conditions.map(\.name) == rhs.conditions.map(\.name)
            && lhs.conditions.map(\.constraint.name) == rhs.conditions.map(\.constraint.name)
            && lhs.linkChecks.map(\.constraint.name) == rhs.linkChecks.map(\.constraint.name)
    }
}
