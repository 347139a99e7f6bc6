/// Every path that reaches a terminal of a ``Trie`` through literal segments only, in a hash
/// table: a URL that spells one of them is answered by one lookup, with no scan and no walk.
///
/// At each node the walk tries the literal child first, so for such a path it descends through
/// literals only and returns the terminal at the end; the table stores, for each path, the
/// terminal the walk itself returns for it (computed at init), so a hit answers exactly as the walk
/// would. Keys are folded when matching is case-insensitive, and so is the path being looked up.
///
/// Only keys that are ``ShortcutPath``s without escapes are stored (not `/.well-known` or `/café`,
/// which the general parser must see). A URL whose routed path equals such a key, folded or not,
/// has the same bytes up to the case of ASCII letters, so it is a shortcut path too: the parser would
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

    /// Paths with their terminals, their bytes one after the other in one buffer.
    struct Keys {
        private(set) var bytes: [UInt8] = []
        private(set) var paths: [(start: Int, count: Int, terminal: Int32)] = []

        mutating func append(_ path: [UInt8], terminal: Int32) {
            paths.append((bytes.count, path.count, terminal))
            bytes += path
        }
    }

    /// `paths`: the (folded) path bytes with their terminals; those that are not shortcut paths without
    /// escapes are left to the walk.
    convenience init(_ paths: [(bytes: [UInt8], terminal: Int32)], folding: Bool) {
        var keys = Keys()
        for (bytes, terminal) in paths { keys.append(bytes, terminal: terminal) }
        self.init(keys, folding: folding)
    }

    /// `keys`: the (folded) path bytes with their terminals; those that are not shortcut paths without
    /// escapes are left to the walk.
    init(_ keys: Keys, folding: Bool) {
        self.folding = folding
        var paths: [(start: Int, count: Int, hit: Hit)] = []
        paths.reserveCapacity(keys.paths.count)
        keys.bytes.withUnsafeBufferPointer { bytes in
            for (start, count, terminal) in keys.paths {
                let path = UnsafeBufferPointer(rebasing: bytes[start..<start + count])
                guard !path.contains(UInt8(ascii: "%")) else { continue }
                // The root's key is empty; its URL is `/`.
                let scanned =
                    path.isEmpty
                    ? StaticString("/").withUTF8Buffer { ShortcutPath.scan($0) } : ShortcutPath.scan(path)
                guard let scanned, scanned.end == count else { continue }
                paths.append(
                    (start, count, Hit(terminal: terminal, segmentCount: Int32(scanned.segmentCount))))
            }
        }
        var bits: UInt64 = 1
        while (1 << bits) < paths.count * 2 { bits += 1 }
        let shift = 64 - bits
        let slots = UnsafeMutableBufferPointer<Slot>.allocate(capacity: 1 << bits)
        slots.initialize(repeating: Slot())
        var allWords: [UInt64] = []
        allWords.reserveCapacity(paths.reduce(0) { $0 + ($1.count + 7) / 8 })
        var lengths: UInt64 = 0
        keys.bytes.withUnsafeBufferPointer { bytes in
            for (start, count, hit) in paths {
                let path = UnsafeBufferPointer(rebasing: bytes[start..<start + count])
                lengths |= 1 &<< UInt64(count & 63)
                let wordStart = Int32(allWords.count)
                var offset = 0
                while offset < count {
                    allWords.append(ByteWord.load(path, at: offset, upTo: min(offset + 8, count)))
                    offset += 8
                }
                // The keys are folded already; folding them again changes nothing.
                let hash = Self.hash(path, end: count, folding: folding)
                var slot = Int(truncatingIfNeeded: hash &>> shift)
                while slots[slot].length >= 0 { slot = (slot + 1) & (slots.count - 1) }
                slots[slot] = Slot(hash: hash, wordStart: wordStart, length: Int32(count), hit: hit)
            }
        }
        self.shift = shift
        self.slots = slots
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

    /// The static route path `bytes[0..<end]` (`end` is ``ShortcutPath/routedEnd(of:)``, not
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
