/// The URL Standard's IPv4 parser, for web hosts: a host whose last label is a number is an IPv4
/// address and nothing else, so `192.168.0.257` is refused rather than looked up as a name.
///
/// Every numeric form the Standard accepts is read, as browsers read it: one to four parts
/// separated by `.`, each decimal, octal (a leading `0`) or hexadecimal (`0x`); the last part
/// fills the bytes the others leave (`127.1` is `127.0.0.1`, `0x7f000001` too).
enum IPv4Address {
    /// Why a host that ``endsInANumber(_:)`` is not an IPv4 address.
    enum Failure: Error, Equatable {
        /// More than four parts (`1.2.3.4.5`).
        case tooManyParts
        /// A part that is not a number in its base (`09`, `0x1g`, `foo`, an empty part).
        case notANumber(String)
        /// A part other than the last above 255, or the last above what its bytes hold.
        case outOfRange(String)
    }

    /// The URL Standard's "ends in a number": the last label, ignoring one trailing empty label,
    /// is all ASCII digits or a hexadecimal number (`0x`, `0x7f`). Such a host must be an IPv4
    /// address.
    static func endsInANumber<Bytes: BidirectionalCollection<UInt8>>(_ host: Bytes) -> Bool {
        // Scanned from the end, without splitting: every web link's host passes through here.
        var end = host.endIndex
        if end > host.startIndex, host[host.index(before: end)] == UInt8(ascii: ".") {
            end = host.index(before: end)
        }
        let start =
            host[..<end].lastIndex(of: UInt8(ascii: ".")).map { host.index(after: $0) } ?? host.startIndex
        let last = host[start..<end]
        guard !last.isEmpty else { return false }
        if last.allSatisfy(isDigit) { return true }
        return number(last) != nil
    }

    /// The address `host` spells, or why it spells none. Call only when ``endsInANumber(_:)``.
    static func parse<Bytes: BidirectionalCollection<UInt8>>(_ host: Bytes) -> Result<UInt32, Failure> {
        var parts = host.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true, parts.count > 1 { parts.removeLast() }
        guard parts.count <= 4 else { return .failure(.tooManyParts) }
        var numbers: [UInt64] = []
        numbers.reserveCapacity(parts.count)
        for part in parts {
            guard let value = number(part) else { return .failure(.notANumber(text(part))) }
            numbers.append(value)
        }
        for (index, value) in numbers.dropLast().enumerated() where value > 255 {
            return .failure(.outOfRange(text(parts[index])))
        }
        let lastLimit = UInt64(1) << (8 * UInt64(5 - numbers.count))
        guard numbers[numbers.count - 1] < lastLimit else {
            return .failure(.outOfRange(text(parts[parts.count - 1])))
        }
        var address = numbers[numbers.count - 1]
        for (index, value) in numbers.dropLast().enumerated() {
            address += value << (8 * UInt64(3 - index))
        }
        return .success(UInt32(address))
    }

    /// The dotted-decimal form browsers print: `192.168.0.1`.
    static func serialized(_ address: UInt32) -> String {
        (0..<4).map { String((address >> (8 * (3 - $0))) & 0xFF) }.joined(separator: ".")
    }

    /// One part read as the Standard reads it: `0x`/`0X` then hexadecimal (possibly no digits,
    /// which is 0), a leading `0` then octal, else decimal. Values past 2^40 are kept at 2^40:
    /// every such value is out of range, and the cap keeps the arithmetic from overflowing.
    private static func number<Part: Collection<UInt8>>(_ part: Part) -> UInt64? {
        guard !part.isEmpty else { return nil }
        var digits = part[...]
        var radix: UInt64 = 10
        if digits.count >= 2, digits.first == UInt8(ascii: "0"),
            digits.dropFirst().first.map({ $0 | 0x20 }) == UInt8(ascii: "x")
        {
            digits = digits.dropFirst(2)
            radix = 16
        } else if digits.count >= 2, digits.first == UInt8(ascii: "0") {
            digits = digits.dropFirst()
            radix = 8
        }
        let cap: UInt64 = 1 << 40
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = digitValue(byte), UInt64(digit) < radix else { return nil }
            value = min(cap, value * radix + UInt64(digit))
        }
        return value
    }

    private static func digitValue(_ byte: UInt8) -> UInt8? {
        if isDigit(byte) { return byte - UInt8(ascii: "0") }
        let lowered = byte | 0x20
        if lowered >= UInt8(ascii: "a") && lowered <= UInt8(ascii: "f") {
            return lowered - UInt8(ascii: "a") + 10
        }
        return nil
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }

    private static func text<Part: Collection<UInt8>>(_ part: Part) -> String {
        String(decoding: part, as: UTF8.self)
    }
}
