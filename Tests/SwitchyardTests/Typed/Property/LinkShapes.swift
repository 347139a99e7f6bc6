import Foundation

@testable import Switchyard

/// A `Codable` struct the typed round-trip property test generates values of, with what the
/// generator and the model need to know about it: which properties a pattern may name, and the
/// model's own spelling of a value (independent of `LinkEncoder`).
protocol LinkShape: Codable, Equatable, Sendable {
    /// The properties, in declaration order.
    static var fields: [LinkField] { get }
    /// A random value, fitting the route's constraints most of the time.
    init(_ values: inout LinkValues)
    /// Each property's texts, in declaration order: none for `nil`, one per element of an array,
    /// the description of a scalar, the raw value of an enum, the `uuidString` of a `UUID`.
    var texts: [(name: String, values: [String])] { get }
}

/// A property of a ``LinkShape``, as the route generator sees it.
struct LinkField: Sendable {
    enum Role: Sendable {
        /// A non-optional scalar: a parameter, or a query item.
        case scalar
        /// An optional scalar: a parameter in an optional part (now and then a required one,
        /// which a `nil` leaves missing), or a query item.
        case optional
        /// A `String`: a parameter, a glob (joined segments), or a query item.
        case text
        /// A `[String]`: a glob (one element per segment), now and then a one-value parameter,
        /// or repeated query items.
        case segments
        /// Another array: repeated query items, now and then a one-value parameter.
        case list
        /// Named so that no pattern can name it: always a query item.
        case queryOnly
    }

    let name: String
    let role: Role
    /// The constraints a pattern may put on it as a parameter (`nil`: none).
    let rules: [Reference.Rule?]

    init(_ name: String, _ role: Role, _ rules: [Reference.Rule?] = [nil]) {
        self.name = name
        self.role = role
        self.rules = rules
    }
}

/// Random values for ``LinkShape``s: generic text (unicode, spaces, `/`, `%`, `&`, `=`, `+`, `#`,
/// `?`, now and then empty, `.`, `..` or a character the parser refuses in a path), numbers at
/// their limits, negative and fractional.
struct LinkValues {
    var random: SplitMix64
    /// The constraint the route puts on each parameter: a value fits it most of the time.
    let rules: [String: Reference.Rule]

    static let atoms = [
        "a", "Zz9", "news", "mail", "x y", " ", "a/b", "/", "%", "100%", "%2F", "&", "=", "+", "#", "?", ";",
        "é", "e\u{301}", "日本", "😀", "-7", "~", "'", "\"", "<>", "\\", "1.5", "a=b&c",
    ]
    /// Characters the URL parser refuses in a path (the first three) or anywhere (NUL).
    static let refused = ["\u{200B}", "\u{7}", "\u{202E}", "\u{0}"]

    /// Any text.
    mutating func text(_ name: String) -> String {
        if let rule = rules[name], random.chance(85) { return fitting(rule) }
        if random.chance(2) { return random.pick([".", ".."]) }
        if random.chance(4) { return "" }
        var text = (0...random.below(3)).map { _ in random.pick(Self.atoms) }.joined()
        if random.chance(2) { text += random.pick(Self.refused) }
        return text
    }

    /// Text without `/`, for one glob segment (see `TypedRegressionTests.globSegmentWithSlash`).
    mutating func segment(_ name: String) -> String {
        String(text(name).map { $0 == "/" ? "_" : $0 })
    }

    mutating func fitting(_ rule: Reference.Rule) -> String {
        var generator = TableGenerator(seed: random.next())
        return generator.value(meeting: rule)
    }

    mutating func optional<T>(_ make: (inout Self) -> T) -> T? {
        random.chance(35) ? nil : make(&self)
    }

    /// Zero to three elements, empty one time in `1 / emptyOdds`.
    mutating func list<T>(emptyOdds: Int = 5, _ make: (inout Self) -> T) -> [T] {
        guard random.below(emptyOdds) != 0 else { return [] }
        return (0..<random.pick([1, 1, 2, 3])).map { _ in make(&self) }
    }

    mutating func int() -> Int {
        random.chance(50)
            ? random.pick([0, 1, -1, 7, 42, -273, 1_000_000, Int.max, Int.min])
            : Int(truncatingIfNeeded: random.next()) >> random.below(64)
    }

    mutating func int8() -> Int8 { Int8(truncatingIfNeeded: random.next()) }
    mutating func uint16() -> UInt16 { UInt16(truncatingIfNeeded: random.next()) }

    /// Any `Double` but NaN, which equals nothing.
    mutating func double() -> Double {
        random.chance(50)
            ? random.pick([
                0, -0.0, 0.5, -2.5, 1e-7, .pi, -1.7976931348623157e308, .leastNonzeroMagnitude, 1e16,
                123_456.789, .infinity,
                -.infinity,
            ])
            : Double(Int64(truncatingIfNeeded: random.next()) >> random.below(64)) / 1_000
    }

    mutating func float() -> Float {
        random.chance(50)
            ? random.pick([0, 0.1, -1.5, 3.4028235e38, .leastNonzeroMagnitude, .infinity])
            : Float(Int32(truncatingIfNeeded: random.next()) >> random.below(32)) / 8
    }

    mutating func bool() -> Bool { random.chance(50) }

