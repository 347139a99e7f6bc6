/// Whether a link reaches a route, and how specifically: read by the walk's ``LinkFilter`` at
/// each route's end.
extension RouteScope {
    /// The parameters of each host entry, read from the entry, or from the entry with parameters
    /// a group narrowed it from; empty when no entry has any.
    static func hostParameters(of hosts: [HostPattern], _ route: Route, _ constraints: [String: Constraint])
        -> [[HostParameter]]
    {
        let sources = route.hostParameterSources
        let lists = hosts.map { pattern -> [HostParameter] in
            let text = String(decoding: pattern.bytes, as: UTF8.self)
            let named =
                pattern.kind == .parameters
                ? pattern
                : sources.first { ASCIICaseFolding.equals($0.key.utf8, text) }.flatMap {
                    try? HostPattern.parse($0.value).get()
                }
            guard let named else { return [] }
            return named.labels.enumerated().compactMap { index, label in
                label.parameter.map {
                    HostParameter(name: $0, label: index, constraint: constraints[$0])
                }
            }
        }
        return lists.allSatisfy(\.isEmpty) ? [] : lists
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
            return hostRank(for: host, in: bytes)
        case .hosted(let host):
            // Both must hold: the scheme, when the route names schemes, and the host, when it
            // names hosts.
            var rank = 0
            if !schemes.isEmpty {
                let given = bytes[ParsedURL.Link.scheme(beforeHost: host)]
                guard schemes.contains(where: { ASCIICaseFolding.equals(given, lowered: $0) }) else {
                    return nil
                }
                rank = HostPattern.exactSpecificity
            }
            if !hosts.isEmpty {
                guard let entry = hostEntry(for: host, in: bytes) else { return nil }
                rank += hosts[entry].specificity
            }
            return rank
        }
    }

    /// Whether an `https` link to `host`, one host name, reaches the route by its hosts: an
    /// entry matches it, its host parameters' constraints holding.
    func reaches(webHost host: String) -> Bool {
        let link = "https://" + host
        return link.utf8.withContiguousStorageIfAvailable { hostEntry(for: 8..<$0.count, in: $0) != nil }
            ?? false
    }

    /// The specificity of the first entry that matches, read in place: no closure, which would
    /// capture (and so copy, retaining each of its arrays) the scope on every link.
    @inline(__always)
    func hostRank(for host: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !constrainsHostParameters else {
            guard let entry = hostEntryWithParameters(for: host, in: bytes) else { return nil }
            return hosts[entry].specificity
        }
        return Self.firstEntry(of: hosts, matching: bytes[host])?.specificity
    }

    /// The first entry of `hosts` (most specific first) that matches the host at `host` of
    /// `bytes`, its host parameters' constraints holding; `nil` when none does.
    @inline(__always)
    func hostEntry(for host: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard !constrainsHostParameters else { return hostEntryWithParameters(for: host, in: bytes) }
        return Self.firstEntry(of: hosts, matching: bytes[host])?.index
    }

    /// The entries are passed in, not read from `self` in the loop: a scope read in place
    /// through the walk's buffer would be copied for the loop, retaining each of its arrays.
    @inline(__always)
    private static func firstEntry(of hosts: [HostPattern], matching given: Slice<UnsafeBufferPointer<UInt8>>)
        -> (index: Int, specificity: Int)?
    {
        hosts.withUnsafeBufferPointer { hosts in
            for index in hosts.indices where hosts[index].matches(given) {
                return (index, hosts[index].specificity)
            }
            return nil
        }
    }

    /// ``hostEntry(for:in:)`` for a scope whose host parameters have constraints, which must hold too.
    @inline(never)
    private func hostEntryWithParameters(for host: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let given = bytes[host]
        for index in hosts.indices where hosts[index].matches(given) {
            if Self.hostParametersHold(hostParameters[index], host: host, in: bytes) { return index }
        }
        return nil
    }

    /// Whether the constraints of an entry's host parameters accept their labels of the host.
    static func hostParametersHold(
        _ parameters: [HostParameter], host: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard parameters.contains(where: { $0.constraint != nil }) else { return true }
        let values = hostParameterValues(parameters, host: host, in: bytes)
        let context = linkContext(host: host, hostParameters: values, in: bytes)
        return zip(parameters, values).allSatisfy { parameter, value in
            parameter.constraint.map { $0.accepts(Substring(value.1), in: context) } ?? true
        }
    }

    /// A link whose host is at `host` of `bytes` as a route's constraints see it: its scheme and
    /// host, lowercased, and `values`, the host parameters of the entry that host matched.
    static func linkContext(
        host: Range<Int>, hostParameters values: [(String, String)], in bytes: UnsafeBufferPointer<UInt8>
    ) -> LinkContext {
        LinkContext(
            scheme: ASCIICaseFolding.string(lowercasing: bytes[ParsedURL.Link.scheme(beforeHost: host)]),
            host: ASCIICaseFolding.string(lowercasing: bytes[host]),
            // An entry names each parameter once (`HostPattern` refuses a repeated name).
            hostParameters: Dictionary(values, uniquingKeysWith: { first, _ in first }))
    }

    /// The values of entry `index`'s host parameters in the host at `host` of `bytes`, lowercased,
    /// in label order.
    func hostParameterValues(_ index: Int, host: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>)
        -> [(String, String)]
    {
        hostParameters.isEmpty ? [] : Self.hostParameterValues(hostParameters[index], host: host, in: bytes)
    }

    /// The values of `parameters`, an entry's that matched the host at `host` of `bytes`, as
    /// (name, lowercased value) pairs in label order: for constraints and link contexts, which
    /// need strings; a match reads them as ranges instead (`CompiledRouter.addingHostParameters`).
    static func hostParameterValues(
        _ parameters: [HostParameter], host: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>
    ) -> [(String, String)] {
        guard !parameters.isEmpty else { return [] }
        var values: [(String, String)] = []
        values.reserveCapacity(parameters.count)
        var labels = HostLabels(host, in: bytes)
        // The entry matched, so its parameters' labels are there, in label order.
        while values.count < parameters.count, let label = labels.next() {
            while values.count < parameters.count && parameters[values.count].label == label.index {
                values.append(
                    (parameters[values.count].name, ASCIICaseFolding.string(lowercasing: bytes[label.range])))
            }
        }
        return values
    }

    /// Whether every condition holds for `query`, for the link `context` describes (custom
    /// constraints that read the link see it).
    func conditionsHold(_ query: Query, context: () -> LinkContext) -> Bool {
        conditions.allSatisfy { condition in
            let constraint = condition.constraint
            guard let value = query[condition.name] else { return constraint.isAbsent }
            if constraint.isAbsent { return false }
            return constraint.seesLink
                ? constraint.accepts(Substring(value), in: context()) : constraint.accepts(Substring(value))
        }
    }
}
