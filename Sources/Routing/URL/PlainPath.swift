/// The common spelling of an in-app link, settled in one word-at-a-time pass before the general
/// parser: a bare path (`/…`) whose bytes are all `-`, `.`, `/` or `0`…`~` except `?`, with no
/// `/` or `.` right after a `/`, and at most one trailing `/`.
///
/// Such a path has no query, fragment, escape, control or non-ASCII byte, no empty segment and no
/// segment that begins with a dot, so no dot segment: every check of Architecture, "URL handling",
/// that could refuse it is settled by the scan, and ``URLParser`` would accept it with the same
/// path and segment count. Anything else (an escape, `/.well-known`, a query, a scheme) gets `nil`
/// and goes through the general parser, which decides and reports. The limits still apply: the
/// caller compares ``segmentCount`` and the byte count with them.
struct PlainPath {
    /// Where the routed path ends: before a single trailing `/`; 0 for the root.
    let end: Int
    /// The number of segments, as ``URLShape/segmentCount`` counts them.
    let segmentCount: Int
    /// ``StaticPaths/hash(_:)`` of the path's words, folded when the scan was asked to fold.
    let hash: UInt64

    /// Scans all of `bytes`, eight at a time, hashing the path's words on the way.
    ///
    /// Not inlined: on its own the loop keeps its masks in registers.
    @inline(never)
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, folding: Bool) -> PlainPath? {
        let count = bytes.count
        guard count > 0, bytes[0] == UInt8(ascii: "/") else { return nil }
        if count == 1 {
            return PlainPath(end: 0, segmentCount: 0, hash: StaticPaths.finish(StaticPaths.seed, 0))
        }
        var end = count
        if bytes[count &- 1] == UInt8(ascii: "/") {
            // A single trailing `/` is dropped; one before it would end an empty segment.
            end &-= 1
            guard bytes[end &- 1] != UInt8(ascii: "/") else { return nil }
        }
        var state = State()
        var index = 0
        while index &+ 8 <= end {
            guard state.take(ByteWord.load(bytes, at: index), present: ByteWord.all, folding: folding) else {
                return nil
            }
            index &+= 8
        }
        if index < end {
            // The last few bytes, zero-padded: zero is in no class, hence `present`.
            let present = ByteWord.all &>> UInt64((8 &- (end &- index)) &* 8)
            guard state.take(ByteWord.load(bytes, at: index, upTo: end), present: present, folding: folding)
            else { return nil }
        }
        return PlainPath(end: end, segmentCount: state.slashes, hash: StaticPaths.finish(state.hash, end))
    }

    /// What the scan carries from one word to the next.
    private struct State {
        var slashes = 0
        var hash = StaticPaths.seed
        /// 0x80 in the lowest byte when the byte before the next word is a `/`.
        var afterSlash: UInt64 = 0

        /// Checks the `present` bytes of `word` (0x80 in each), counts and hashes them; `false`
        /// when one of them takes the path off the plain form.
        @inline(__always)
        mutating func take(_ word: UInt64, present: UInt64, folding: Bool) -> Bool {
            let allowed = ByteWord.bytes(of: word, in: ByteWord.plainPath)
            // `.` or `/` (0x2E, 0x2F); then `/` alone, whose bit 0 is 1.
            let dotOrSlash = ByteWord.bytes(of: word, in: UInt8(ascii: ".")...UInt8(ascii: "/"))
            let slashMarks = dotOrSlash & (word &<< 7)
            let refused =
                (allowed ^ present) | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "?"))
                // After a `/`, neither another `/` (an empty segment) nor a `.` (maybe a dot segment).
                | (dotOrSlash & (slashMarks &<< 8 | afterSlash))
            afterSlash = slashMarks &>> 56
            slashes &+= ByteWord.count(slashMarks)
            hash = StaticPaths.mix(hash, folding ? ASCIICaseFolding.lowercased(word: word) : word)
            return refused == 0
        }
    }
}
