import Foundation

/// The host of an `http(s)` link, read as the URL Standard's host parser reads it, so the router
/// and the browser agree on where a link goes: `[…]` must hold a complete IPv6 address; anything
/// else is percent-decoded, mapped as a domain (compatibility normalization, lowercase, the
/// invisible characters browsers drop removed, `。` as `.`), checked for code points no host may
/// hold, turned to Punycode label by label, and, when its last label is a number, read as an IPv4
/// address.
///
/// Hosts of plain ASCII without `%` (almost every link) take one pass over their bytes and build
/// nothing. A host the Standard rejects is a 400 whatever the router serves: `http://[]`,
/// `http://192.168.0.257`, `http://%25`, `http://GOO\u{3000}goo.com`.
enum WebHost {
    /// The host as the router compares it, when that differs from `host` beyond ASCII case
    /// (`ex%41mple.com` is `example.com`, `０Ｘｃ０．０２５０．０１` is `192.168.0.1`,
    /// `bücher.example` is `xn--bcher-kva.example`); `nil` when `host` is already that host. A
    /// failure names the host and the rule it breaks.
    static func parse(_ host: Slice<UnsafeBufferPointer<UInt8>>) -> Result<String?, RoutingError> {
        if host.first == UInt8(ascii: "[") {
            guard host.count >= 2, host.last == UInt8(ascii: "]"),
                IPv6Address.isValid(host.dropFirst().dropLast())
            else {
                return .failure(
                    invalid(host, "between '[' and ']' must be a complete IPv6 address, such as [::1]"))
            }
            return .success(nil)
        }
        // Not an LDH name (see `isLDHName`), which the authority check settles first, so this
        // path is rare: escapes and non-ASCII take the mapping, ASCII the Punycode and IPv4 checks.
        for byte in host {
            if byte >= 0x80 || byte == UInt8(ascii: "%") { return mappedHost(host) }
            if isForbidden(byte) { return .failure(invalid(host, forbiddenReason(Unicode.Scalar(byte)))) }
        }
        return checkedASCII(host, original: host).map { $0.map { String(decoding: $0, as: UTF8.self) } }
    }

