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

    /// The bytes from `offset` to `end` (fewer than eight, `end` at most `bytes.count`) in the low
    /// bytes of a word, the rest zero. Never reads outside `bytes`: with eight bytes before `end`
    /// it loads the last eight and shifts out those before `offset`.
    @inline(__always)
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int, upTo end: Int) -> UInt64 {
        let remaining = end &- offset
        if end >= 8 {
            return load(bytes, at: end &- 8) &>> UInt64((8 &- remaining) &* 8)
        }
        var word: UInt64 = 0
        var index = 0
        while index < remaining {
            word |= UInt64(bytes[offset &+ index]) &<< UInt64(index &* 8)
            index &+= 1
        }
        return word
    }

    /// The bytes of `word` equal to `byte`.
    @inline(__always)
    static func bytes(of word: UInt64, equalTo byte: UInt8) -> UInt64 {
        let zeroed = word ^ (UInt64(byte) &* ones)
        return ~(((zeroed & low7) &+ low7) | zeroed | low7)
    }

    /// The bytes of `word` in `range`, which lies within ASCII. Inlined with a constant range, the
    /// bounds fold into the constants: two additions and three masks.
    @inline(__always)
    static func bytes(of word: UInt64, in range: ClosedRange<UInt8>) -> UInt64 {
        let low = word & low7
        // No carry crosses a byte: a byte of `low` is at most 0x7F, and each addend at most 0x80.
        let atLeastLower = low &+ UInt64(0x80 &- range.lowerBound) &* ones
        let aboveUpper = low &+ UInt64(0x7F &- range.upperBound) &* ones
        return atLeastLower & ~aboveUpper & ~word & high
    }

    /// The printable bytes above `/`, `0`…`~` (0x30–0x7E): no control, space, `%`, `.`, `/` or non-ASCII byte.
    /// A run of them needs no decoding, and can neither end a segment nor make it a dot segment.
    @inline(__always)
    static var printableAboveSlash: ClosedRange<UInt8> { 0x30...0x7E }

    /// The printable bytes from `-` on: those above `/`, and `-`, `.`, `/` (0x2D–0x7E): what a path that needs no escape handling
    /// is made of.
    @inline(__always)
    static var printableFromDash: ClosedRange<UInt8> { UInt8(ascii: "-")...printableAboveSlash.upperBound }

    /// Whether `byte` is one of ``printableAboveSlash``, in one comparison.
    @inline(__always)
    static func isPrintableAboveSlash(_ byte: UInt8) -> Bool {
        byte &- printableAboveSlash.lowerBound <= printableAboveSlash.upperBound
            &- printableAboveSlash.lowerBound
    }

    /// How many bytes a mask of these queries marks; a multiply, not `nonzeroBitCount`, which is
    /// a loop on x86-64 builds without `popcnt`.
    @inline(__always)
    static func count(_ marks: UInt64) -> Int {
        Int(truncatingIfNeeded: ((marks &>> 7) &* ones) &>> 56)
    }

    /// All eight bytes qualify.
    static let all: UInt64 = high
}
