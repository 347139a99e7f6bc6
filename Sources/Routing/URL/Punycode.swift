/// RFC 3492's Punycode, for the labels of internationalized web hosts: `bücher` is
/// `xn--bcher-kva` in a host. Encoding gives the form served hosts are written in; decoding
/// checks that an `xn--` label a link carries stands for real text.
enum Punycode {
    private static let base = 36
    private static let tMin = 1
    private static let tMax = 26
    private static let skew = 38
    private static let damp = 700
    private static let initialBias = 72
    private static let initialN = 0x80

    /// The Punycode of `scalars` (without the `xn--` prefix), or `nil` when a value overflows.
    static func encode(_ scalars: [Unicode.Scalar]) -> String? {
        var output = scalars.filter(\.isASCII).map { Character($0) }
        let basicCount = output.count
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = initialN
        var delta = 0
        var bias = initialBias
        while handled < scalars.count {
            guard let next = scalars.map({ Int($0.value) }).filter({ $0 >= n }).min() else { return nil }
            let (scaled, overflow) = (next - n).multipliedReportingOverflow(by: handled + 1)
            guard !overflow, delta <= Int(Int32.max) - scaled else { return nil }
            delta += scaled
            n = next
            for scalar in scalars {
                let value = Int(scalar.value)
                if value < n {
                    delta += 1
                    guard delta <= Int(Int32.max) else { return nil }
                }
                guard value == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = threshold(k, bias: bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, points: handled + 1, first: handled == basicCount)
                delta = 0
                handled += 1
            }
            delta += 1
            n += 1
        }
        return String(output)
    }

    /// The text `encoded` (without the `xn--` prefix) stands for, or `nil` when it is not valid
    /// Punycode.
    static func decode(_ encoded: Substring) -> [Unicode.Scalar]? {
        let bytes = Array(encoded.utf8)
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let delimiter = bytes.lastIndex(of: UInt8(ascii: "-"))
        var output: [Unicode.Scalar] = (delimiter.map { bytes[..<$0] } ?? []).map { Unicode.Scalar($0) }
        var index = delimiter.map { $0 + 1 } ?? 0
        var n = initialN
        var i = 0
        var bias = initialBias
        while index < bytes.count {
            let oldI = i
            var w = 1
            var k = base
            while true {
                guard index < bytes.count, let value = digitValue(bytes[index]) else { return nil }
                index += 1
                let (product, overflow) = value.multipliedReportingOverflow(by: w)
                guard !overflow, i <= Int(Int32.max) - product else { return nil }
                i += product
                let t = threshold(k, bias: bias)
                if value < t { break }
                let (weight, weightOverflow) = w.multipliedReportingOverflow(by: base - t)
                guard !weightOverflow, weight <= Int(Int32.max) else { return nil }
                w = weight
                k += base
            }
            let count = output.count + 1
            bias = adapt(i - oldI, points: count, first: oldI == 0)
            guard n <= Int(Int32.max) - i / count else { return nil }
            n += i / count
            i %= count
            guard let scalar = Unicode.Scalar(UInt32(n)), n >= initialN else { return nil }
            output.insert(scalar, at: i)
            i += 1
        }
        return output
    }

    private static func threshold(_ k: Int, bias: Int) -> Int {
        k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
    }

    private static func adapt(_ delta: Int, points: Int, first: Bool) -> Int {
        var delta = first ? delta / damp : delta / 2
        delta += delta / points
        var k = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }

    private static func digit(_ value: Int) -> Character {
        Character(Unicode.Scalar(UInt8(value < 26 ? value + 97 : value + 22)))
    }

    private static func digitValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte) - 22
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte) - 97
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte) - 65
        default: nil
        }
    }
}
