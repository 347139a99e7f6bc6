/// Normalization Form C (UAX #15) from the package's own Unicode tables, for UTS #46: a host is
/// normalized after mapping, and a decoded `xn--` label must already be in NFC. Foundation's
/// normalization follows the OS's Unicode version, so the same link could name different hosts
/// on different systems.
enum UnicodeNormalization {
    /// `scalars` in NFC: fully decomposed, marks in canonical order, then recomposed.
    static func nfc(_ scalars: [UInt32]) -> [UInt32] {
        // Code points below U+0300 have no decomposition and compose with nothing before them,
        // so text of them only (most of what reaches here, `ü` included) is already in NFC.
        if scalars.allSatisfy({ $0 < 0x300 }) { return scalars }
        var decomposed: [UInt32] = []
        decomposed.reserveCapacity(scalars.count)
        for scalar in scalars { decompose(scalar, into: &decomposed) }
        reorder(&decomposed)
        return compose(decomposed)
    }

    private static let hangulBase: UInt32 = 0xAC00
    private static let leadingBase: UInt32 = 0x1100
    private static let vowelBase: UInt32 = 0x1161
    private static let trailingBase: UInt32 = 0x11A7
    private static let vowelCount: UInt32 = 21
    private static let trailingCount: UInt32 = 28
    private static let syllableCount: UInt32 = 11172

    private static func decompose(_ scalar: UInt32, into output: inout [UInt32]) {
        if scalar >= hangulBase, scalar < hangulBase + syllableCount {
            let index = scalar - hangulBase
            output.append(leadingBase + index / (vowelCount * trailingCount))
            output.append(vowelBase + index % (vowelCount * trailingCount) / trailingCount)
            if index % trailingCount != 0 { output.append(trailingBase + index % trailingCount) }
        } else if let (first, second) = UnicodeProperties.decomposition(scalar) {
            decompose(first, into: &output)
            if second != 0 { decompose(second, into: &output) }
        } else {
            output.append(scalar)
        }
    }

    /// The canonical ordering algorithm: each run of non-starters sorted, stably, by class.
    private static func reorder(_ scalars: inout [UInt32]) {
        var index = 1
        while index < scalars.count {
            let current = UnicodeProperties.combiningClass(scalars[index])
            let previous = UnicodeProperties.combiningClass(scalars[index - 1])
            if current != 0, previous > current {
                scalars.swapAt(index, index - 1)
                if index > 1 { index -= 1 }
            } else {
                index += 1
            }
        }
    }

    /// The canonical composition algorithm: each character joins the last starter unless a
    /// character between them with the same or a higher class (or a starter) blocks it.
    private static func compose(_ scalars: [UInt32]) -> [UInt32] {
        guard let first = scalars.first else { return [] }
        var output = [first]
        output.reserveCapacity(scalars.count)
        var starter: Int? = UnicodeProperties.combiningClass(first) == 0 ? 0 : nil
        var lastClass: UInt32 = starter == nil ? 256 : 0
        for scalar in scalars.dropFirst() {
            let currentClass = UnicodeProperties.combiningClass(scalar)
            if let starter, lastClass == 0 || lastClass < currentClass,
                let composite = composition(output[starter], scalar)
            {
                output[starter] = composite
                continue
            }
            if currentClass == 0 { starter = output.count }
            lastClass = currentClass
            output.append(scalar)
        }
        return output
    }

    private static func composition(_ first: UInt32, _ second: UInt32) -> UInt32? {
        if first >= leadingBase, first < leadingBase + 19, second >= vowelBase,
            second < vowelBase + vowelCount
        {
            return hangulBase + ((first - leadingBase) * vowelCount + second - vowelBase) * trailingCount
        }
        if first >= hangulBase, first < hangulBase + syllableCount, (first - hangulBase) % trailingCount == 0,
            second > trailingBase, second < trailingBase + trailingCount
        {
            return first + second - trailingBase
        }
        return UnicodeProperties.composition(first, second)
    }
}
