/// Validates one component of a URL in a single forward pass, without building a decoded copy.
///
/// Every component gets the same escape, UTF-8 and control-character checks; the path also gets
/// its segment rules. The checks run on the bytes as they will be read after decoding once, so
/// `%2e`, `%00` and `%E2%80%AE` are caught exactly like `.`, NUL and a raw U+202E.
enum URLComponentValidator {
    /// The part of the URL being validated, which decides the rules beyond the common ones.
    enum Component {
        /// The routed path: segments are non-empty, never `.` or `..`, and free of invisible and
        /// bidirectional characters.
        case path
        /// The routed path of a router that routes empty segments
        /// (``Router/Configuration/emptySegments``): the path's rules, an empty segment allowed.
        case pathWithEmptySegments
        /// The query: percent-encoded control characters other than NUL are allowed, since a
        /// value may carry text such as a message body with `%0A`.
        case query
        /// The fragment: never routed, but held to the same rules as the rest of the URL.
        case fragment
        /// The authority of an `http`/`https` URL.
        case authority
        /// What follows the scheme of a URL without `//` (`mailto:a@b.example`): never routed.
        case opaque

        /// How messages name the component.
        var name: String {
            switch self {
            case .path, .pathWithEmptySegments: "path"
            case .query: "query"
            case .fragment: "fragment"
            case .authority: "host"
            case .opaque: "text after the scheme"
            }
        }

        var isPath: Bool {
            switch self {
            case .path, .pathWithEmptySegments: true
            default: false
            }
        }

        var isQuery: Bool {
            if case .query = self { true } else { false }
        }
    }

