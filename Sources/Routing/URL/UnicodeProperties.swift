/// The Unicode properties UTS #46 reads, from ``UnicodeTables`` (one Unicode version, generated
/// into the package by `scripts/unicode-tables`), never from the OS or the Swift runtime: a host
/// maps to the same host on every platform and with every toolchain.
///
/// The tables are unpacked once, by the first host that is not plain ASCII; ASCII hosts never
/// touch them.
enum UnicodeProperties {
    /// A code point's status in the IDNA mapping table, as nontransitional processing (the URL
    /// Standard's) reads it: a deviation (`ß`, `ς`, the joiners) is valid.
    enum IDNAStatus: Equatable {
        case valid, ignored, mapped, disallowed
    }

    /// The bidirectional classes RFC 5893's rule tells apart; every other class is `.other`.
    enum BidiClass: UInt32 {
        case l, r, al, an, en, es, cs, et, on, bn, nsm, other
    }

    /// The joining types the CONTEXTJ rule for U+200C reads; `.u` (non-joining) elsewhere.
    enum JoiningType: UInt32 {
        case u, l, d, r, t, c
    }

    /// Appends what UTS #46's mapping step makes of `scalar` to `output` (nothing when ignored; the
    /// code point itself when valid, a deviation or disallowed) and gives its status.
    static func map(_ scalar: UInt32, into output: inout [UInt32]) -> IDNAStatus {
        let value = tables.idna.value(at: scalar)
        switch value & 7 {
        case 1: return .ignored
        case 2:
            let offset = value >> 3
            // Zigzag: even offsets are positive, odd ones negative.
            let target = offset & 1 == 0 ? scalar &+ offset >> 1 : scalar &- (offset >> 1) &- 1
            output.append(target)
            return .mapped
        case 6:
            output.append(contentsOf: tables.mappedStrings[Int(value >> 3)])
            return .mapped
        case 3:
            output.append(scalar)
            return .disallowed
        default:
            output.append(scalar)
            return .valid
        }
    }

    /// `scalar`'s status in the IDNA mapping table.
    static func status(_ scalar: UInt32) -> IDNAStatus {
        switch tables.idna.value(at: scalar) & 7 {
        case 0: .valid
        case 1: .ignored
        case 3: .disallowed
        default: .mapped
        }
    }

    /// Canonical_Combining_Class (0 for starters; 9 is a virama).
    static func combiningClass(_ scalar: UInt32) -> UInt32 {
        tables.combiningClasses.value(at: scalar)
    }

    /// Whether `scalar` is a mark (General_Category M: Mn, Mc or Me).
    static func isMark(_ scalar: UInt32) -> Bool {
        tables.marks.value(at: scalar) != 0
    }

    static func bidiClass(_ scalar: UInt32) -> BidiClass {
        BidiClass(rawValue: tables.bidiClasses.value(at: scalar)) ?? .other
    }

    static func joiningType(_ scalar: UInt32) -> JoiningType {
        JoiningType(rawValue: tables.joiningTypes.value(at: scalar)) ?? .u
    }

    /// The canonical decomposition of `scalar` one level down (`second` is 0 for a singleton), or
    /// `nil` when it has none. Hangul syllables are left to the algorithm.
    static func decomposition(_ scalar: UInt32) -> (first: UInt32, second: UInt32)? {
        tables.decompositions[scalar].map {
            (UInt32(truncatingIfNeeded: $0 >> 32), UInt32(truncatingIfNeeded: $0))
        }
    }

    /// The primary composite of `first` and `second`, when NFC composes them.
    static func composition(_ first: UInt32, _ second: UInt32) -> UInt32? {
        tables.compositions[UInt64(first) << 32 | UInt64(second)]
    }

    /// Ranges of code points with a value each, found by binary search.
    struct RangeTable: Sendable {
        /// Each range's first code point, ascending.
        var starts: [UInt32] = []
        /// Each range's end (one past its last code point); `nil` for tables whose ranges cover
        /// every code point.
        var ends: [UInt32]? = nil
        var values: [UInt32] = []

        func value(at scalar: UInt32) -> UInt32 {
            var low = 0
            var high = starts.count
            while low < high {
                let middle = (low + high) / 2
                if starts[middle] <= scalar { low = middle + 1 } else { high = middle }
            }
            guard low > 0 else { return 0 }
            if let ends, scalar >= ends[low - 1] { return 0 }
            return values[low - 1]
        }
    }

    /// The tables, unpacked.
    struct Tables: Sendable {
        var idna = RangeTable()
        var mappedStrings: [[UInt32]] = []
        var decompositions: [UInt32: UInt64] = [:]
        var compositions: [UInt64: UInt32] = [:]
        var combiningClasses = RangeTable()
        var marks = RangeTable()
        var joiningTypes = RangeTable()
        var bidiClasses = RangeTable()

        init() {
            let idnaNumbers = Self.numbers(UnicodeTables.idnaMapping)
            var start: UInt32 = 0
            for index in stride(from: 0, to: idnaNumbers.count - 1, by: 2) {
                start += idnaNumbers[index]
                idna.starts.append(start)
                idna.values.append(idnaNumbers[index + 1])
            }
            let strings = Self.numbers(UnicodeTables.idnaMappedStrings)
            var index = 0
            while index < strings.count {
                let count = Int(strings[index])
                mappedStrings.append(Array(strings[index + 1..<index + 1 + count]))
                index += 1 + count
            }
            let decomposed = Self.numbers(UnicodeTables.canonicalDecompositions)
            var scalar: UInt32 = 0
            for index in stride(from: 0, to: decomposed.count - 2, by: 3) {
                scalar += decomposed[index]
                let first = decomposed[index + 1]
                let second = decomposed[index + 2] >> 1
                decompositions[scalar] = UInt64(first) << 32 | UInt64(second)
                if decomposed[index + 2] & 1 == 1 {
                    compositions[UInt64(first) << 32 | UInt64(second)] = scalar
                }
            }
            combiningClasses = Self.ranges(UnicodeTables.combiningClasses)
            marks = Self.ranges(UnicodeTables.marks)
            joiningTypes = Self.ranges(UnicodeTables.joiningTypes)
            bidiClasses = Self.ranges(UnicodeTables.bidiClasses)
        }

        /// A table of triples (start, less the previous start; length; value).
        private static func ranges(_ text: StaticString) -> RangeTable {
            let numbers = numbers(text)
            var table = RangeTable(ends: [])
            var start: UInt32 = 0
            for index in stride(from: 0, to: numbers.count - 2, by: 3) {
                start += numbers[index]
                table.starts.append(start)
                table.ends?.append(start + numbers[index + 1])
                table.values.append(numbers[index + 2])
            }
            return table
        }

        /// The hexadecimal numbers of `text`, in order; anything else separates them.
        private static func numbers(_ text: StaticString) -> [UInt32] {
            var numbers: [UInt32] = []
            var current: UInt32 = 0
            var inNumber = false
            text.withUTF8Buffer { bytes in
                for byte in bytes {
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"):
                        current = current << 4 | UInt32(byte - UInt8(ascii: "0"))
                        inNumber = true
                    case UInt8(ascii: "a")...UInt8(ascii: "f"):
                        current = current << 4 | UInt32(byte - UInt8(ascii: "a") + 10)
                        inNumber = true
                    default:
                        if inNumber { numbers.append(current) }
                        current = 0
                        inNumber = false
                    }
                }
            }
            if inNumber { numbers.append(current) }
            return numbers
        }
    }

    /// Unpacked on first use (a `static let` is initialized once, thread-safely).
    private static let tables = Tables()
}
