/// ASCII-only case folding: for schemes and hosts, for literals when a router ignores case, and
/// for the built-in modules' names (they reach it with `package` access).
///
/// Only `A`–`Z` fold. Unicode case mapping is deliberately absent: a web host is mapped once, by
/// ``WebHost``, exactly as browsers map it (`ｈｏｓｔ` is `host` there, because the browser goes to
/// `host`); folding any more here would make two hosts equal that the browser keeps apart.
package enum ASCIICaseFolding {
    /// `true` for `A`–`Z` and `a`–`z`.
    @inline(__always)
    package static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    /// `true` for `A`–`Z`: the bytes ``lowercased(_:)`` changes.
    @inline(__always)
    package static func isUppercase(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "A") < 26
    }

    /// The byte with `A`–`Z` mapped to `a`–`z`; every other byte, non-ASCII included, unchanged.
    @inline(__always)
    package static func lowercased(_ byte: UInt8) -> UInt8 {
        isUppercase(byte) ? byte | 0x20 : byte
    }

    /// ``lowercased(_:)`` on each of the eight bytes of `word` at once.
    @inline(__always)
    static func lowercased(word: UInt64) -> UInt64 {
        // 0x80 in each capital; shifted down, the 0x20 that lowercases it.
        word | (ByteWord.bytes(of: word, in: UInt8(ascii: "A")...UInt8(ascii: "Z")) &>> 2)
    }

    /// The bytes with ``lowercased(_:)`` applied to each.
    static func lowercased(bytes: some Sequence<UInt8>) -> [UInt8] {
        bytes.map(lowercased)
    }

    /// `text` with `A`–`Z` mapped to `a`–`z` and nothing else changed.
    package static func lowercased(_ text: String) -> String {
        string(lowercasing: text.utf8)
    }

    /// `bytes` as a string with `A`–`Z` mapped to `a`–`z`: a link's scheme, host or host label
    /// as routes and constraints see it.
    package static func string<Bytes: Sequence<UInt8>>(lowercasing bytes: Bytes) -> String {
        String(decoding: bytes.lazy.map(lowercased), as: UTF8.self)
    }

    /// Compares `bytes` with the UTF-8 of `string`, folding ASCII letters only.
    static func equals<Bytes: Collection<UInt8>>(_ bytes: Bytes, _ string: String) -> Bool {
        let utf8 = string.utf8
        // Lengths first: most comparisons (a scheme against `http`, `javascript`…) end there.
        guard bytes.count == utf8.count else { return false }
        return utf8.withContiguousStorageIfAvailable { other in
            var index = 0
            for byte in bytes {
                guard lowercased(byte) == lowercased(other[index]) else { return false }
                index &+= 1
            }
            return true
        } ?? bytes.elementsEqual(utf8) { lowercased($0) == lowercased($1) }
    }

    /// Compares `bytes` with `lowered`, already folded by ``lowercased(_:)`` (a compiled scheme or
    /// host), folding `bytes` only. Indexes the array rather than slicing it: a slice would
    /// retain it.
    @inline(__always)
    static func equals<Bytes: Collection<UInt8>>(_ bytes: Bytes, lowered: [UInt8]) -> Bool {
        guard bytes.count == lowered.count else { return false }
        var index = 0
        for byte in bytes {
            guard lowercased(byte) == lowered[index] else { return false }
            index &+= 1
        }
        return true
    }

    /// `true` when some member of `set` equals `bytes` under ASCII folding.
    ///
    /// A linear scan: configured sets hold a handful of schemes or hosts, and they may be
    /// spelled in any case, so a hashed lookup would need a lowercased copy of the input.
    static func contains<Bytes: Collection<UInt8>>(_ set: Set<String>, _ bytes: Bytes) -> Bool {
        set.contains { equals(bytes, $0) }
    }
}
