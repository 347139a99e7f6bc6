/// A path's segments as the trie walk reads them, one at a time: where each ends, a word at a
/// time, and whether it must be decoded.
enum PathSegment {
    /// Where the segment after the `/` at `position` of `input` ends (at the next `/`, or at
    /// `pathEnd`, where the path ends), and whether it holds an escape.
    @inline(__always)
    static func end(in input: UnsafeBufferPointer<UInt8>, after position: Int, pathEnd end: Int)
        -> (stop: Int, hasEscape: Bool)
    {
        var stop = position &+ 1
        var hasEscape = false
        // Eight bytes at a time while eight can be read; bytes from `end` on are masked off.
        while stop < end && stop &+ 8 <= input.count {
            let word = ByteWord.load(input, at: stop)
            var slashes = ByteWord.bytes(of: word, equalTo: UInt8(ascii: "/"))
            var percents = ByteWord.bytes(of: word, equalTo: UInt8(ascii: "%"))
            let left = end &- stop
            if left < 8 {
                let inPath = (1 &<< UInt64(left &* 8)) &- 1
                slashes &= inPath
                percents &= inPath
            }
            if slashes != 0 {
                let offset = slashes.trailingZeroBitCount &>> 3
                percents &= (1 &<< UInt64(offset &* 8)) &- 1
                return (stop &+ offset, hasEscape || percents != 0)
            }
            hasEscape = hasEscape || percents != 0
            if left <= 8 { return (end, hasEscape) }
            stop &+= 8
        }
        while stop < end {
            let byte = input[stop]
            // Letters, digits and most punctuation are above `/` and `%`: one comparison for them.
            if byte <= UInt8(ascii: "/") {
                if byte == UInt8(ascii: "/") { break }
                if byte == UInt8(ascii: "%") { hasEscape = true }
            }
            stop &+= 1
        }
        return (stop, hasEscape)
    }
}
