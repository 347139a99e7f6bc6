extension PatternParser {
    /// Refuses, in the raw text at `range` (escapes included), what the URL parser never lets
    /// through in a path: the first offending scalar is named. Literals are nearly always ASCII,
    /// checked byte by byte; at the first other byte the check goes on over the scalars.
    func validateLiteral(_ range: Range<Int>) throws(RouteTableError) {
        var offset = range.lowerBound
        while offset < range.upperBound, bytes[offset] < 0x80 {
            if bytes[offset] == UInt8(ascii: "\\") {
                // The escaped scalar was checked by `validateEscaped`.
                offset += 1
                while offset + 1 < range.upperBound && bytes[offset + 1] & 0xC0 == 0x80 { offset += 1 }
            } else if let reason = Self.refusal(of: Unicode.Scalar(bytes[offset])) {
                throw error(at: offset, reason)
            }
            offset += 1
        }
        guard offset < range.upperBound else { return }
        let text = String(
            decoding: UnsafeBufferPointer(rebasing: bytes[offset..<range.upperBound]), as: UTF8.self)
        var scalarOffset = self.scalarOffset(offset)
        var escaped = false
        for scalar in text.unicodeScalars {
            defer { scalarOffset += 1 }
            if escaped {
                escaped = false
                continue
            }
            if scalar == "\\" {
                escaped = true
            } else if let reason = Self.refusal(of: scalar) {
                throw RouteTableError(pattern: pattern, position: scalarOffset, reason: reason)
            }
        }
    }

    /// Refuses an escaped scalar (the bytes at `range`) that could never match: `\` makes `:`,
    /// `*`, `(`, `)` and `\` literal, and cannot make a character the URL parser refuses acceptable.
    func validateEscaped(_ range: Range<Int>) throws(RouteTableError) {
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        if let scalar = text.unicodeScalars.first, let reason = Self.refusal(of: scalar) {
            throw error(at: range.lowerBound, reason)
        }
    }

    /// Why `scalar` cannot appear in a literal, or `nil`: the URL parser never lets it through in
    /// a path.
    static func refusal(of scalar: Unicode.Scalar) -> String? {
        switch scalar {
        case "%":
            return "write the decoded character instead of a percent-escape"
        case "?", "#":
            return "'\(scalar)' cannot appear in a path pattern"
        default:
            // The URL parser refuses these scalars in a path, raw or percent-encoded.
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F:
                return "control characters can never match"
            case let value where URLComponentValidator.isInvisibleOrBidirectional(value):
                return
                    "invisible and bidirectional formatting characters can never match: the URL parser refuses them"
            default:
                return nil
            }
        }
    }
}