    /// Whether the host at `range` of `bytes` is an LDH name (letters, digits and hyphens, in labels), which ``parse(_:)`` would give back
    /// as it is: letters, digits, `-` and `.` only, no label starting with `x` (which may be
    /// Punycode), and a last label not starting with a digit (which may be a number). Almost every
    /// link's host is one; this settles it eight bytes at a time, with no call and no allocation.
    @inline(__always)
    static func isLDHName(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        var index = range.lowerBound
        let end = range.upperBound
        // 0x80 in each byte that starts a label; the host's first byte does.
        var carriedStart: UInt64 = 0x80
        var lastLabelFirst = UInt8(ascii: ".")
        while index < end {
            let remaining = end &- index
            let word: UInt64
            let present: UInt64
            if remaining >= 8 {
                word = ByteWord.load(bytes, at: index)
                present = ByteWord.all
            } else {
                word = ByteWord.load(bytes, at: index, upTo: end)
                present = ByteWord.all &>> UInt64((8 &- remaining) &* 8)
            }
            let lowered = word | 0x2020_2020_2020_2020
            let dots = ByteWord.bytes(of: word, equalTo: UInt8(ascii: "."))
            let ordinary =
                ByteWord.bytes(of: lowered, in: UInt8(ascii: "a")...UInt8(ascii: "z"))
                | ByteWord.bytes(of: word, in: UInt8(ascii: "0")...UInt8(ascii: "9"))
                | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "-")) | dots
            guard ordinary & present == present else { return false }
            // A trailing dot starts no label: its start falls past `present`.
            let starts = (dots &<< 8 | carriedStart) & present
            if ByteWord.bytes(of: lowered, equalTo: UInt8(ascii: "x")) & starts != 0 { return false }
            if starts != 0 {
                let lastStart = UInt64(63 &- starts.leadingZeroBitCount) & ~7
                lastLabelFirst = UInt8(truncatingIfNeeded: word &>> lastStart)
            }
            carriedStart = dots &>> 63 != 0 ? 0x80 : 0
            index &+= 8
        }
        return lastLabelFirst &- UInt8(ascii: "0") >= 10
    }

    /// The Standard's forbidden domain code points among ASCII: controls, space, `#`, `%`, `/`,
    /// `:`, `<`, `>`, `?`, `@`, `[`, `\`, `]`, `^`, `|` and DEL.
    @inline(__always)
    static func isForbidden(_ byte: UInt8) -> Bool {
        switch byte {
        case 0...0x20, 0x7F, UInt8(ascii: "#"), UInt8(ascii: "%"), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "["),
            UInt8(ascii: "\\"), UInt8(ascii: "]"), UInt8(ascii: "^"), UInt8(ascii: "|"):
            true
        default: false
        }
    }

    /// An ASCII domain without forbidden bytes: its `xn--` labels must decode, and a host ending
    /// in a number must be an IPv4 address (given as its dotted form when spelled otherwise).
    private static func checkedASCII<Domain: BidirectionalCollection<UInt8>>(
        _ domain: Domain, original: Slice<UnsafeBufferPointer<UInt8>>
    ) -> Result<[UInt8]?, RoutingError> {
        if let label = DomainMapping.invalidPunycodeLabel(in: domain) {
            return .failure(invalid(original, "'\(label)' is not Punycode for a valid label"))
        }
        guard IPv4Address.endsInANumber(domain) else {
            return .success(nil)
        }
        switch IPv4Address.parse(domain) {
        case .success(let address):
            let dotted = Array(IPv4Address.serialized(address).utf8)
            return .success(dotted.elementsEqual(domain) ? nil : dotted)
        case .failure(let failure):
            return .failure(invalid(original, ipv4Reason(failure)))
        }
    }

    /// The slow path: percent-decoded, mapped, checked and turned to Punycode.
    private static func mappedHost(_ host: Slice<UnsafeBufferPointer<UInt8>>) -> Result<String?, RoutingError>
    {
        let decoded = [UInt8](unsafeUninitializedCapacity: host.count) { buffer, count in
            count = PercentEncoding.decode(UnsafeBufferPointer(rebasing: host), into: buffer)
        }
        guard let text = String(validating: decoded, as: UTF8.self) else {
            return .failure(invalid(host, "its percent-decoded bytes are not UTF-8"))
        }
        let ascii: String
        switch DomainMapping.toASCII(text) {
        case .success(let mapped): ascii = mapped
        case .failure(let failure): return .failure(invalid(host, reason(failure)))
        }
        let bytes = Array(ascii.utf8)
        if let forbidden = bytes.first(where: isForbidden) {
            return .failure(invalid(host, forbiddenReason(Unicode.Scalar(forbidden))))
        }
        switch checkedASCII(bytes, original: host) {
        case .failure(let error): return .failure(error)
        case .success(let dotted):
            let result = dotted ?? bytes
            return .success(
                ASCIICaseFolding.equals(host, String(decoding: result, as: UTF8.self))
                    ? nil : String(decoding: result, as: UTF8.self))
        }
    }

    private static func reason(_ failure: DomainMapping.Failure) -> String {
        switch failure {
        case .empty:
            "nothing is left of it once the invisible characters browsers drop are removed"
        case .forbidden(let scalar):
            forbiddenReason(scalar)
        case .notAllowed(let scalar, let kind):
            "\(URLComponentValidator.codePoint(scalar.value)) (\(kind)) cannot be part of a host"
        case .invalidPunycode(let label):
            "'\(label)' is not Punycode for a valid label"
        }
    }

    private static func ipv4Reason(_ failure: IPv4Address.Failure) -> String {
        let rule = "a host whose last label is a number is an IPv4 address"
        return switch failure {
        case .tooManyParts: "\(rule), which has at most four parts"
        case .notANumber(let part): "\(rule), and '\(part)' is not a number (decimal, 0-octal or 0x-hex)"
        case .outOfRange(let part):
            "\(rule), and \(part) is out of range (each part up to 255, the last filling the bytes left)"
        }
    }

    private static func forbiddenReason(_ scalar: Unicode.Scalar) -> String {
        let name =
            switch scalar.value {
            case 0x20: "a space"
            case 0...0x1F, 0x7F: URLComponentValidator.codePoint(scalar.value)
            default: "'\(scalar)'"
            }
        return "\(name) cannot be part of a host (percent-decoded and mapped as browsers do)"
    }

    private static func invalid(_ host: Slice<UnsafeBufferPointer<UInt8>>, _ reason: String) -> RoutingError {
        // Controls, spaces and invisible characters are shown as code points: the message is one
        // readable line that shows what the link holds.
        var shown = ""
        for scalar in String(decoding: host, as: UTF8.self).unicodeScalars {
            if scalar.value <= 0x20 || URLComponentValidator.isControl(scalar.value)
                || scalar.properties.generalCategory == .format || scalar.properties.isWhitespace
            {
                shown += URLComponentValidator.codePoint(scalar.value)
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        return RoutingError(.badRequest, "invalid host '\(shown)' in an http(s) URL: \(reason)")
    }
}