    mutating func uuid() -> UUID {
        let (high, low) = (random.next(), random.next())
        let bytes =
            (0..<8).map { UInt8(truncatingIfNeeded: high >> ($0 * 8)) }
            + (0..<8).map { UInt8(truncatingIfNeeded: low >> ($0 * 8)) }
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
                bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }

    mutating func folder(_ name: String) -> Typed.Folder {
        if rules[name] == .kind, random.chance(85) { return random.pick([.news, .mail]) }
        return random.pick(Typed.Folder.allCases)
    }

    mutating func level() -> Typed.Level { random.pick(Typed.Level.allCases) }

    mutating func celsius(_ name: String) -> Typed.Celsius {
        // `short` fits at most two bytes: `0C` … `9C`.
        Typed.Celsius(degrees: rules[name] == .short && random.chance(85) ? random.below(10) : int() % 1000)
    }
}

/// A message link: a number, a text (a glob now and then), an optional, a list, a `Double`.
struct MessageShape: LinkShape {
    var id: Int
    var slug: String
    var highlight: String?
    var tags: [String]
    var score: Double

    static let fields = [
        LinkField("id", .scalar, [nil, .int]), LinkField("slug", .text, [nil, nil, nil, .alnum, .short]),
        LinkField("highlight", .optional, [nil, nil, .short]), LinkField("tags", .list),
        LinkField("score", .scalar),
    ]

    init(_ values: inout LinkValues) {
        id = values.int()
        slug = values.text("slug")
        highlight = values.optional { $0.text("highlight") }
        tags = values.list { $0.text("tags") }
        score = values.double()
    }

    var texts: [(name: String, values: [String])] {
        [
            ("id", [id.description]), ("slug", [slug]), ("highlight", highlight.map { [$0] } ?? []),
            ("tags", tags), ("score", [score.description]),
        ]
    }
}

/// A search link: enums, a `Bool`, optional numbers and a `UUID`.
struct SearchShape: LinkShape {
    var q: String
    var page: Int?
    var exact: Bool
    var folder: Typed.Folder
    var level: Typed.Level?
    var token: UUID?

    static let fields = [
        LinkField("q", .scalar, [nil, nil, nil, .kind, .alpha]), LinkField("page", .optional, [nil, .int]),
        LinkField("exact", .scalar), LinkField("folder", .scalar, [nil, nil, .kind]),
        LinkField("level", .optional, [nil, .int]), LinkField("token", .optional, [nil, .uuid]),
    ]

    init(_ values: inout LinkValues) {
        q = values.text("q")
        page = values.optional { $0.int() }
        exact = values.bool()
        folder = values.folder("folder")
        level = values.optional { $0.level() }
        token = values.optional { $0.uuid() }
    }

    var texts: [(name: String, values: [String])] {
        [
            ("q", [q]), ("page", page.map { [$0.description] } ?? []), ("exact", [exact.description]),
            ("folder", [folder.rawValue]), ("level", level.map { [$0.rawValue.description] } ?? []),
            ("token", token.map { [$0.uuidString] } ?? []),
        ]
    }
}

/// A files link: segments (a glob), an optional text, an `Int8`, an optional `Float`.
struct FilesShape: LinkShape {
    var path: [String]
    var kind: String?
    var n: Int8
    var ratio: Float?

    static let fields = [
        LinkField("path", .segments), LinkField("kind", .optional, [nil, nil, .alpha]),
        LinkField("n", .scalar, [nil, .int]), LinkField("ratio", .optional),
    ]

    init(_ values: inout LinkValues) {
        path = values.list(emptyOdds: 12) { $0.segment("path") }
        kind = values.optional { $0.text("kind") }
        n = values.int8()
        ratio = values.optional { $0.float() }
    }

    var texts: [(name: String, values: [String])] {
        [
            ("path", path), ("kind", kind.map { [$0] } ?? []), ("n", [n.description]),
            ("ratio", ratio.map { [$0.description] } ?? []),
        ]
    }
}

/// A wide link: a text (a glob now and then), a `UInt16`, an app's own scalar, a list of
/// numbers, a property whose key no pattern can name, an optional `Bool`.
struct WideShape: LinkShape {
    var name: String
    var count: UInt16
    var temperature: Typed.Celsius?
    var codes: [Int]
    var note: String
    var flag: Bool?

    enum CodingKeys: String, CodingKey {
        // Synthesized coding follows these cases' order: the properties'.
        case name, count, temperature, codes
        case note = "a b&c=d"
        case flag
    }

    static let fields = [
        LinkField("name", .text), LinkField("count", .scalar, [.int, nil]),
        LinkField("temperature", .optional, [nil, .short]), LinkField("codes", .list),
        LinkField("a b&c=d", .queryOnly), LinkField("flag", .optional),
    ]

    init(_ values: inout LinkValues) {
        name = values.text("name")
        count = values.uint16()
        temperature = values.optional { $0.celsius("temperature") }
        codes = values.list { $0.int() }
        note = values.text("a b&c=d")
        flag = values.optional { $0.bool() }
    }

    var texts: [(name: String, values: [String])] {
        [
            ("name", [name]), ("count", [count.description]),
            ("temperature", temperature.map { [$0.description] } ?? []), ("codes", codes.map(\.description)),
            ("a b&c=d", [note]), ("flag", flag.map { [$0.description] } ?? []),
        ]
    }
}
