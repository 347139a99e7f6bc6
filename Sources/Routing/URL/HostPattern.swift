/// One entry of a host set, in ``Router/Configuration/hosts`` or a route's `hosts:`: an exact
/// host (`example.com`), a wildcard (`*.example.com`: one or more labels before `.example.com`,
/// not `example.com` itself), `*` (every host, IPv6 literals included), or, in a route's or a
/// group's `hosts:` only, a host with parameters (`:lang.wikipedia.org`: each `:name` one whole
/// label, optionally constrained, `:lang(language).m.wikipedia.org`).
///
/// A link's host is compared after ``WebHost`` has parsed it as browsers do (percent-decoded,
/// mapped, in Punycode), ASCII case-insensitively (see ``ASCIICaseFolding``); a trailing dot
/// makes a different host. Internationalized hosts are written in their punycode form (`xn--…`),
/// which is what a parsed link carries.
struct HostPattern: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case exact
        case wildcard
        case any
        /// Labels of which at least one is a parameter.
        case parameters
    }

    /// One label of a host with parameters: a literal, or a parameter's name and the name of its
    /// constraint when one is written in parentheses.
    struct Label: Sendable, Hashable {
        /// Lowercased; empty for a parameter.
        let literal: [UInt8]
        let parameter: String?
        let constraint: String?
    }

    let kind: Kind
    /// Lowercased: the host for `exact`, the suffix with its leading dot (`.example.com`) for
    /// `wildcard`, empty for `any`, the entry as written for `parameters`.
    let bytes: [UInt8]
    /// The labels of a host with parameters, in order; empty for the other kinds.
    let labels: [Label]
    /// How specifically this entry names a host it matches: an exact host, then a host with
    /// parameters (more literal labels, then more literal bytes, first), then a longer wildcard
    /// suffix before a shorter one, then `*`. Stored: every scoped link reads it.
    let specificity: Int
    /// For a host with parameters whose parameters all come before its literal labels
    /// (`:lang.wikipedia.org`, `:site.:lang.wikipedia.org`), as most are: how many parameters
    /// lead, and the literal labels after them with their leading dot (`.wikipedia.org`), so
    /// that a host is matched as a wildcard is, without reading it label by label. 0 and empty
    /// for every other entry.
    let leadingParameters: Int
    let literalSuffix: [UInt8]

    init(kind: Kind, bytes: [UInt8], labels: [Label] = []) {
        self.kind = kind
        self.bytes = bytes
        self.labels = labels
        let leading = labels.prefix { $0.parameter != nil }.count
        let literalsAfter = labels.dropFirst(leading)
        if kind == .parameters && leading > 0 && literalsAfter.allSatisfy({ $0.parameter == nil }) {
            self.leadingParameters = leading
            self.literalSuffix = Array(literalsAfter.map { [UInt8(ascii: ".")] + $0.literal }.joined())
        } else {
            self.leadingParameters = 0
            self.literalSuffix = []
        }
        self.specificity =
            switch kind {
            case .any: 1
            case .wildcard: 2 + bytes.count
            case .parameters:
                Self.parametersSpecificity
                    + labels.reduce(0) { $1.parameter == nil ? $0 + 256 + $1.literal.count : $0 }
            case .exact: Self.exactSpecificity
            }
    }

    /// Parses an entry as written, or gives why it is not a host pattern.
    static func parse(_ entry: String) -> Result<HostPattern, HostPatternError> {
        if entry == "*" { return .success(HostPattern(kind: .any, bytes: [])) }
        var body = Substring(entry)
        var kind = Kind.exact
        if body.hasPrefix("*.") {
            body = body.dropFirst(2)
            kind = .wildcard
        }
        if isWrittenWithParameters(entry) {
            guard kind == .exact else {
                return .failure(
                    HostPatternError(
                        entry: entry,
                        reason: "'*.' and host parameters do not mix: '*.' already stands for any labels, "
                            + "a parameter for one (:name.example.com)"))
            }
            return parameters(entry)
        }
        if let reason = invalidity(ofHostName: body) {
            return .failure(HostPatternError(entry: entry, reason: bareHostFix(entry) ?? reason))
        }
        let lowered = body.utf8.map(ASCIICaseFolding.lowercased)
        return .success(
            HostPattern(kind: kind, bytes: kind == .wildcard ? [UInt8(ascii: ".")] + lowered : lowered))
    }

    /// Why `name` is not a DNS host name (labels of letters, digits, `-` and `_`, separated by
    /// dots, a trailing dot allowed), or `nil` when it is one.
    static func invalidity(ofHostName name: Substring) -> String? {
        if name.isEmpty { return "a host cannot be empty: remove the entry ('*' serves every host)" }
        if name.utf8.contains(where: { $0 >= 0x80 }) {
            return "a host is written in ASCII: use its punycode form (xn--…)"
        }
        if name.utf8.count > 254 { return "a host has at most 253 bytes" }
        let labels = name.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        for (index, label) in labels.enumerated() {
            if label.isEmpty {
                // `example.com.` (fully qualified) is a host of its own; `a..b` and `.a` are not hosts.
                if index == labels.count - 1 && index > 0 { continue }
                let rest = name.dropFirst()
                guard index == 0, !rest.isEmpty, invalidity(ofHostName: rest) == nil else {
                    return "a host has no empty label: remove the extra '.'"
                }
                return "a host has no empty label: write '*.\(rest)' for every subdomain of \(rest), or "
                    + "'\(rest)' for that host"
            }
            if label.count > 63 { return "a host label has at most 63 bytes" }
            for byte in label {
                let valid =
                    ASCIICaseFolding.isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                    || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
                if !valid {
                    guard byte == UInt8(ascii: "*") else {
                        return "'\(Character(Unicode.Scalar(byte)))' is not allowed in a host, which has "
                            + "letters, digits, '-' and '_' in labels separated by '.'"
                    }
                    return "'*' stands only in a leading '*.' (every subdomain: *.example.com) or alone "
                        + "(every host)"
                }
            }
            if label.first == UInt8(ascii: "-") || label.last == UInt8(ascii: "-") {
                return "a host label does not begin or end with '-'"
            }
        }
        return nil
    }

    /// The fix for an entry written as a URL, or with user-info, a port or a path
    /// (`https://mail.example.com`, `mail.example.com:443`, `mail.example.com/x`), naming the bare
    /// host; `nil` when taking those away leaves no valid entry.
    private static func bareHostFix(_ entry: String) -> String? {
        var host = Substring(entry)
        var removed: [String] = []
        if let separator = host.range(of: "://") {
            host = host[separator.upperBound...]
            removed.append("scheme")
        }
        if let end = host.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) {
            host = host[..<end]
            removed.append("path")
        }
        if let at = host.lastIndex(of: "@") {
            host = host[host.index(after: at)...]
            removed.insert("user-info", at: removed.first == "scheme" ? 1 : 0)
        }
        var port = false
        if let colon = host.lastIndex(of: ":"),
            host[host.index(after: colon)...].allSatisfy({ $0.isASCII && $0.isNumber })
        {
            host = host[..<colon]
            port = true
            removed.insert("port", at: removed.last == "path" ? removed.count - 1 : removed.count)
        }
        guard !removed.isEmpty, !host.isEmpty, case .success = parse(String(host)) else { return nil }
        let list =
            removed.count == 1
            ? removed[0] : removed.dropLast().joined(separator: ", ") + " and " + removed[removed.count - 1]
        return "write the host without its \(list): \(host)"
            + (port ? " (a link's port is ignored)" : "")
    }

    /// Whether the URL's host `host` (its bytes as received, without the port) is one this entry
    /// names.
    /// Host parameters' constraints are the route's to check (``RouteScope``).
    @inline(__always)
    func matches<Host: Collection<UInt8>>(_ host: Host) -> Bool {
        switch kind {
        case .any:
            return true
        case .exact:
            return ASCIICaseFolding.equals(host, lowered: bytes)
        case .wildcard:
            guard host.count > bytes.count else { return false }
            return ASCIICaseFolding.equals(host.dropFirst(host.count - bytes.count), lowered: bytes)
        case .parameters:
            return matchesLabels(host)
        }
    }

    /// ``matches(_:)`` for an entry whose parameters lead: the host ends with the literal
    /// suffix, and what comes before it is as many non-empty labels as there are parameters.
    @inline(__always)
    private func matchesLeadingParameters<Host: Collection<UInt8>>(_ host: Host) -> Bool {
        guard host.count > literalSuffix.count else { return false }
        let cut = host.index(host.startIndex, offsetBy: host.count - literalSuffix.count)
        guard ASCIICaseFolding.equals(host[cut...], lowered: literalSuffix) else { return false }
        var labelCount = 1
        var labelIsEmpty = true
        for byte in host[..<cut] {
            if byte == UInt8(ascii: ".") {
                if labelIsEmpty { return false }
                labelCount += 1
                labelIsEmpty = true
            } else {
                labelIsEmpty = false
            }
        }
        return !labelIsEmpty && labelCount == leadingParameters
    }

    /// The `.parameters` case of ``matches(_:)``, out of line: inlined, either loop kept
    /// ``matches(_:)`` itself from being inlined where the parser checks every web link's host
    /// and where a scope ranks one. By the literal suffix when the parameters lead, else label by
    /// label (``readLabels(of:_:)``, the reference `HostPatternMatchingTests` compares them with).
    @inline(never)
    func matchesLabels<Host: Collection<UInt8>>(_ host: Host) -> Bool {
        leadingParameters > 0 ? matchesLeadingParameters(host) : readLabels(of: host)
    }

    /// Whether every host `other` names is one this entry names too (constraints aside).
    func covers(_ other: HostPattern) -> Bool {
        switch (kind, other.kind) {
        case (.any, _): return true
        case (_, .any): return false
        case (.exact, .exact): return bytes == other.bytes
        case (.exact, _): return false
        case (.wildcard, .exact): return matches(other.bytes)
        case (.wildcard, .wildcard):
            return other.bytes.count >= bytes.count && other.bytes.reversed().starts(with: bytes.reversed())
        case (.wildcard, .parameters): return coversLabels(of: other)
        case (.parameters, .exact): return matches(other.bytes)
        case (.parameters, .wildcard): return false
        case (.parameters, .parameters):
            return labels.count == other.labels.count
                && zip(labels, other.labels).allSatisfy { $0.parameter != nil || $0.literal == $1.literal }
        }
    }

    /// The specificity of an exact host, or of a custom scheme a route names.
    static let exactSpecificity = 1 << 16
    /// Below an exact host, above every wildcard (whose suffix has at most 254 bytes).
    private static let parametersSpecificity = 1 << 15

}

/// Why an entry of a host set is not a host pattern.
struct HostPatternError: Error, Sendable {
    let entry: String
    let reason: String
}
