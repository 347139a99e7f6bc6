/// Every path that reaches a terminal of a ``Trie`` through literal segments only, in a hash
/// table: a URL that spells one of them is answered by one lookup, with no scan and no walk.
///
/// At each node the walk tries the literal child first, so for such a path it descends through
/// literals only and returns the terminal at the end; the table stores, for each path, the
/// terminal the walk itself returns for it (computed at init), so a hit answers exactly as the walk
/// would. Keys are folded when matching is case-insensitive, and so is the path being looked up.
///
/// Only keys that are ``PlainPath``s without escapes are stored (not `/.well-known` or `/café`,
/// which the general parser must see). A URL whose routed path equals such a key, folded or not,
/// has the same bytes up to the case of ASCII letters, so it is a plain path too: the parser would
/// accept it as is, with the key's segment count, which the slot keeps for the limit check. Hence
/// the lookup comes first, and a hit skips the scan.
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
        var hit = Hit.miss
    }

    /// What a lookup finds: the walk's terminal for the path, and the path's segment count.
    struct Hit {
        /// -1 for a miss.
        let terminal: Int32
        let segmentCount: Int32

        static var miss: Hit { Hit(terminal: -1, segmentCount: 0) }
    }

    private let slots: UnsafeMutableBufferPointer<Slot>
    /// Each path's bytes as little-endian words, the last one zero-padded.
    private let words: UnsafeMutableBufferPointer<UInt64>
    private let shift: UInt64
    private let folding: Bool
    /// Bit `n` set when some path's byte count is `n` modulo 64: most paths of another length
    /// (parameter routes, queries) are told apart before they are hashed.
    private let lengths: UInt64

    /// `paths`: the (folded) path bytes with their terminals; those that are not plain without
    /// escapes are left to the walk.
    init(_ paths: [(bytes: [UInt8], terminal: Int32)], folding: Bool) {
        self.folding = folding
        let paths = paths.compactMap { path -> (bytes: [UInt8], hit: Hit)? in
            guard !path.bytes.contains(UInt8(ascii: "%")) else { return nil }
            // The root's key is empty; its URL is `/`.
            let scanned = (path.bytes.isEmpty ? [UInt8(ascii: "/")] : path.bytes).withUnsafeBufferPointer {
                PlainPath.scan($0)
            }
            guard let scanned, scanned.end == path.bytes.count else { return nil }
            return (path.bytes, Hit(terminal: path.terminal, segmentCount: Int32(scanned.segmentCount)))
        }
        var bits: UInt64 = 1
        while (1 << bits) < paths.count * 2 { bits += 1 }
        shift = 64 - bits
        slots = .allocate(capacity: 1 << bits)
        slots.initialize(repeating: Slot())
        var allWords: [UInt64] = []
        var lengths: UInt64 = 0
        for (bytes, hit) in paths {
            lengths |= 1 &<< UInt64(bytes.count & 63)
            let start = Int32(allWords.count)
            let hash = bytes.withUnsafeBufferPointer { buffer in
                var offset = 0
                while offset < buffer.count {
                    allWords.append(ByteWord.load(buffer, at: offset, upTo: min(offset + 8, buffer.count)))
                    offset += 8
                }
                // The keys are folded already; folding them again changes nothing.
                return Self.hash(buffer, end: buffer.count, folding: folding)
            }
            var slot = Int(truncatingIfNeeded: hash &>> shift)
            while slots[slot].length >= 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = Slot(hash: hash, wordStart: start, length: Int32(bytes.count), hit: hit)
        }
        self.lengths = lengths
        words = .allocate(capacity: max(allWords.count, 1))
        _ = words.initialize(from: allWords)
    }

    deinit {
        slots.deallocate()
        words.deallocate()
    }

    private static let seed: UInt64 = 0x243F_6A88_85A3_08D3
    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The hash of the path `bytes[0..<end]`, folded first when `folding`: a multiply-mix of its
    /// little-endian words (the last one zero-padded), then of its byte count.
    @inline(__always)
    private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, end: Int, folding: Bool) -> UInt64 {
        var hash = seed
        var offset = 0
        while offset &+ 8 <= end {
            hash = mix(hash, folded(ByteWord.load(bytes, at: offset), folding))
            offset &+= 8
        }
        if offset < end { hash = mix(hash, folded(ByteWord.load(bytes, at: offset, upTo: end), folding)) }
        return (hash ^ UInt64(truncatingIfNeeded: end)) &* multiplier
    }

    @inline(__always)
    private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
        let mixed = (hash ^ word) &* multiplier
        return mixed ^ (mixed &>> 29)
    }

    @inline(__always)
    private static func folded(_ word: UInt64, _ folding: Bool) -> UInt64 {
        folding ? ASCIICaseFolding.lowercased(word: word) : word
    }

    /// The static route path `bytes[0..<end]` (`end` is ``PlainPath/routedEnd(of:)``, not
    /// negative) spells, folded if the table is, or ``Hit/miss``.
    @inline(never)
    func lookup(_ bytes: UnsafeBufferPointer<UInt8>, end: Int) -> Hit {
        guard lengths & (1 &<< UInt64(end & 63)) != 0 else { return .miss }
        let hash = Self.hash(bytes, end: end, folding: folding)
        let mask = slots.count &- 1
        var slot = Int(truncatingIfNeeded: hash &>> shift)
        while true {
            let candidate = slots[slot]
            if candidate.length < 0 { return .miss }
            if candidate.hash == hash && Int(candidate.length) == end
                && equals(bytes, end: end, Int(candidate.wordStart))
            {
                return candidate.hit
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
            if Self.folded(ByteWord.load(bytes, at: offset), folding) != words[index] { return false }
            offset &+= 8
            index &+= 1
        }
        guard offset < end else { return true }
        return Self.folded(ByteWord.load(bytes, at: offset, upTo: end), folding) == words[index]
    }
}
