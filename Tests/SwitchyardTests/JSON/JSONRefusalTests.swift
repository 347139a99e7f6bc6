import Foundation
import Testing

@testable import Switchyard

/// ``JSONWriter``: what it refuses with an `EncodingError` instead of writing bytes that depend on
/// the OS, or trapping.
@Suite("JSONWriter: refusals")
struct JSONRefusalTests {
    static let refused: [(name: String, value: any Encodable & Sendable)] = [
        ("NaN", Double.nan), ("infinity", Double.infinity), ("minus infinity", -Double.infinity),
        ("a Float NaN", Float.nan), ("a Float infinity", Float.infinity),
        ("a Date", Date(timeIntervalSince1970: 0)), ("Data", Data([1, 2, 3])),
        ("a URL", URL(fileURLWithPath: "/tmp")), ("a Decimal", Decimal(1)),
    ]

    @Test("non-finite numbers, Date, Data, URL and Decimal throw, at the top and nested", arguments: refused)
    func refuses(name: String, value: any Encodable & Sendable) {
        #expect(throws: EncodingError.self, "\(name)") { try JSONWriter().encode(value) }
        #expect(throws: EncodingError.self, "\(name)") { try JSONWriter().encode(Wrapped(value: value)) }
        #expect(throws: EncodingError.self, "\(name)") {
            try JSONWriter().encode(Wrapped(value: value, inArray: true))
        }
        #expect(throws: EncodingError.self, "\(name)") {
            try JSONWriter(style: .pretty).encode(Rows(rows: [[1, value]]))
        }
    }

    @Test("the error names the path to the refused value")
    func errorPath() throws {
        struct Holder: Encodable {
            var list: [Double]
        }
        do {
            _ = try JSONWriter().encode(["outer": Holder(list: [1, .nan])])
            Issue.record("NaN was written")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["outer", "list", "Index 1"])
        }
    }

    @Test("a top-level value that encodes nothing throws")
    func topLevelNothing() {
        #expect(throws: EncodingError.self) { try JSONWriter().encode(JSONStructureTests.Nothing()) }
    }

    /// Encoders that ask for the wrong container: Foundation traps; the writer throws.
    static let misuses: [(name: String, value: Misuse)] = [
        ("keyed after a scalar", .keyedAfterScalar), ("unkeyed after keyed", .unkeyedAfterKeyed),
        ("a second single value", .twoSingleValues), ("a single value after keyed", .singleAfterKeyed),
        ("a nested misuse", .nested),
    ]

    /// Not `Encodable` itself: Swift Testing encodes `Encodable` arguments with `JSONEncoder`,
    /// which traps on these.
    enum Misuse: Sendable {
        case keyedAfterScalar, unkeyedAfterKeyed, twoSingleValues, singleAfterKeyed, nested
    }

    /// A value whose `encode(to:)` misuses its encoder as `misuse` says.
    struct Misused: Encodable {
        let misuse: Misuse

        func encode(to encoder: any Encoder) throws {
            switch misuse {
            case .keyedAfterScalar:
                var single = encoder.singleValueContainer()
                try single.encode(1)
                var keyed = encoder.container(keyedBy: TextKey.self)
                try keyed.encode(2, forKey: TextKey("k"))
            case .unkeyedAfterKeyed:
                var keyed = encoder.container(keyedBy: TextKey.self)
                try keyed.encode(2, forKey: TextKey("k"))
                var unkeyed = encoder.unkeyedContainer()
                try unkeyed.encode(3)
            case .twoSingleValues:
                var single = encoder.singleValueContainer()
                try single.encode("a")
                try single.encode("b")
            case .singleAfterKeyed:
                var keyed = encoder.container(keyedBy: TextKey.self)
                try keyed.encode(2, forKey: TextKey("k"))
                var single = encoder.singleValueContainer()
                try single.encode([1])
            case .nested:
                var unkeyed = encoder.unkeyedContainer()
                try unkeyed.encode(Misused(misuse: .twoSingleValues))
            }
        }
    }

    @Test("an encoder asked for two kinds of container, or two single values, throws", arguments: misuses)
    func misuse(name: String, value: Misuse) {
        #expect(throws: EncodingError.self, "\(name)") { try JSONWriter().encode(Misused(misuse: value)) }
    }
}

/// Arrays of any values in an array, through nested unkeyed containers.
struct Rows: Encodable {
    let rows: [[any Encodable]]

    func encode(to encoder: any Encoder) throws {
        var outer = encoder.unkeyedContainer()
        for row in rows {
            var inner = outer.nestedUnkeyedContainer()
            for value in row { try inner.encode(value) }
        }
    }
}
