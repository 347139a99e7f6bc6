/// A deliberately slow and plain matcher for differential fuzzing: it tries every expansion of
/// every route against the whole path, then picks the winner by the Architecture article's "Routes
/// and patterns" precedence, compared segment by segment. It shares no code with the trie.
enum ReferenceMatcher {
    struct Match: Equatable {
        let routeIndex: Int
        let params: [String: String]

        /// Byte for byte: `String`'s `==` treats NFC and NFD spellings as equal, routing must not.
        static func == (lhs: Match, rhs: Match) -> Bool {
            lhs.routeIndex == rhs.routeIndex && exactlyEqual(lhs.params, rhs.params)
        }
    }

    static func exactlyEqual(_ lhs: [String: String], _ rhs: [String: String]) -> Bool {
        lhs.mapValues { Array($0.utf8) } == rhs.mapValues { Array($0.utf8) }
    }

    /// `segments` are the path's segments, still percent-encoded. `publicOnly` matches against
    /// the table without its private routes, which is what an external request sees.
    static func match(_ segments: [String], caseSensitive: Bool = true, publicOnly: Bool = false) -> Match? {
        let decoded = segments.map(decode)
        var best: (key: [[Int]], match: Match)?
        for (index, shape, key) in publicOnly ? rankedPublicShapes : rankedShapes {
            guard let params = bind(shape, decoded, caseSensitive: caseSensitive) else { continue }
            if best == nil
                || key.lexicographicallyPrecedes(best!.key, by: { $0.lexicographicallyPrecedes($1) })
            {
                best = (key, Match(routeIndex: index, params: params))
            }
        }
        return best?.match
    }

    /// Every expansion with its rank key, worked out once: the key depends on the table only.
    private static let rankedShapes = ranked(Array(FuzzTable.entries.indices))
    /// The same for the public routes alone (route indices stay those of the whole table).
    private static let rankedPublicShapes = ranked(
        FuzzTable.entries.indices.filter { FuzzTable.entries[$0].isPublic })

    /// The expansions of the routes `table` (indices into ``FuzzTable/entries``), ranked among
    /// those routes only.
    private static func ranked(_ table: [Int]) -> [(Int, [FuzzTable.Spec], [[Int]])] {
        table.flatMap { index in FuzzTable.entries[index].shapes.map { (index, $0, rankKey($0, in: table)) } }
    }

    private static func bind(_ shape: [FuzzTable.Spec], _ values: [String], caseSensitive: Bool)
        -> [String: String]?
    {
        var params: [String: String] = [:]
        for (position, spec) in shape.enumerated() {
            switch spec {
            case .glob(let name):
                guard position < values.count else { return nil }
                params[name] = values[position...].joined(separator: "/")
                return params
            case .literal(let literal):
                guard position < values.count else { return nil }
                let equal =
                    caseSensitive
                    ? Array(values[position].utf8) == Array(literal.utf8)
                    : Array(asciiLower(values[position]).utf8) == Array(asciiLower(literal).utf8)
                guard equal else { return nil }
            case .parameter(let name, let constraint):
                guard position < values.count, accepts(constraint, values[position]) else { return nil }
                params[name] = values[position]
            }
        }
        return shape.count == values.count ? params : nil
    }

    /// Per segment: rank (literal 0, constrained 1, plain 2, glob 3), then for constrained
    /// siblings the trie's order: highest priority below, then earliest route below.
    private static func rankKey(_ shape: [FuzzTable.Spec], in table: [Int]) -> [[Int]] {
        shape.indices.map { position in
            switch shape[position] {
            case .literal: return [0]
            case .parameter(_, _?):
                let below = routesSharing(Array(shape[...position]), in: table)
                let priority = below.map { FuzzTable.entries[$0].priority }.max()!
                return [1, -priority, below.min()!]
            case .parameter: return [2]
            case .glob: return [3]
            }
        }
    }

    /// Routes of `table` with an expansion that begins with `prefix` (constraints compared by name).
    private static func routesSharing(_ prefix: [FuzzTable.Spec], in table: [Int]) -> [Int] {
        table.filter { index in
            FuzzTable.entries[index].shapes.contains { shape in
                shape.count >= prefix.count && zip(shape, prefix).allSatisfy { sameEdge($0, $1) }
            }
        }
    }

    private static func sameEdge(_ lhs: FuzzTable.Spec, _ rhs: FuzzTable.Spec) -> Bool {
        switch (lhs, rhs) {
        case (.literal(let a), .literal(let b)): a == b
        case (.parameter(_, let a), .parameter(_, let b)): a == b
        case (.glob, .glob): true
        default: false
        }
    }

    static func accepts(_ constraint: String?, _ value: String) -> Bool {
        let bytes = Array(value.utf8)
        let isLetter = { (b: UInt8) in (b >= 65 && b <= 90) || (b >= 97 && b <= 122) }
        let isDigit = { (b: UInt8) in b >= 48 && b <= 57 }
        switch constraint {
        case nil: return !value.isEmpty
        case "int":
            let digits = bytes.first == 45 ? bytes.dropFirst() : bytes[...]
            return !digits.isEmpty && digits.allSatisfy(isDigit) && Int64(value) != nil
        case "alpha": return !bytes.isEmpty && bytes.allSatisfy(isLetter)
        case "alnum": return !bytes.isEmpty && bytes.allSatisfy { isLetter($0) || isDigit($0) }
        case "uuid":
            let groups = value.utf8.split(separator: 45, omittingEmptySubsequences: false).map(\.count)
            let isHex = { (b: UInt8) in isDigit(b) || ((b | 0x20) >= 97 && (b | 0x20) <= 102) || b == 45 }
            return groups == [8, 4, 4, 4, 12] && bytes.allSatisfy(isHex)
        case "kind": return value == "news" || value == "mail"
        default: fatalError("unknown constraint \(constraint!)")
        }
    }

    /// Percent-decodes once; the parser has already refused malformed escapes.
    static func decode(_ segment: String) -> String {
        var output: [UInt8] = []
        var bytes = Array(segment.utf8)[...]
        while let byte = bytes.popFirst() {
            if byte == 37, bytes.count >= 2, let high = hex(bytes.first!),
                let low = hex(bytes.dropFirst().first!)
            {
                output.append(high << 4 | low)
                bytes = bytes.dropFirst(2)
            } else {
                output.append(byte)
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }

    private static func asciiLower(_ value: String) -> String {
        String(decoding: value.utf8.map { $0 >= 65 && $0 <= 90 ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
