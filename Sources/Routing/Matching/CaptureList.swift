/// The UTF-8 ranges of captured parameters, stored inline for up to eight so that matching a
/// route with eight parameters or fewer makes no heap allocation (DESIGN §8).
struct CaptureList: Sendable {
    static let inlineCapacity = 8

    private var inline: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0, 0, 0, 0, 0, 0, 0, 0
    )
    private var overflow: [UInt64] = []
    private(set) var count = 0

    @inline(__always)
    private static func pack(_ range: Range<Int>) -> UInt64 {
        UInt64(UInt32(truncatingIfNeeded: range.lowerBound)) << 32
            | UInt64(UInt32(truncatingIfNeeded: range.upperBound))
    }

    @inline(__always)
    mutating func append(_ range: Range<Int>) {
        let packed = Self.pack(range)
        if count < Self.inlineCapacity {
            withUnsafeMutableBytes(of: &inline) {
                $0.storeBytes(of: packed, toByteOffset: count * 8, as: UInt64.self)
            }
        } else {
            overflow.append(packed)
        }
        count += 1
    }

    @inline(__always)
    mutating func removeLast() {
        count -= 1
        if count >= Self.inlineCapacity { overflow.removeLast() }
    }

    /// Removes the last `k` ranges.
    @inline(__always)
    mutating func removeLast(_ k: Int) {
        count -= k
        if overflow.count > max(count - Self.inlineCapacity, 0) {
            overflow.removeLast(overflow.count - max(count - Self.inlineCapacity, 0))
        }
    }

    @inline(__always)
    subscript(index: Int) -> Range<Int> {
        let packed =
            index < Self.inlineCapacity
            ? withUnsafeBytes(of: inline) { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
            : overflow[index - Self.inlineCapacity]
        return Int(packed >> 32)..<Int(packed & 0xFFFF_FFFF)
    }
}
