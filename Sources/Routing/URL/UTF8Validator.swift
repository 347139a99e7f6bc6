/// A byte-at-a-time UTF-8 decoder that accepts only well-formed UTF-8 (Unicode Table 3-7).
///
/// The parser feeds it raw and percent-decoded bytes interleaved, so it cannot rely on `String`
/// having validated anything: `%C0%AF` (overlong `/`), `%ED%A0%80` (a surrogate) and a lone
/// `%C3` must all be caught here, without allocating a decoded copy.
struct UTF8Validator {
    /// What one byte did to the sequence being read.
    enum Step: Equatable {
        /// The byte is part of a sequence that is not finished yet.
        case pending
        /// The byte finished a scalar.
        case scalar(UInt32)
        /// The byte cannot appear here in well-formed UTF-8.
        case invalid
    }

    private var value: UInt32 = 0
    private var remaining = 0
    // The first continuation byte has a narrower range for E0, ED, F0 and F4; this is how
    // overlong forms, surrogates and scalars above U+10FFFF are refused without a second look.
    private var low: UInt8 = 0x80
    private var high: UInt8 = 0xBF

    /// `true` when no multi-byte sequence is half read.
    var isComplete: Bool { remaining == 0 }

    /// Consumes one byte.
    mutating func consume(_ byte: UInt8) -> Step {
        if remaining > 0 {
            guard byte >= low && byte <= high else { return .invalid }
            low = 0x80
            high = 0xBF
            value = value << 6 | UInt32(byte & 0x3F)
            remaining -= 1
            return remaining == 0 ? .scalar(value) : .pending
        }
        switch byte {
        case 0x00...0x7F:
            return .scalar(UInt32(byte))
        case 0xC2...0xDF:
            start(UInt32(byte & 0x1F), remaining: 1)
        case 0xE0:
            start(0, remaining: 2, low: 0xA0)
        case 0xE1...0xEC, 0xEE...0xEF:
            start(UInt32(byte & 0x0F), remaining: 2)
        case 0xED:
            start(0x0D, remaining: 2, high: 0x9F)
        case 0xF0:
            start(0, remaining: 3, low: 0x90)
        case 0xF1...0xF3:
            start(UInt32(byte & 0x07), remaining: 3)
        case 0xF4:
            start(0x04, remaining: 3, high: 0x8F)
        default:
            // 0x80...0xC1 (stray continuation bytes, overlong two-byte leads) and 0xF5...0xFF.
            return .invalid
        }
        return .pending
    }

    private mutating func start(_ bits: UInt32, remaining: Int, low: UInt8 = 0x80, high: UInt8 = 0xBF) {
        value = bits
        self.remaining = remaining
        self.low = low
        self.high = high
    }
}
