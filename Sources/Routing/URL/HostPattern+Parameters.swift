/// Hosts with parameters (`:lang.wikipedia.org`): parsed, matched label by label, and compared
/// with the other kinds of entry.
extension HostPattern {
    /// Parses `entry`, whose labels hold at least one `:`: each `:name` or `:name(constraint)`
    /// is one whole label, and the other labels are a host name's.
    static func parameters(_ entry: String) -> Result<HostPattern, HostPatternError> {
        func failure(_ reason: String) -> Result<HostPattern, HostPatternError> {
            .failure(HostPatternError(entry: entry, reason: reason))
        }
        var labels: [Label] = []
        var names: Set<String> = []
        // The literal labels checked as a host name, with each parameter standing in as `x`.
        var stand: [Substring] = []
        for text in entry.split(separator: ".", omittingEmptySubsequences: false) {
            guard let colon = text.firstIndex(of: ":") else {
                labels.append(
                    Label(
                        literal: text.utf8.map(ASCIICaseFolding.lowercased), parameter: nil, constraint: nil))
                stand.append(text)
                continue
            }
            guard colon == text.startIndex else {
                return failure(
                    "a host parameter is one whole label: write ':\(text[text.index(after: colon)...])' as a label "
                        + "of its own, not '\(text)'")
            }
            var name = text.dropFirst()
            var constraint: String?
            if let open = name.firstIndex(of: "(") {
                guard name.last == ")", open < name.index(before: name.endIndex) else {
                    return failure("host parameter '\(text)': a constraint is written ':name(constraint)'")
                }
                let written = name[name.index(after: open)..<name.index(before: name.endIndex)]
                guard isIdentifier(written) else {
                    return failure("host parameter '\(text)': a constraint name is [A-Za-z_][A-Za-z0-9_]*")
                }
                constraint = String(written)
                name = name[..<open]
            }
            guard isIdentifier(name) else {
                return failure("host parameter '\(text)': a parameter name is [A-Za-z_][A-Za-z0-9_]*")
            }
            guard names.insert(String(name)).inserted else {
                return failure("host parameter '\(name)' appears twice: each name is one label")
            }
            labels.append(Label(literal: [], parameter: String(name), constraint: constraint))
            stand.append("x")
        }
        if let reason = invalidity(ofHostName: Substring(stand.joined(separator: "."))) {
            return failure(reason)
        }
        return .success(
            HostPattern(kind: .parameters, bytes: entry.utf8.map(ASCIICaseFolding.lowercased), labels: labels)
        )
    }

    /// Whether `entry` is meant as a host with parameters: a label starts with `:`, or a `:`
    /// stands inside a label (`sub-:x.example.com`, refused with the fix). A URL or a trailing
    /// port (`https://…`, `mail.example.com:443`) is not: its own message names the bare host.
    static func isWrittenWithParameters(_ entry: String) -> Bool {
        guard !entry.contains("/"), !entry.contains("@"), let colon = entry.lastIndex(of: ":") else {
            return false
        }
        let labels = entry.split(separator: ".", omittingEmptySubsequences: false)
        return labels.contains { $0.hasPrefix(":") }
            || !entry[entry.index(after: colon)...].allSatisfy { $0.isASCII && $0.isNumber }
    }

    private static func isIdentifier(_ text: Substring) -> Bool {
        guard let first = text.utf8.first, first == UInt8(ascii: "_") || ASCIICaseFolding.isLetter(first)
        else {
            return false
        }
        return text.utf8.allSatisfy {
            $0 == UInt8(ascii: "_") || ASCIICaseFolding.isLetter($0) || ($0 >= 0x30 && $0 <= 0x39)
        }
    }

    /// What two routes' entries must share to name the same hosts: the entry, with a
    /// parameter's name left out (`:lang.wikipedia.org` and `:code.wikipedia.org` are one).
    var conflictKey: [UInt8] {
        guard kind == .parameters else { return bytes }
        return Array(
            labels.map { $0.parameter == nil ? $0.text : ":(" + ($0.constraint ?? "") + ")" }.joined(
                separator: "."
            ).utf8)
    }

    /// The names of the parameters, in label order.
    var parameterNames: [String] { labels.compactMap(\.parameter) }

    /// Whether `host` has as many labels as this host with parameters, equal literals (ASCII
    /// case-insensitively) and a non-empty label for each parameter; `body` is told each label's
    /// index and range as it is read, so a caller that reads parameters needs no array.
    @inline(__always)
    func readLabels<Host: Collection<UInt8>>(
        of host: Host, _ body: (Int, Range<Host.Index>) -> Void = { _, _ in }
    ) -> Bool {
        // The labels are read in place: iterating copies of them would retain each one's
        // literal and names for every host compared.
        labels.withUnsafeBufferPointer { labels in
            var start = host.startIndex
            for position in labels.indices {
                var end = start
                while end != host.endIndex && host[end] != UInt8(ascii: ".") { end = host.index(after: end) }
                let isLast = position == labels.count - 1
                if isLast != (end == host.endIndex) { return false }
                if labels[position].parameter != nil {
                    if end == start { return false }
                } else if !ASCIICaseFolding.equals(host[start..<end], lowered: labels[position].literal) {
                    return false
                }
                body(position, start..<end)
                start = isLast ? end : host.index(after: end)
            }
            return true
        }
    }

    /// Whether this wildcard covers every host `other`, a host with parameters, names: `other`
    /// has more labels than the suffix, and ends with the suffix's labels as literals.
    func coversLabels(of other: HostPattern) -> Bool {
        let suffix = bytes.dropFirst().split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard other.labels.count > suffix.count else { return false }
        return zip(other.labels.suffix(suffix.count), suffix).allSatisfy {
            $0.parameter == nil && $0.literal.elementsEqual($1)
        }
    }

    /// The labels of any entry, for intersecting it label by label: a host's own, a wildcard's
    /// suffix after `count - suffix` free labels (`nil`); `nil` as a whole when the entry cannot
    /// have `count` labels.
    func labels(count: Int) -> [Label?]? {
        switch kind {
        case .any:
            return Array(repeating: nil, count: count)
        case .parameters:
            return labels.count == count ? labels : nil
        case .exact:
            let split = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard split.count == count else { return nil }
            return split.map { Label(literal: Array($0), parameter: nil, constraint: nil) }
        case .wildcard:
            let split = bytes.dropFirst().split(
                separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard split.count < count else { return nil }
            return Array(repeating: nil, count: count - split.count)
                + split.map { Label(literal: Array($0), parameter: nil, constraint: nil) }
        }
    }
}

extension HostPattern.Label {
    /// The label as a host entry writes it: the literal, or `:name(constraint)`.
    var text: String {
        guard let parameter else { return String(decoding: literal, as: UTF8.self) }
        return ":" + parameter + (constraint.map { "(\($0))" } ?? "")
    }
}
