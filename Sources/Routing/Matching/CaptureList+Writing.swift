// The walk writes the capture list as it goes, appending a parameter's range at an edge and
// dropping it when it backs out: the writing lives with the walk, in place of a call into
// Vocabulary at every edge. Parameters read the list where the type is declared.
extension CaptureList {
    @inline(__always)
    static func pack(_ range: Range<Int>) -> UInt64 {
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
}
