import Foundation
import Testing

@testable import Switchyard

/// The compact text of `value`.
func compactJSON(_ value: some Encodable) throws -> String {
    String(decoding: try JSONWriter().encode(value), as: UTF8.self)
}

/// The pretty text of `value`.
func prettyJSON(_ value: some Encodable) throws -> String {
    String(decoding: try JSONWriter(style: .pretty).encode(value), as: UTF8.self)
}

/// ``JSONWriter``: the exact bytes of keys, numbers and strings, by its rules and not Foundation's.
@Suite("JSONWriter: exact bytes")
struct JSONWriterTests {
    /// Keys written in this order come out in UTF-8 byte order; each row breaks another ordering
    /// (case-insensitive, numeric, width-insensitive, UTF-16, canonical).
    static let keyOrders: [(keys: [String], json: String)] = [
        (["a", "B"], #"{"B":1,"a":1}"#),
        (["é", "ä", "a", "Z"], #"{"Z":1,"a":1,"ä":1,"é":1}"#),
        (["a", "_", "A"], #"{"A":1,"_":1,"a":1}"#),
        (["a9", "a10"], #"{"a10":1,"a9":1}"#),
        (["\u{FF42}", "c", "b"], "{\"b\":1,\"c\":1,\"\u{FF42}\":1}"),
        // U+1F600 is after U+FF5A in UTF-8 and before it in UTF-16.
        (["\u{1F600}", "\u{FF5A}"], "{\"\u{FF5A}\":1,\"\u{1F600}\":1}"),
        (["ab", "a", ""], #"{"":1,"a":1,"ab":1}"#),
    ]

    @Test("object keys are sorted by their UTF-8 bytes", arguments: keyOrders)
    func keyOrder(keys: [String], json: String) throws {
        #expect(try compactJSON(Keys(keys)) == json)
    }

    static let doubles: [(value: Double, json: String)] = [
        (0.1, "0.1"), (1.1, "1.1"), (0.412, "0.412"), (2.5, "2.5"), (-1.5, "-1.5"),
        (100.0, "100"), (0.0, "0"), (-0.0, "-0"), (1e21, "1e+21"), (1e15, "1000000000000000"),
        (1e16, "1e+16"), (123_456_789_012_345_680.0, "1.2345678901234568e+17"), (0.0001, "0.0001"),
        (0.00001, "1e-05"), (Double.leastNonzeroMagnitude, "5e-324"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"), (0.1 + 0.2, "0.30000000000000004"),
        (1_700_000_000.123, "1700000000.123"),
    ]

    @Test("a Double is its shortest round-trip description, without a trailing .0", arguments: doubles)
    func double(value: Double, json: String) throws {
        #expect(try compactJSON(value) == json)
        #expect(try compactJSON([value]) == "[\(json)]")
        #expect(try compactJSON(["n": value]) == #"{"n":\#(json)}"#)
    }

    static let floats: [(value: Float, json: String)] = [
        (1.1, "1.1"), (0.1, "0.1"), (100, "100"), (16_777_216, "16777216"), (3.4e38, "3.4e+38"),
        (Float.leastNonzeroMagnitude, "1e-45"), (-0.0, "-0"),
    ]

    @Test("a Float is its own shortest description, not a Double's", arguments: floats)
    func float(value: Float, json: String) throws {
        #expect(try compactJSON(value) == json)
        #expect(try compactJSON([value]) == "[\(json)]")
        #expect(try compactJSON(["n": value]) == #"{"n":\#(json)}"#)
    }

    static let integers: [(value: any Encodable & Sendable, json: String)] = [
        (Int.min, "-9223372036854775808"), (Int.max, "9223372036854775807"), (0, "0"),
        (Int8.min, "-128"), (Int16.min, "-32768"), (Int32.min, "-2147483648"),
        (Int64.min, "-9223372036854775808"), (UInt.max, "18446744073709551615"), (UInt8.max, "255"),
        (UInt16.max, "65535"), (UInt32.max, "4294967295"), (UInt64.max, "18446744073709551615"),
    ]

    @Test("integers of every width are decimal", arguments: integers)
    func integer(value: any Encodable & Sendable, json: String) throws {
        #expect(try compactJSON(value) == json)
        #expect(try compactJSON(Wrapped(value: value)) == #"{"value":\#(json)}"#)
        #expect(try compactJSON(Wrapped(value: value, inArray: true)) == "[\(json)]")
    }

    @Test("each typed encode of a keyed and an unkeyed container writes its type's text")
    func typedEncodes() throws {
        let widths = Widths()
        let numbers = #"-1,-8,-16,-32,-64,1,8,16,32,64,1.5,0.25,true,"s""#
        #expect(
            try compactJSON(widths)
                == #"{"b":true,"d":1.5,"f":0.25,"i":-1,"i16":-16,"i32":-32,"i64":-64,"i8":-8,"s":"s","#
                + #""u":1,"u16":16,"u32":32,"u64":64,"u8":8}"#)
        #expect(try compactJSON(Widths.InArray(widths: widths)) == "[\(numbers)]")
        #expect(try compactJSON(Widths.Alone(widths: widths)) == "[\(numbers)]")
    }

    /// Every control-character class, the two escaped printables, and what is written as is.
    static let strings: [(text: String, json: String)] = [
        ("a/b", #""a/b""#), ("https://x/", #""https://x/""#),
        ("\"", #""\"""#), ("\\", #""\\""#), ("a\"b\\c", #""a\"b\\c""#),
        ("\u{08}", #""\b""#), ("\t", #""\t""#), ("\n", #""\n""#), ("\u{0C}", #""\f""#), ("\r", #""\r""#),
        ("\u{00}", #""\u0000""#), ("\u{01}", #""\u0001""#), ("\u{0B}", #""\u000b""#),
        ("\u{0E}", #""\u000e""#), ("\u{1A}", #""\u001a""#), ("\u{1F}", #""\u001f""#),
        ("\u{7F}", "\"\u{7F}\""), (" ~", #"" ~""#),
        ("caf\u{E9} Zo\u{EB}", "\"caf\u{E9} Zo\u{EB}\""), ("e\u{301}", "\"e\u{301}\""),
        ("\u{2028}\u{2029}", "\"\u{2028}\u{2029}\""), ("\u{1F600}", "\"\u{1F600}\""),
        ("日本", "\"日本\""), ("", #""""#),
    ]

    @Test("strings escape only what JSON requires; / and non-ASCII are written as is", arguments: strings)
    func string(text: String, json: String) throws {
        #expect(try compactJSON(text) == json)
        #expect(try compactJSON([text: text]) == "{\(json):\(json)}", "keys are escaped the same way")
    }

    @Test("no control character is written raw, and each one reads back")
    func everyControlCharacter() throws {
        for value in 0..<0x20 {
            let text = String(UnicodeScalar(UInt8(value)))
            let data = try JSONWriter().encode(text)
            #expect(!data.contains { $0 < 0x20 }, "U+\(value)")
            #expect(try JSONDecoder().decode(String.self, from: data) == text, "U+\(value)")
        }
    }

    @Test("true, false, null and a top-level scalar")
    func scalars() throws {
        #expect(try compactJSON(true) == "true")
        #expect(try compactJSON([false, true]) == "[false,true]")
        #expect(try compactJSON(String?.none) == "null")
        #expect(try compactJSON([1, nil, 3] as [Int?]) == "[1,null,3]")
        #expect(try prettyJSON("x/y") == #""x/y""#)
    }

    @Test("encodeIfPresent leaves a nil out; encode writes null")
    func optionals() throws {
        #expect(try compactJSON(Optionals(present: nil, always: nil)) == #"{"always":null}"#)
        #expect(try compactJSON(Optionals(present: "p", always: 2)) == #"{"always":2,"present":"p"}"#)
    }
}

/// An object with the given keys, each set to 1, written in the given order.
struct Keys: Encodable {
    let keys: [String]
    init(_ keys: [String]) { self.keys = keys }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: TextKey.self)
        for key in keys { try container.encode(1, forKey: TextKey(key)) }
    }
}

/// A coding key of any text.
struct TextKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(_ text: String) { stringValue = text }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// A value under the key `value`, or alone in an array, through the generic `encode`.
struct Wrapped: Encodable {
    let value: any Encodable
    var inArray = false

    func encode(to encoder: any Encoder) throws {
        if inArray {
            var container = encoder.unkeyedContainer()
            try container.encode(value)
        } else {
            var container = encoder.container(keyedBy: TextKey.self)
            try container.encode(value, forKey: TextKey("value"))
        }
    }
}

/// The synthesized `encodeIfPresent` for one property, `encode` for the other.
struct Optionals: Encodable {
    let present: String?
    let always: Int?

    enum CodingKeys: CodingKey { case present, always }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(present, forKey: .present)
        try container.encode(always, forKey: .always)
    }
}

/// One property of each type a container has a typed `encode` for.
struct Widths: Encodable {
    var i = -1
    var i8: Int8 = -8
    var i16: Int16 = -16
    var i32: Int32 = -32
    var i64: Int64 = -64
    var u: UInt = 1
    var u8: UInt8 = 8
    var u16: UInt16 = 16
    var u32: UInt32 = 32
    var u64: UInt64 = 64
    var d = 1.5
    var f: Float = 0.25
    var b = true
    var s = "s"

    /// The same values through an unkeyed container's typed `encode`s.
    struct InArray: Encodable {
        let widths: Widths

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            let w = widths
            try container.encode(w.i)
            try container.encode(w.i8)
            try container.encode(w.i16)
            try container.encode(w.i32)
            try container.encode(w.i64)
            try container.encode(w.u)
            try container.encode(w.u8)
            try container.encode(w.u16)
            try container.encode(w.u32)
            try container.encode(w.u64)
            try container.encode(w.d)
            try container.encode(w.f)
            try container.encode(w.b)
            try container.encode(w.s)
        }
    }

    /// The same values, each through a single-value container of its own.
    struct Alone: Encodable {
        let widths: Widths

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            let w = widths
            let values: [any Encodable] = [
                w.i, w.i8, w.i16, w.i32, w.i64, w.u, w.u8, w.u16, w.u32, w.u64, w.d, w.f, w.b, w.s,
            ]
            for value in values { try container.encode(Single(value: value)) }
        }
    }

    /// A value written through `singleValueContainer().encode(_:)` with its static type.
    struct Single: Encodable {
        let value: any Encodable

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch value {
            case let value as Int: try container.encode(value)
            case let value as Int8: try container.encode(value)
            case let value as Int16: try container.encode(value)
            case let value as Int32: try container.encode(value)
            case let value as Int64: try container.encode(value)
            case let value as UInt: try container.encode(value)
            case let value as UInt8: try container.encode(value)
            case let value as UInt16: try container.encode(value)
            case let value as UInt32: try container.encode(value)
            case let value as UInt64: try container.encode(value)
            case let value as Double: try container.encode(value)
            case let value as Float: try container.encode(value)
            case let value as Bool: try container.encode(value)
            case let value as String: try container.encode(value)
            default: try container.encode(value)
            }
        }
    }
}
