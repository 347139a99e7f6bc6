import Foundation

/// Foundation `URL`s that Switchyard hands out, judged by Switchyard's parser: `URL(string:)`
/// returns `nil` on iOS 16 for text that iOS 17 and Linux percent-encode (`/café`, `a|b`), so
/// a typed `URL` field read with it would pass on one OS and fail on another.
extension URLParser {
    /// `text` as a Foundation `URL` when Switchyard's parser accepts it (a bare path, a custom-scheme
    /// link, an `http(s)` link, an opaque link such as `mailto:`), else `nil`. The `URL` is made
    /// from the text with its web host as browsers parse it and every byte outside RFC 3986's
    /// characters percent-encoded, which every Foundation reads alike.
    /// `served`: what the parser accepts; ``ServedLinks/anyLink`` for any well-formed link.
    static func foundationURL(_ text: String, served: ServedLinks) -> URL? {
        guard case .success(let parsed) = parse(text, served: served) else { return nil }
        return URL(string: rfc3986(parsed))
    }

    /// The parsed URL with non-ASCII bytes and the ASCII that RFC 3986 leaves out (`"`, `<`, `>`,
    /// `\`, `^`, `` ` ``, `{`, `|`, `}`, a second `#`, and `[` `]` outside an IPv6 host)
    /// percent-encoded; `%` escapes are already valid.
    private static func rfc3986(_ parsed: ParsedURL) -> String {
        let host: Range<Int>? = if case .web(let range) = parsed.link { range } else { nil }
        return parsed.withUTF8 { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count)
            var seenHash = false
            for (index, byte) in bytes.enumerated() {
                let inHost = host?.contains(index) ?? false
                let isSecondHash = byte == UInt8(ascii: "#") && seenHash
                seenHash = seenHash || byte == UInt8(ascii: "#")
                if byte >= 0x80 || isSecondHash || (!inHost && isOutsideRFC3986(byte)) {
                    PercentEncoding.appendEscape(byte, to: &output)
                } else {
                    output.append(byte)
                }
            }
            return String(decoding: output, as: UTF8.self)
        }
    }

    private static func isOutsideRFC3986(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"), UInt8(ascii: "^"),
            UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"), UInt8(ascii: "["),
            UInt8(ascii: "]"):
            true
        default: byte <= 0x20 || byte == 0x7F
        }
    }
}
