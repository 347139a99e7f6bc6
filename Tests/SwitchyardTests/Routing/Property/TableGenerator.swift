/// Builds random route tables and paths from a seed, biased so that most paths hit a route and
/// many tables hold literals, constrained and plain parameters competing for the same segment.
struct TableGenerator {
    var random: SplitMix64
    let caseSensitive: Bool

    static let literals = ["a", "b", "A", "news", "é", "1"]
    /// Decoded values: literal look-alikes, every constraint's friends and foes, and characters
    /// that need percent-encoding. None is empty, `.`, `..` or a control character.
    static let values = [
        "a", "b", "A", "news", "mail", "NEWS", "1", "42", "-7", "007", "9223372036854775808", "ab", "Zz9",
        "x y", "a/b", "%", "100%", "é", "日本", "123e4567-e89b-12d3-a456-426614174000", "...", "a?b", "#",
        "+", "~", "é/1",
    ]

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        caseSensitive = random.below(4) != 0
    }

    mutating func table() -> [Reference.RouteSpec] {
        (0..<(2 + random.below(7))).map { index in
            var names = 0
            let parts = parts(count: random.below(5), names: &names, depth: 0, globAllowed: true)
            return Reference.RouteSpec(
                parts: parts, name: random.chance(85) ? "r\(index)" : nil,
                priority: random.pick([0, 0, 0, 0, 1, 2, -1]))
        }
    }

    /// `count` parts; a glob only as the very last segment, optional parts at most two deep.
    private mutating func parts(count: Int, names: inout Int, depth: Int, globAllowed: Bool)
        -> [Reference.Part]
    {
        var result: [Reference.Part] = []
        for index in 0..<count {
            let isLast = index == count - 1
            if index > 0 && depth < 2 && random.chance(15) {
                let inner = parts(
                    count: 1 + random.below(2), names: &names, depth: depth + 1,
                    globAllowed: isLast && globAllowed)
                result.append(.optional(inner))
                continue
            }
            result.append(
                .segment(segment(names: &names, globAllowed: isLast && globAllowed), keyed: random.chance(30))
            )
        }
        return result
    }

    private mutating func segment(names: inout Int, globAllowed: Bool) -> Reference.Segment {
        names += 1
        switch random.below(100) {
        case ..<45: return .literal(random.pick(Self.literals))
        case ..<65: return .parameter("p\(names)", nil)
        case ..<90: return .parameter("p\(names)", random.pick(Reference.Rule.allCases))
        default: return globAllowed ? .glob("g\(names)") : .parameter("p\(names)", nil)
        }
    }

    /// Decoded segments for a path: mostly an expansion of a route filled with fitting values,
    /// sometimes bent a little, sometimes random.
    mutating func segments(for routes: [Reference.RouteSpec]) -> [String] {
        if random.chance(15) {
            return (0..<random.below(5)).map { _ in
                random.chance(50) ? random.pick(Self.literals) : random.pick(Self.values)
            }
        }
        let route = random.pick(routes)
        var segments: [String] = []
        for segment in random.pick(route.expansions) {
            switch segment {
            case .literal(let literal):
                segments.append(random.chance(90) ? respell(literal) : random.pick(Self.literals))
            case .parameter(_, let rule):
                segments.append(random.chance(85) ? value(meeting: rule) : random.pick(Self.values))
            case .glob:
                segments += (0...random.below(3)).map { _ in random.pick(Self.values) }.flatMap {
                    $0.split(separator: "/").map(String.init)
                }
            }
        }
        switch random.below(10) {
        case 0 where !segments.isEmpty: segments.removeLast()
        case 1: segments.append(random.pick(Self.values))
        default: break
        }
        return segments
    }

    /// A value the rule accepts (any value for no rule).
    mutating func value(meeting rule: Reference.Rule?) -> String {
        guard let rule else { return random.pick(Self.values) }
        if rule == .uuid {
            let hex = Array("0123456789abcdefABCDEF")
            let groups = [8, 4, 4, 4, 12].map { count in String((0..<count).map { _ in random.pick(hex) }) }
            return groups.joined(separator: "-")
        }
        return random.pick(Self.fitting[rule]!)
    }

    static let fitting = Dictionary(
        uniqueKeysWithValues: Reference.Rule.allCases.map { rule in (rule, values.filter(rule.accepts)) })

    /// ASCII letters in a random case when the router folds; the spelling as is otherwise.
    private mutating func respell(_ literal: String) -> String {
        guard !caseSensitive else { return literal }
        return String(
            decoding: literal.utf8.map { byte in
                let isLetter = (65...90).contains(byte) || (97...122).contains(byte)
                return isLetter && random.chance(50) ? byte ^ 0x20 : byte
            }, as: UTF8.self)
    }

    /// Percent-encodes decoded segments into a URL path, escaping every byte but the unreserved
    /// ones and, now and then, an unreserved one too; adds a trailing `/`, query or fragment.
    mutating func url(_ segments: [String]) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var path = ""
        for segment in segments {
            path += "/"
            for byte in segment.utf8 {
                let isUnreserved =
                    (65...90).contains(byte) || (97...122).contains(byte) || (48...57).contains(byte)
                    || [UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~")].contains(
                        byte)
                if isUnreserved && !random.chance(10) {
                    path.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    let escape = [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
                    path += String(
                        decoding: random.chance(20) ? escape.map { ASCIIFold.lower($0) } : escape,
                        as: UTF8.self)
                }
            }
        }
        if path.isEmpty { path = "/" }
        switch random.below(8) {
        case 0 where path != "/": path += "/"
        case 1: path += "?p1=x&g=%2F"
        case 2: path += "#/a/b"
        default: break
        }
        return path
    }
}

enum ASCIIFold {
    static func lower(_ byte: UInt8) -> UInt8 { (65...90).contains(byte) ? byte | 0x20 : byte }
}
