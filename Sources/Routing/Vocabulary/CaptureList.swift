/// The UTF-8 ranges of captured parameters, stored inline for up to eight so that matching a
/// route with eight parameters or fewer makes no heap allocation (Architecture, "Performance and
/// safety").
///
/// Beyond eight they go to a shared, copy-on-write ``Overflow``. While there is none the list
/// holds no reference at all (`nil`), so copying and destroying it, which every match does a few
/// times, costs no reference counting.
struct CaptureList: Sendable {
    static let inlineCapacity = 8

    /// The ranges after the first eight. `@unchecked Sendable`: it is only written while uniquely
    /// referenced (copy-on-write), so a list shared between tasks is only ever read.
    private final class Overflow: @unchecked Sendable {
        var values: [UInt64]

        init(_ values: [UInt64]) {
            self.values = values
        }
    }

    private var inline: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0, 0, 0, 0, 0, 0, 0, 0
    )
    private var overflow: Overflow? = nil
    private(set) var count = 0

    @inline(__always)
    private static func pack(_ range: Range<Int>) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: range.lowerBound)) << 32
            | UInt64(UInt32(truncatingIfNeeded: range.upperBound))
    }

    /// The overflow, made unique so that it can be written.
    private mutating func uniqueOverflow() -> Overflow {
        // `false` for `nil` as well.
        if !isKnownUniquelyReferenced(&overflow) {
            var values = overflow?.values ?? []
            // Room for sixteen more at once: one allocation instead of one per doubling.
            values.reserveCapacity(Self.inlineCapacity * 2)
            overflow = Overflow(values)
        }
        return overflow!
    }

    @inline(__always)
    mutating func append(_ range: Range<Int>) {
        let packed = Self.pack(range)
        if count < Self.inlineCapacity {
            withUnsafeMutableBytes(of: &inline) {
                $0.storeBytes(of: packed, toByteOffset: count * 8, as: UInt64.self)
            }
        } else {
            uniqueOverflow().values.append(packed)
        }
        count += 1
    }

    @inline(__always)
    mutating func removeLast() {
        count -= 1
        if count >= Self.inlineCapacity { uniqueOverflow().values.removeLast() }
    }

    /// Removes the last `k` ranges.
    @inline(__always)
    mutating func removeLast(_ k: Int) {
        count -= k
        let kept = max(count - Self.inlineCapacity, 0)
        let stored = overflow?.values.count ?? 0
        if stored > kept { uniqueOverflow().values.removeLast(stored - kept) }
    }

    @inline(__always)
    subscript(index: Int) -> Range<Int> {
        let packed =
            index < Self.inlineCapacity
            ? withUnsafeBytes(of: inline) { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
            : overflow!.values[index - Self.inlineCapacity]
        return Int(packed >> 32)..<Int(packed & 0xFFFF_FFFF)
    }
}
