/// The host of an `http(s)` link, read as the URL Standard's host parser reads it, so the router
/// and the browser agree on where a link goes: `[…]` must hold a complete IPv6 address; anything
/// else is percent-decoded; kept as it is (lowercased) when ASCII, else mapped by UTS #46 as the
/// Standard's domain to ASCII asks (``DomainMapping``: the IDNA mapping table, NFC, the joiner
/// and bidi rules, from the package's Unicode tables) and turned to Punycode label by label; then
/// checked for forbidden code points and, when its last label is a number, read as an IPv4
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
    static func parse(_ host: Slice<UnsafeBufferPointer<UInt8>>) -> Result<String?, URLRejection> {
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
        // path is rare: escapes and non-ASCII take the mapping, ASCII the IPv4 check. A forbidden
        // byte refuses an ASCII host only: NFC makes `<` and a following U+0338 one `≮`.
        var forbidden: UInt8?
        for byte in host {
            if byte >= 0x80 || byte == UInt8(ascii: "%") { return mappedHost(host) }
            if forbidden == nil, isForbidden(byte) { forbidden = byte }
        }
        if let forbidden { return .failure(invalid(host, forbiddenReason(Unicode.Scalar(forbidden)))) }
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

    /// An ASCII domain without forbidden bytes: kept as it is (the Standard lowercases an ASCII
    /// domain whatever UTS #46 makes of it, `xn--` labels included), and a host ending in a number
    /// must be an IPv4 address (given as its dotted form when spelled otherwise).
    private static func checkedASCII<Domain: BidirectionalCollection<UInt8>>(
        _ domain: Domain, original: Slice<UnsafeBufferPointer<UInt8>>
    ) -> Result<[UInt8]?, URLRejection> {
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

    /// The slow path: percent-decoded, then (unless ASCII) mapped by UTS #46 and turned to
    /// Punycode, then checked for forbidden code points and read as IPv4 when it ends in a number.
    private static func mappedHost(_ host: Slice<UnsafeBufferPointer<UInt8>>) -> Result<String?, URLRejection>
    {
        let decoded = [UInt8](unsafeUninitializedCapacity: host.count) { buffer, count in
            count = PercentEncoding.decode(UnsafeBufferPointer(rebasing: host), into: buffer)
        }
        var bytes: [UInt8]
        if decoded.allSatisfy({ $0 < 0x80 }) {
            bytes = decoded.map(ASCIICaseFolding.lowercased)
        } else {
            // The Standard decodes with U+FFFD for bad bytes, which UTS #46 disallows: the same
            // refusal, said plainly.
            guard let scalars = scalars(decoded) else {
                return .failure(invalid(host, "its percent-decoded bytes are not UTF-8"))
            }
            switch DomainMapping.toASCII(scalars) {
            case .success(let mapped): bytes = Array(mapped.utf8)
            case .failure(let failure): return .failure(invalid(host, reason(failure)))
            }
        }
        guard !bytes.isEmpty else {
            return .failure(
                invalid(host, "nothing is left of it once the invisible characters browsers drop are removed")
            )
        }
        if let forbidden = bytes.first(where: isForbidden) {
            return .failure(invalid(host, forbiddenReason(Unicode.Scalar(forbidden))))
        }
        switch checkedASCII(bytes, original: host) {
        case .failure(let error): return .failure(error)
        case .success(let dotted):
            if let dotted { bytes = dotted }
            let result = String(decoding: bytes, as: UTF8.self)
            return .success(ASCIICaseFolding.equals(host, result) ? nil : result)
        }
    }

    /// The code points of `bytes`, or `nil` when they are not well-formed UTF-8.
    private static func scalars(_ bytes: [UInt8]) -> [UInt32]? {
        var validator = UTF8Validator()
        var scalars: [UInt32] = []
        scalars.reserveCapacity(bytes.count)
        for byte in bytes {
            switch validator.consume(byte) {
            case .scalar(let scalar): scalars.append(scalar)
            case .pending: continue
            case .invalid: return nil
            }
        }
        return validator.isComplete ? scalars : nil
    }

    private static func reason(_ failure: DomainMapping.Failure) -> String {
        switch failure {
        case .disallowed(let scalar):
            "\(URLComponentValidator.codePoint(scalar)) is disallowed in hosts (UTS #46)"
        case .nonASCIIPunycode(let label):
            "'\(label)' starts with 'xn--' but is not ASCII, so it is not Punycode"
        case .invalidPunycode(let label):
            "'\(label)' is not Punycode for a label that is not ASCII"
        case .invalidDecodedLabel(let label, let failure):
            "'\(label)' decodes to a label that breaks UTS #46: \(reason(failure))"
        case .notNormalized:
            "the label is not in Unicode normalization form C"
        case .doublePunycode:
            "the label starts with 'xn--' again"
        case .notMapped(let scalar):
            "\(URLComponentValidator.codePoint(scalar)) is one the mapping changes, so no host holds it"
        case .startsWithMark(let scalar):
            "a label cannot start with a combining mark (\(URLComponentValidator.codePoint(scalar)))"
        case .joiner(.joiner):
            "a zero-width joiner (U+200D) must follow a virama"
        case .joiner(.nonJoiner):
            "a zero-width non-joiner (U+200C) must follow a virama or sit between joining letters"
        case .bidi(let label):
            "the label '\(label)' breaks the bidi rule (RFC 5893) of a host with right-to-left text"
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

    private static func invalid(_ host: Slice<UnsafeBufferPointer<UInt8>>, _ reason: String) -> URLRejection {
        // Controls, spaces and invisible characters are shown as code points: the message is one
        // readable line that shows what the link holds. So is a mark starting a label, which
        // would otherwise sit on the quote or the dot before it.
        var shown = ""
        var atLabelStart = true
        for scalar in String(decoding: host, as: UTF8.self).unicodeScalars {
            if isShownAsCodePoint(scalar.value)
                || (atLabelStart && scalar.value >= 0x300 && UnicodeProperties.isMark(scalar.value))
            {
                shown += URLComponentValidator.codePoint(scalar.value)
            } else {
                shown.unicodeScalars.append(scalar)
            }
            atLabelStart =
                scalar == "." || scalar == "\u{3002}" || scalar == "\u{FF0E}" || scalar == "\u{FF61}"
        }
        return URLRejection(.badRequest, "invalid host '\(shown)' in an http(s) URL: \(reason)")
    }

    /// Controls, spaces, separators and invisible formatting characters (by their bidi class in
    /// the package's tables, so the message is the same on every OS).
    private static func isShownAsCodePoint(_ scalar: UInt32) -> Bool {
        if scalar <= 0x20 || URLComponentValidator.isControl(scalar)
            || URLComponentValidator.isInvisibleOrBidirectional(scalar) || scalar == 0x61C
        {
            return true
        }
        guard scalar >= 0x80 else { return false }
        switch UnicodeProperties.bidiClass(scalar) {
        case .bn, .other: return true
        default: return false
        }
    }
}
