/// The UTF-8 ranges of captured parameters, stored inline for up to eight so that matching a
/// route with eight parameters or fewer makes no heap allocation (Architecture, "Performance and
/// safety").
///
/// Beyond eight they go to a shared, copy-on-write ``Overflow``. While there is none the list
/// holds no reference at all (`nil`), so copying and destroying it, which every match does a few
/// times, costs no reference counting.
///
/// A range is stored as one word, its lower bound in the high half and its upper bound in the
/// low half. The walk writes the list (`Matching/CaptureList+Writing.swift`, with `pack`);
/// ``Parameters`` reads it here, with the subscript.
struct CaptureList: Sendable {
    static let inlineCapacity = 8

    /// The ranges after the first eight. `@unchecked Sendable`: it is only written while uniquely
    /// referenced (copy-on-write: every writer goes through `uniqueOverflow`, in
    /// `Matching/CaptureList+Writing.swift`), so a list shared between tasks is only ever read.
    final class Overflow: @unchecked Sendable {
        var values: [UInt64]

        init(_ values: [UInt64]) {
            self.values = values
        }
    }

    var inline: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (
        0, 0, 0, 0, 0, 0, 0, 0
    )
    var overflow: Overflow? = nil
    var count = 0

    @inline(__always)
    subscript(index: Int) -> Range<Int> {
        let packed =
            index < Self.inlineCapacity
            ? withUnsafeBytes(of: inline) { $0.load(fromByteOffset: index * 8, as: UInt64.self) }
            : overflow!.values[index - Self.inlineCapacity]
        return Int(packed >> 32)..<Int(packed & 0xFFFF_FFFF)
    }
}
