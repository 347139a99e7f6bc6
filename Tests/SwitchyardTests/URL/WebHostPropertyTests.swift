import Testing

@testable import Switchyard

/// The host parsers against small reference models, over random inputs from a seeded generator.
///
/// IPv4: the model builds an address and spells it the way the URL Standard allows (one to four
/// parts, each decimal, octal or hexadecimal, the last filling the bytes left); the parser must
/// read it back, and must refuse the same spelling with one part pushed out of range. IPv6: the
/// model writes eight pieces, compresses a run of zeros with `::`, maybe ends in dotted IPv4; the
/// parser must accept it, and refuse it with a piece too many or a second `::`.
@Suite("URL: web host parsers against reference models")
struct WebHostPropertyTests {
    /// One part in a random base, as the Standard spells it.
    static func spell(_ value: UInt64, _ generator: inout SplitMix64) -> String {
        switch generator.below(4) {
        case 0: return "0x" + String(value, radix: 16, uppercase: generator.below(2) == 0)
        case 1: return "0" + String(value, radix: 8)
        default: return String(value)
        }
    }

    /// The parts the model writes for `address` with `count` parts: the first `count - 1` bytes,
    /// then the rest of the address as one number.
    static func parts(of address: UInt32, count: Int) -> [UInt64] {
        let bytes = (0..<4).map { UInt64((address >> (8 * (3 - $0))) & 0xFF) }
        let leading = Array(bytes.prefix(count - 1))
        let last = bytes.dropFirst(count - 1).reduce(UInt64(0)) { $0 << 8 | $1 }
        return leading + [last]
    }

    @Test("IPv4: every spelling the model writes reads back as its address; a part out of range is refused")
    func ipv4() {
        var generator = SplitMix64(seed: 0x5157_4954_4348)
        for _ in 0..<5000 {
            let address = UInt32(truncatingIfNeeded: generator.next())
            let count = 1 + generator.below(4)
            let values = Self.parts(of: address, count: count)
            let text =
                values.map { Self.spell($0, &generator) }.joined(separator: ".")
                + (generator.below(5) == 0 ? "." : "")
            #expect(IPv4Address.endsInANumber(Array(text.utf8)))
            #expect(IPv4Address.parse(Array(text.utf8)) == .success(address), "\(text)")
            #expect(IPv4Address.serialized(address).split(separator: ".").map { UInt32($0)! }.count == 4)

            // One part past its limit: a leading part over 255, or the last over its bytes.
            var tooBig = values
            let index = generator.below(count)
            tooBig[index] =
                index == count - 1
                ? UInt64(1) << (8 * UInt64(5 - count)) : 256 + UInt64(generator.below(1000))
            let refused = tooBig.map { Self.spell($0, &generator) }.joined(separator: ".")
            guard case .failure(.outOfRange) = IPv4Address.parse(Array(refused.utf8)) else {
                Issue.record("\(refused) was not refused as out of range")
                continue
            }
        }
    }

    @Test("IPv6: every address the model writes is accepted; a piece too many or a second '::' is refused")
    func ipv6() {
        var generator = SplitMix64(seed: 0x4950_7636)
        for _ in 0..<5000 {
            var pieces = (0..<8).map { _ in generator.below(3) == 0 ? 0 : generator.below(0x10000) }
            let dotted = generator.below(3) == 0
            // A run of zeros to compress, of length 1…8 (the model's `::`).
            let start = generator.below(8)
            let length = 1 + generator.below(8 - start)
            for index in start..<(start + length) { pieces[index] = 0 }
            let compress = generator.below(2) == 0
            var written = pieces.map { String($0, radix: 16) }
            if dotted {
                let v4 = (pieces[6] << 16) | pieces[7]
                written.removeLast(2)
                written.append((0..<4).map { String((v4 >> (8 * (3 - $0))) & 0xFF) }.joined(separator: "."))
            }
            var text: String
            if compress && (!dotted || start + length <= 6) {
                let head = written.prefix(start).joined(separator: ":")
                let tailStart = dotted ? min(start + length, 6) : start + length
                let tail = written.dropFirst(tailStart).joined(separator: ":")
                text = head + "::" + tail
            } else {
                text = written.joined(separator: ":")
            }
            #expect(IPv6Address.isValid(Array(text.utf8)), "\(text)")
            #expect(!IPv6Address.isValid(Array((text + ":1:2:3:4:5:6:7:8").utf8)), "\(text) + 8 pieces")
            if text.contains("::") {
                #expect(!IPv6Address.isValid(Array(("1::2" + text).utf8)), "two '::' in 1::2\(text)")
            }
        }
    }

    @Test("The LDH-name shortcut agrees with the host parser: an LDH name parses as itself")
    func ldhNameShortcut() {
        var generator = SplitMix64(seed: 0x504C_4149_4E)
        let alphabet = Array("ax.X-0917bQz_%".utf8)
        var plain = 0
        for _ in 0..<20000 {
            let length = 1 + generator.below(20)
            let host = (0..<length).map { _ in alphabet[generator.below(alphabet.count)] }
            host.withUnsafeBufferPointer { bytes in
                guard WebHost.isLDHName(bytes, 0..<bytes.count) else { return }
                plain += 1
                let parsed = WebHost.parse(bytes[...])
                guard case .success(nil) = parsed else {
                    Issue.record(
                        "\(String(decoding: host, as: UTF8.self)) is an LDH name but parses as \(parsed)")
                    return
                }
                let text = String(decoding: host, as: UTF8.self)
                #expect(!IPv4Address.endsInANumber(host), "\(text)")
                #expect(!text.lowercased().split(separator: ".").contains { $0.hasPrefix("x") }, "\(text)")
            }
        }
        #expect(plain > 1000, "the generator makes LDH names often enough to test the shortcut")
    }
}
