/// Validates one component of a URL in a single forward pass, without building a decoded copy.
///
/// Every component gets the same escape, UTF-8 and control-character checks; the path also gets
/// its segment rules. The checks run on the bytes as they will be read after decoding once, so
/// `%2e`, `%00` and `%E2%80%AE` are caught exactly like `.`, NUL and a raw U+202E.
enum URLComponentValidator {
    /// The part of the URL being validated, which decides the rules beyond the common ones.
    enum Component: String {
        /// The routed path: segments are non-empty, never `.` or `..`, and free of invisible and
        /// bidirectional characters.
        case path
        /// The query: percent-encoded control characters other than NUL are allowed, since a
        /// value may carry text such as a message body with `%0A`.
        case query
        /// The fragment: never routed, but held to the same rules as the rest of the URL.
        case fragment
        /// The authority of an `http`/`https` URL.
        case authority = "host"
    }

    /// Returns why `range` of `bytes` is not a valid `component`, or `nil` when it is.
    ///
    /// A non-empty path must begin with `/`; the caller guarantees it.
    static func rejection(
        in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, as component: Component
    ) -> URLRejection? {
        let isPath = component == .path
        var utf8 = UTF8Validator()
        var sequenceIsDecoded = false
        var segmentLength = 0
        var segmentIsDots = true
        var index = range.lowerBound
        let end = range.upperBound
        if isPath && index < end { index += 1 }

        while index < end {
            let offset = index
            var byte = bytes[index]
            var isDecoded = false
            if byte == UInt8(ascii: "%") {
                guard index + 2 < end, let high = PercentEncoding.hexValue(bytes[index + 1]),
                    let low = PercentEncoding.hexValue(bytes[index + 2])
                else {
                    return reject(
                        "malformed percent-escape at byte \(offset) of the \(component.rawValue) "
                            + "(expected '%' and two hex digits)")
                }
                byte = high << 4 | low
                isDecoded = true
                index += 3
            } else {
                index += 1
                if isPath && byte == UInt8(ascii: "/") {
                    // A raw '/' can only interrupt a sequence that began with decoded bytes.
                    guard utf8.isComplete else { return notUTF8(at: offset, in: component) }
                    if let rejection = segmentRejection(length: segmentLength, isDots: segmentIsDots) {
                        return rejection
                    }
                    segmentLength = 0
                    segmentIsDots = true
                    continue
                }
            }
            if isPath {
                segmentLength += 1
                if byte != UInt8(ascii: ".") { segmentIsDots = false }
            }
            sequenceIsDecoded = sequenceIsDecoded || isDecoded
            switch utf8.consume(byte) {
            case .pending:
                continue
            case .invalid:
                return notUTF8(at: offset, in: component)
            case .scalar(let scalar):
                if let rejection = scalarRejection(scalar, isDecoded: sequenceIsDecoded, in: component) {
                    return rejection
                }
                sequenceIsDecoded = false
            }
        }
        guard utf8.isComplete else { return notUTF8(at: end, in: component) }
        if isPath && !range.isEmpty {
            return segmentRejection(length: segmentLength, isDots: segmentIsDots)
        }
        return nil
    }

    /// `true` for U+0000–U+001F, U+007F and the C1 controls U+0080–U+009F.
    static func isControl(_ scalar: UInt32) -> Bool {
        scalar < 0x20 || (0x7F...0x9F).contains(scalar)
    }

    /// `true` for the zero-width and bidirectional formatting characters that make a path read
    /// differently from how it matches (U+200B–U+200F, U+202A–U+202E, U+2060–U+2064,
    /// U+2066–U+2069, U+FEFF).
    static func isInvisibleOrBidirectional(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    private static func scalarRejection(_ scalar: UInt32, isDecoded: Bool, in component: Component)
        -> URLRejection?
    {
        if isControl(scalar) {
            if component == .query && isDecoded && scalar != 0 { return nil }
            let spelling = isDecoded ? "percent-encoded control character" : "control character"
            return reject("\(spelling) \(codePoint(scalar)) in the \(component.rawValue)")
        }
        if component == .path && isInvisibleOrBidirectional(scalar) {
            return reject("invisible or bidirectional character \(codePoint(scalar)) in the path")
        }
        return nil
    }

    private static func segmentRejection(length: Int, isDots: Bool) -> URLRejection? {
        if length == 0 { return reject("empty segment in the path ('//')") }
        if isDots && length <= 2 { return reject("dot segment ('.' or '..') in the path") }
        return nil
    }

    private static func notUTF8(at offset: Int, in component: Component) -> URLRejection {
        reject("percent-decoded bytes are not valid UTF-8 at byte \(offset) of the \(component.rawValue)")
    }

    private static func reject(_ reason: String) -> URLRejection {
        URLRejection(status: .badRequest, reason: reason)
    }

    private static func codePoint(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
