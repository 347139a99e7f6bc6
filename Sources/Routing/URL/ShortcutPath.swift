/// The common spelling of an in-app link, settled in one word-at-a-time pass before the general
/// parser: a bare path (`/…`) whose bytes are all `-`, `.`, `/` or `0`…`~` except `?`, or escapes
/// of printable ASCII other than `.` (`%20`, `%2F`), with no `/` or `.` right after a `/`, and at
/// most one trailing `/`.
///
/// Such a path has no query, fragment, control or non-ASCII byte (raw or escaped), no malformed
/// escape, no empty segment and no segment that begins with a dot, raw or escaped, so no dot
/// segment: every check of Architecture, "URL handling", that could refuse it is settled by the
/// scan, and ``URLParser`` would accept it with the same path and segment count. Anything else
/// (`%2e`, `%C3%A9`, `/.well-known`, a query, a scheme) gets `nil` and goes through the general
/// parser, which decides and reports. The limits still apply: the caller compares
/// ``segmentCount`` and the byte count with them.
///
/// A static route's path is looked up before any scan (``StaticPaths``): the table only holds
/// shortcut paths without escapes, so a hit needs no scan.
struct ShortcutPath {
    /// Where the routed path ends: before a single trailing `/`; 0 for the root.
    let end: Int
    /// The number of segments, as ``URLShape/segmentCount`` counts them.
    let segmentCount: Int

    /// Where the routed path of `bytes` would end if `bytes` were a shortcut path: before a single
    /// trailing `/`, 0 for the root; -1 when it cannot be one (no leading `/`, or a trailing `//`,
    /// which ends an empty segment). The part of the scan that ``StaticPaths`` needs before its
    /// lookup.
    @inline(__always)
    static func routedEnd(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let count = bytes.count
        guard count > 0, bytes[0] == UInt8(ascii: "/") else { return -1 }
        guard count > 1, bytes[count &- 1] == UInt8(ascii: "/") else { return count == 1 ? 0 : count }
        return bytes[count &- 2] == UInt8(ascii: "/") ? -1 : count &- 1
    }

    /// Scans all of `bytes`, eight at a time.
    @inline(__always)
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> ShortcutPath? {
        let end = routedEnd(of: bytes)
        return end < 0 ? nil : scan(bytes, end: end)
    }

    /// Scans `bytes` up to `end`, which is ``routedEnd(of:)`` and not negative, eight at a time.
    ///
    /// Not inlined: on its own the loop keeps its masks in registers.
    @inline(never)
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, end: Int) -> ShortcutPath? {
        guard end > 0 else { return ShortcutPath(end: 0, segmentCount: 0) }
        var state = State()
        var index = 0
        var firstPercent = Int.max
        // Until the first escape, a loop that knows nothing of escapes: the common path, which
        // escapes must not slow down. After it, the same loop letting `%` through.
        while index &+ 8 <= end {
            let word = ByteWord.load(bytes, at: index)
            let refused = state.take(word, present: ByteWord.all)
            if refused != 0 {
                guard let percent = State.onlyEscapes(word, refused: refused) else { return nil }
                firstPercent = index &+ percent.trailingZeroBitCount &>> 3
                index &+= 8
                break
            }
            index &+= 8
        }
        if firstPercent != Int.max {
            while index &+ 8 <= end {
                let word = ByteWord.load(bytes, at: index)
                let refused = state.take(word, present: ByteWord.all)
                if refused != 0 && State.onlyEscapes(word, refused: refused) == nil { return nil }
                index &+= 8
            }
        }
        if index < end {
            // The last few bytes, zero-padded: zero is in no class, hence `present`.
            let present = ByteWord.all &>> UInt64((8 &- (end &- index)) &* 8)
            let word = ByteWord.load(bytes, at: index, upTo: end)
            let refused = state.take(word, present: present)
            if refused != 0 {
                guard let percent = State.onlyEscapes(word, refused: refused) else { return nil }
                firstPercent = min(firstPercent, index &+ percent.trailingZeroBitCount &>> 3)
            }
        }
        // Each escape's digits and decoded byte, checked byte by byte from the first `%` once the
        // words have settled everything else.
        if firstPercent != Int.max && !escapesArePrintable(bytes, from: firstPercent, end: end) { return nil }
        return ShortcutPath(end: end, segmentCount: state.slashes)
    }

    /// Whether every `%` before `end` starts an escape of printable ASCII (0x20…0x7E) other than
    /// `.`: decoded, such a byte is neither a control, nor part of a UTF-8 sequence, nor a dot that
    /// could make a dot segment, so the parser accepts it wherever it stands in a segment. A
    /// decoded `/` is no separator: it stays inside its segment, for the parser as for the walk.
    private static func escapesArePrintable(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, end: Int)
        -> Bool
    {
        var index = start
        while index < end {
            guard bytes[index] == UInt8(ascii: "%") else {
                // To the next `%`, a word at a time where eight bytes remain.
                index &+= 1
                while index &+ 8 <= end {
                    let percents = ByteWord.bytes(
                        of: ByteWord.load(bytes, at: index), equalTo: UInt8(ascii: "%"))
                    if percents != 0 {
                        index &+= percents.trailingZeroBitCount &>> 3
                        break
                    }
                    index &+= 8
                }
                continue
            }
            guard index &+ 2 < end, let high = PercentEncoding.hexValue(bytes[index &+ 1]),
                let low = PercentEncoding.hexValue(bytes[index &+ 2])
            else { return false }
            let decoded = high << 4 | low
            guard decoded >= 0x20 && decoded < 0x7F && decoded != UInt8(ascii: ".") else { return false }
            index &+= 3
        }
        return true
    }

    /// What the scan carries from one word to the next.
    private struct State {
        var slashes = 0
        /// 0x80 in the lowest byte when the byte before the next word is a `/`.
        var afterSlash: UInt64 = 0

        /// Checks the `present` bytes of `word` (0x80 in each) and counts its slashes; the bytes
        /// that take the path off the shortcut's form (0x80 in each), `%` among them.
        @inline(__always)
        mutating func take(_ word: UInt64, present: UInt64) -> UInt64 {
            let allowed = ByteWord.bytes(of: word, in: ByteWord.printableFromDash)
            // `.` or `/` (0x2E, 0x2F); then `/` alone, whose bit 0 is 1.
            let dotOrSlash = ByteWord.bytes(of: word, in: UInt8(ascii: ".")...UInt8(ascii: "/"))
            let slashMarks = dotOrSlash & (word &<< 7)
            let refused =
                (allowed ^ present) | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "?"))
                // After a `/`, neither another `/` (an empty segment) nor a `.` (maybe a dot segment).
                | (dotOrSlash & (slashMarks &<< 8 | afterSlash))
            afterSlash = slashMarks &>> 56
            slashes &+= ByteWord.count(slashMarks)
            return refused
        }

        /// The `%` bytes of `word` (0x80 in each) when they are all it has of the `refused`
        /// bytes, else `nil`.
        @inline(__always)
        static func onlyEscapes(_ word: UInt64, refused: UInt64) -> UInt64? {
            let percent = ByteWord.bytes(of: word, equalTo: UInt8(ascii: "%"))
            return refused & ~percent == 0 ? percent : nil
        }
    }
}
