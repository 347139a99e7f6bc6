/// Eight bytes of a UTF-8 buffer in one `UInt64`, for scans that settle the common case a word at
/// a time. Each query answers with 0x80 in the bytes that qualify and 0 elsewhere (no false
/// positives, so the masks can be counted and combined).
enum ByteWord {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    private static let high: UInt64 = 0x8080_8080_8080_8080

    /// The eight bytes at `offset` (which the caller guarantees are in `bytes`), first byte lowest.
    @inline(__always)
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(
            littleEndian: UnsafeRawPointer(bytes.baseAddress.unsafelyUnwrapped + offset).loadUnaligned(
                as: UInt64.self))
    }

    /// The bytes of `word` equal to `byte`.
    @inline(__always)
    static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let zeroed = word ^ (UInt64(byte) &* ones)
        return ~(((zeroed & low7) &+ low7) | zeroed | low7)
    }

    /// The bytes of `word` in `0`…`~` (0x30–0x7E): no control, space, dot, slash, escape or
    /// non-ASCII byte.
    @inline(__always)
    static func plainBytes(of word: UInt64) -> UInt64 {
        let low = word & low7
        return (low &+ 0x50 &* ones) & ~(low &+ ones) & ~word & high
    }

    /// All eight bytes qualify.
    static let all: UInt64 = high
}
