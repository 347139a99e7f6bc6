/// Every path that reaches a terminal of a ``Trie`` through literal segments only, in a hash
/// table: a plain path (``PlainPath``: no escape, so its bytes are its decoded bytes) that equals
/// one of them is answered by one lookup instead of a walk.
///
/// At each node the walk tries the literal child first, so for such a path it descends through
/// literals only and returns the terminal at the end; the table stores, for each path, the
/// terminal the walk itself returns for it (computed at init), so a hit answers exactly as the walk
/// would. Keys are folded when matching is case-insensitive, and so is the path being looked up.
///
/// The table is filled once from the app's own routes and never grows, so probe sequences are
/// fixed at init and no request can lengthen them.
///
/// `@unchecked Sendable`: the buffers are written in `init` only and freed in `deinit`.
final class StaticPaths: @unchecked Sendable {
    private struct Slot {
        var hash: UInt64 = 0
        /// Index in `words` of the path's first word.
        var wordStart: Int32 = 0
        /// The path's byte count, or -1 for an empty slot.
        var length: Int32 = -1
        var terminal: Int32 = -1
    }

    private let slots: UnsafeMutableBufferPointer<Slot>
    /// Each path's bytes as little-endian words, the last one zero-padded.
    private let words: UnsafeMutableBufferPointer<UInt64>
    private let shift: UInt64
    private let folding: Bool

    /// `paths`: the (folded) path bytes with their terminals.
    init(_ paths: [(bytes: [UInt8], terminal: Int32)], folding: Bool) {
        self.folding = folding
        var bits: UInt64 = 1
        while (1 << bits) < paths.count * 2 { bits += 1 }
        shift = 64 - bits
        slots = .allocate(capacity: 1 << bits)
        slots.initialize(repeating: Slot())
        var allWords: [UInt64] = []
        for (bytes, terminal) in paths {
            let start = Int32(allWords.count)
            var hash = Self.seed
            bytes.withUnsafeBufferPointer { buffer in
                var offset = 0
                while offset < buffer.count {
                    let word = ByteWord.load(buffer, at: offset, upTo: min(offset + 8, buffer.count))
                    allWords.append(word)
                    hash = Self.mix(hash, word)
                    offset += 8
                }
            }
            hash = Self.finish(hash, bytes.count)
            var slot = Int(truncatingIfNeeded: hash &>> shift)
            while slots[slot].length >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Slot(hash: hash, wordStart: start, length: Int32(bytes.count), terminal: terminal)
        }
        words = .allocate(capacity: max(allWords.count, 1))
        _ = words.initialize(from: allWords)
    }

    deinit {
        slots.deallocate()
        words.deallocate()
    }

    // The hash of a path: `finish(mix(…mix(seed, word₀)…, wordₙ), byteCount)`, over its
    // little-endian words, the last one zero-padded. ``PlainPath`` computes it while it scans.
    static let seed: UInt64 = 0x243F_6A88_85A3_08D3
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    @inline(__always)
    static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* multiplier
        return mixed ^ (mixed &>> 29)
    }

    @inline(__always)
    static func finish(_ hash: UInt64, _ length: Int) -> UInt64 {
        (hash ^ UInt64(truncatingIfNeeded: length)) &* multiplier
    }

    /// The terminal for the path `bytes[0..<end]` (`end` at most `bytes.count`) whose hash is
    /// `hash`, or -1.
    @inline(never)
    func terminal(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, hash: UInt64) -> Int32 {
        let mask = slots.count &- 1
        var slot = Int(truncatingIfNeeded: hash &>> shift)
        while true {
            let candidate = slots[slot]
            if candidate.length < 0 { return -1 }
            if candidate.hash == hash && Int(candidate.length) == end
                && equals(bytes, end: end, Int(candidate.wordStart))
            {
                return candidate.terminal
            }
            slot = (slot &+ 1) & mask
        }
    }

    /// Whether `bytes[0..<end]`, folded if the table is, equals the words from `start`.
    @inline(__always)
    private func equals(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, _ start: Int) -> Bool {
        var offset = 0
        var index = start
        let folding = folding
        while offset &+ 8 <= end {
            let word = ByteWord.load(bytes, at: offset)
            if (folding ? ASCIICaseFolding.lowercased(word: word) : word) != words[index] { return false }
            offset &+= 8
            index &+= 1
        }
        guard offset < end else { return true }
        let word = ByteWord.load(bytes, at: offset, upTo: end)
        return (folding ? ASCIICaseFolding.lowercased(word: word) : word) == words[index]
    }
}
