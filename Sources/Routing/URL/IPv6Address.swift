/// The URL Standard's IPv6 parser, as a check: the text between a web host's `[` and `]` must be
/// a complete IPv6 address (`[::1]`, `[2001:db8::7]`, `[::127.0.0.1]`), never a name or a
/// fragment of one (`[www.google.com]`, `[::1.2.3.]`, `[]`).
///
/// Only validity is decided: an IPv6 literal is served by `"*"` alone, so the address itself is
/// never compared.
enum IPv6Address {
    /// Whether `text` (without its brackets) is an IPv6 address the Standard accepts: eight
    /// 16-bit pieces of one to four hexadecimal digits, at most one `::` standing for one or more
    /// zero pieces, and optionally a dotted IPv4 address (four decimal parts, no leading zeros)
    /// as the last two pieces.
    static func isValid<Bytes: Collection<UInt8>>(_ text: Bytes) -> Bool where Bytes.Index == Int {
        var pointer = text.startIndex
        let end = text.endIndex
        var pieceIndex = 0
        var compress: Int? = nil
        func byte(_ at: Int) -> UInt8? { at < end ? text[at] : nil }

        if byte(pointer) == UInt8(ascii: ":") {
            guard byte(pointer + 1) == UInt8(ascii: ":") else { return false }
            pointer += 2
            pieceIndex += 1
            compress = pieceIndex
        }
        while pointer < end {
            guard pieceIndex < 8 else { return false }
            if text[pointer] == UInt8(ascii: ":") {
                guard compress == nil else { return false }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var length = 0
            while length < 4, let next = byte(pointer), isHexDigit(next) {
                pointer += 1
                length += 1
            }
            if byte(pointer) == UInt8(ascii: ".") {
                // An embedded IPv4 address fills the last two pieces.
                guard length > 0, pieceIndex <= 6 else { return false }
                pointer -= length
                guard embeddedIPv4(text, from: pointer) else { return false }
                pieceIndex += 2
                pointer = end
                break
            }
            if byte(pointer) == UInt8(ascii: ":") {
                pointer += 1
                guard pointer < end else { return false }
            } else if pointer < end {
                return false
            }
            guard length > 0 else { return false }
            pieceIndex += 1
        }
        return compress != nil ? pieceIndex <= 8 : pieceIndex == 8
    }

    /// Whether `text[from...]` is exactly four dot-separated decimal numbers from 0 to 255,
    /// without leading zeros.
    private static func embeddedIPv4<Bytes: Collection<UInt8>>(_ text: Bytes, from start: Int) -> Bool
    where Bytes.Index == Int {
        var pointer = start
        var numbersSeen = 0
        while pointer < text.endIndex {
            if numbersSeen > 0 {
                guard text[pointer] == UInt8(ascii: "."), numbersSeen < 4 else { return false }
                pointer += 1
            }
            guard pointer < text.endIndex, isDigit(text[pointer]) else { return false }
            var value: Int? = nil
            while pointer < text.endIndex, isDigit(text[pointer]) {
                let digit = Int(text[pointer] - UInt8(ascii: "0"))
                if let current = value {
                    guard current != 0 else { return false }
                    value = current * 10 + digit
                } else {
                    value = digit
                }
                guard let checked = value, checked <= 255 else { return false }
                pointer += 1
            }
            numbersSeen += 1
        }
        return numbersSeen == 4
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6
    }
}
