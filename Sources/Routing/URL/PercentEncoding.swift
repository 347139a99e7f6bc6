/// Percent-decoding and -encoding for path segments and query components.
///
/// Decoding happens once, when a value is read (`%252F` reads as `%2F`, never `/`). Encoding is
/// for reverse routing and the built-in modules: it produces text that ``URLParser`` reads back
/// as the same value.
package enum PercentEncoding {
    /// Decodes the `%XX` escapes of `encoded`, once.
    ///
    /// The parser has already validated the input, but this never traps on anything else: a
    /// malformed escape is kept as written and bytes that are not UTF-8 become U+FFFD.
    package static func decode(_ encoded: Substring) -> String {
        var encoded = encoded
        return encoded.withUTF8 { decode($0, plusAsSpace: false) }
    }

    /// Decodes a run of bytes; with `plusAsSpace`, a raw `+` reads as a space (`%2B` stays `+`).
    static func decode<Bytes: Collection<UInt8>>(_ bytes: Bytes, plusAsSpace: Bool) -> String {
        // Most values have no escape at all: skip the scratch buffer for them.
        if !bytes.contains(where: { $0 == UInt8(ascii: "%") || (plusAsSpace && $0 == UInt8(ascii: "+")) }) {
            return String(decoding: bytes, as: UTF8.self)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index != bytes.endIndex {
            let byte = bytes[index]
            bytes.formIndex(after: &index)
            if byte == UInt8(ascii: "+") && plusAsSpace {
                output.append(UInt8(ascii: " "))
                continue
            }
            guard byte == UInt8(ascii: "%"), index != bytes.endIndex else {
                output.append(byte)
                continue
            }
            let second = bytes.index(after: index)
            guard second != bytes.endIndex, let high = hexValue(bytes[index]),
                let low = hexValue(bytes[second])
            else {
                output.append(byte)
                continue
            }
            output.append(high << 4 | low)
            index = bytes.index(after: second)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Decodes the `%XX` escapes of `bytes` into `output` (at least `bytes.count` long) and
    /// returns the decoded length; a malformed escape is kept as written. Allocates nothing, for
    /// the matcher's escaped segments.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>)
        -> Int
    {
        var index = 0
        var count = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                output[count] = high << 4 | low
                index += 3
            } else {
                output[count] = byte
                index += 1
            }
            count += 1
        }
        return count
    }

    /// The value of an ASCII hex digit (`0`–`9`, `a`–`f`, `A`–`F`), or `nil`.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte &- UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte &- UInt8(ascii: "a") &+ 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte &- UInt8(ascii: "A") &+ 10
        default: nil
        }
    }

    /// Encodes a path segment value: keeps `A-Z a-z 0-9 - . _ ~ ! $ & ' ( ) * + , ; = : @` and
    /// escapes every other byte of its UTF-8 (including `/`, `%`, `?`, `#`, space), uppercase hex.
    ///
    /// The output is never split by the parser: `a/b` becomes the single segment `a%2Fb`.
    static func encodeSegment(_ value: String) -> String {
        encode(value, keepingQuerySeparators: true)
    }

    /// Encodes a query name or value: like ``encodeSegment(_:)`` but also escapes `&`, `=`, `+`
    /// and `;`, so the component cannot split an item, and `+` survives `plusAsSpace`.
    package static func encodeQueryComponent(_ value: String) -> String {
        encode(value, keepingQuerySeparators: false)
    }

    private static func encode(_ value: String, keepingQuerySeparators: Bool) -> String {
        let keep = { (byte: UInt8) -> Bool in
            isUnreservedOrSafe(byte) || (keepingQuerySeparators && isQuerySeparator(byte))
        }
        if value.utf8.allSatisfy(keep) { return value }
        var output: [UInt8] = []
        output.reserveCapacity(value.utf8.count * 3)
        appendEncoded(value, keepingQuerySeparators: keepingQuerySeparators, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends ``encodeSegment(_:)``'s bytes for `value` to `output`, for callers that build a
    /// whole path in one buffer (reverse routing) instead of one string per segment.
    static func appendSegment(_ value: String, to output: inout [UInt8]) {
        // Native strings are contiguous: one pass over their bytes, no copy.
        let contiguous: Void? = value.utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes { appendSegmentByte(byte, to: &output) }
        }
        if contiguous == nil {
            for byte in value.utf8 { appendSegmentByte(byte, to: &output) }
        }
    }

    @inline(__always)
    private static func appendSegmentByte(_ byte: UInt8, to output: inout [UInt8]) {
        if keepsInSegment(byte) {
            output.append(byte)
        } else {
            appendEscape(byte, to: &output)
        }
    }

    /// Whether `encoded` is exactly what ``appendSegment(_:to:)`` writes for `decode(encoded)`:
    /// bytes the encoder keeps, and `%XX` escapes in its own form (``hexDigit(_:)``) of bytes it
    /// escapes, which together decode to well-formed UTF-8 (decoding repairs anything else to
    /// U+FFFD, which the encoder would then write). Such a value goes into a URL as it is, with no
    /// decoding and encoding again: what navigation stacks do with their link's values. One pass,
    /// no allocation.
    static func isSegmentEncoding(_ encoded: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < encoded.count {
            if keepsInSegment(encoded[index]) {
                index += 1
                continue
            }
            // An escape, or escapes that together make one UTF-8 sequence.
            var utf8 = UTF8Validator()
            sequence: while true {
                guard let decoded = ownEscape(in: encoded, at: index), !keepsInSegment(decoded) else {
                    return false
                }
                index += 3
                switch utf8.consume(decoded) {
                case .invalid: return false
                case .scalar: break sequence
                case .pending: continue
                }
            }
        }
        return true
    }

    /// The byte of the escape at `index` when it is written as ``appendEscape(_:to:)`` writes it.
    @inline(__always)
    private static func ownEscape(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt8? {
        guard index + 2 < bytes.count, bytes[index] == UInt8(ascii: "%"),
            let high = hexValue(bytes[index + 1]),
            let low = hexValue(bytes[index + 2]), bytes[index + 1] == hexDigit(high),
            bytes[index + 2] == hexDigit(low)
        else { return nil }
        return high << 4 | low
    }

    private static func appendEncoded(
        _ value: some StringProtocol, keepingQuerySeparators: Bool, to output: inout [UInt8]
    ) {
        for byte in value.utf8 {
            if isUnreservedOrSafe(byte) || (keepingQuerySeparators && isQuerySeparator(byte)) {
                output.append(byte)
            } else {
                appendEscape(byte, to: &output)
            }
        }
    }

    /// Appends `%XX` for `byte`, with ``hexDigit(_:)``'s digits.
    static func appendEscape(_ byte: UInt8, to output: inout [UInt8]) {
        output += [UInt8(ascii: "%"), hexDigit(byte >> 4), hexDigit(byte & 0x0F)]
    }

    /// The digit an escape writes for `value` (0–15): uppercase hex, as RFC 3986 recommends.
    @inline(__always)
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    /// Bytes ``appendSegment(_:to:)`` writes as they are.
    @inline(__always)
    private static func keepsInSegment(_ byte: UInt8) -> Bool {
        isUnreservedOrSafe(byte) || isQuerySeparator(byte)
    }

    /// Bytes both encoders keep: RFC 3986 unreserved, plus the sub-delimiters, `:` and `@` that
    /// carry no meaning in a segment or a query component.
    private static func isUnreservedOrSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"),
            UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "'"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: ","), UInt8(ascii: ":"),
            UInt8(ascii: "@"):
            true
        default:
            false
        }
    }

    /// Bytes that are safe in a segment but split or change a query item.
    private static func isQuerySeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "&") || byte == UInt8(ascii: "=") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ";")
    }
}