    /// Returns why `range` of `bytes` is not a valid `component`, or `nil` when it is.
    ///
    /// A non-empty path must begin with `/`; the caller guarantees it.
    static func rejection(
        in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, as component: Component
    ) -> URLRejection? {
        let isPath = component.isPath
        let allowsEmptySegments = if case .pathWithEmptySegments = component { true } else { false }
        var utf8 = UTF8Validator()
        var sequenceIsDecoded = false
        var segmentLength = 0
        var segmentIsDots = true
        var index = range.lowerBound
        let end = range.upperBound
        if isPath && index < end { index += 1 }

        while index < end {
            if isPath && index &+ 8 <= end && utf8.isComplete,
                let settled = printablePathWord(
                    ByteWord.load(bytes, at: index), segmentLength: segmentLength,
                    segmentIsDots: segmentIsDots)
            {
                segmentLength = settled
                segmentIsDots = settled == 0
                index &+= 8
                continue
            }
            let offset = index
            var byte = bytes[index]
            // ASCII outside an escape, between scalars: the common case, settled without the UTF-8
            // decoder. Exactly what the general path below decides for these bytes.
            if byte < 0x80 && byte != UInt8(ascii: "%") && utf8.isComplete {
                if ByteWord.isPrintableAboveSlash(byte) {
                    // A run of `0`…`~`: no control, dot, slash or escape.
                    let runStart = index
                    index &+= 1
                    while index < end && ByteWord.isPrintableAboveSlash(bytes[index]) { index &+= 1 }
                    segmentLength &+= index &- runStart
                    segmentIsDots = false
                    continue
                }
                index &+= 1
                if byte <= 0x20 || byte == 0x7F {
                    // Browsers strip trailing spaces, so a raw one would route differently from the
                    // link the user saw.
                    if byte == 0x20 {
                        return reject(
                            "raw space at byte \(offset) of the \(component.name): spaces must be percent-encoded (%20)"
                        )
                    }
                    return scalarRejection(UInt32(byte), isDecoded: false, in: component)
                }
                if isPath && byte == UInt8(ascii: "/") {
                    if let rejection = segmentRejection(
                        length: segmentLength, isDots: segmentIsDots, allowsEmpty: allowsEmptySegments)
                    {
                        return rejection
                    }
                    segmentLength = 0
                    segmentIsDots = true
                    continue
                }
                segmentLength &+= 1
                if byte != UInt8(ascii: ".") { segmentIsDots = false }
                continue
            }
            var isDecoded = false
            if byte == UInt8(ascii: "%") {
                guard index + 2 < end, let high = PercentEncoding.hexValue(bytes[index + 1]),
                    let low = PercentEncoding.hexValue(bytes[index + 2])
                else {
                    return reject(
                        "malformed percent-escape at byte \(offset) of the \(component.name) "
                            + "(expected '%' and two hex digits): write a '%' itself as %25")
                }
                byte = high << 4 | low
                isDecoded = true
                index += 3
            } else {
                index += 1
                if isPath && byte == UInt8(ascii: "/") {
                    // A raw '/' can only interrupt a sequence that began with decoded bytes.
                    guard utf8.isComplete else { return notUTF8(at: offset, in: component) }
                    if let rejection = segmentRejection(
                        length: segmentLength, isDots: segmentIsDots, allowsEmpty: allowsEmptySegments)
                    {
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
            return segmentRejection(
                length: segmentLength, isDots: segmentIsDots, allowsEmpty: allowsEmptySegments)
        }
        return nil
    }

    /// Eight path bytes at once, when they are all `0`…`~`, `-`, `.` or `/` and no segment they
    /// end or begin can be empty, `.` or `..`: the new length of the open segment, or `nil` to let
    /// the byte loop decide (and report).
    ///
    /// A segment the word begins starts with neither `.` nor `/`, and a segment open before it
    /// already holds something other than dots, so every segment the word ends is valid and the
    /// one left open is not dots only.
    @inline(__always)
    private static func printablePathWord(_ word: UInt64, segmentLength: Int, segmentIsDots: Bool) -> Int? {
        let slashes = ByteWord.bytes(of: word, equalTo: UInt8(ascii: "/"))
        let dots = ByteWord.bytes(of: word, equalTo: UInt8(ascii: "."))
        guard ByteWord.bytes(of: word, in: ByteWord.printableFromDash) == ByteWord.all else { return nil }
        if segmentLength == 0 ? (slashes | dots) & 0x80 != 0 : segmentIsDots { return nil }
        // After a `/`, neither another `/` (an empty segment) nor a `.` (maybe a dot segment).
        if (slashes | dots) & (slashes &<< 8) != 0 { return nil }
        if slashes == 0 { return segmentLength &+ 8 }
        let lastSlash = (63 &- slashes.leadingZeroBitCount) &>> 3
        return 7 &- lastSlash
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
            if component.isQuery && isDecoded && scalar != 0 { return nil }
            let spelling = isDecoded ? "percent-encoded control character" : "control character"
            return reject("\(spelling) \(codePoint(scalar)) in the \(component.name)")
        }
        if component.isPath && isInvisibleOrBidirectional(scalar) {
            return reject("invisible or bidirectional character \(codePoint(scalar)) in the path")
        }
        return nil
    }

    private static func segmentRejection(length: Int, isDots: Bool, allowsEmpty: Bool) -> URLRejection? {
        if length == 0 {
            return allowsEmpty
                ? nil
                : reject(
                    "empty segment in the path ('//'): remove the extra '/', or route such paths with Configuration.emptySegments"
                )
        }
        if isDots && length <= 2 {
            return reject(
                "dot segment ('.' or '..') in the path: links are not resolved, so write the path without it")
        }
        return nil
    }

    private static func notUTF8(at offset: Int, in component: Component) -> URLRejection {
        reject("percent-decoded bytes are not valid UTF-8 at byte \(offset) of the \(component.name)")
    }

    private static func reject(_ reason: String) -> URLRejection {
        URLRejection(.badRequest, reason)
    }

    /// `U+XXXX`, at least four hex digits: how messages name a code point.
    static func codePoint(_ scalar: UInt32) -> String {
        let hex = String(scalar, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
