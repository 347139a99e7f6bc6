import Foundation
import Testing

@testable import Switchyard

/// ``JSONWriter``'s output read back by Foundation's `JSONDecoder`: the value comes back whole,
/// in both styles.
@Suite("JSONWriter: read back by JSONDecoder")
struct JSONRoundTripTests {
    struct Sample: Codable, Equatable, Sendable {
        var text: String
        var number: Double
        var float: Float
        var integer: Int
        var unsigned: UInt64
        var flag: Bool
        var missing: String?
        var list: [Int?]
        var table: [String: [String]]
        var children: [Sample]
    }

    static func sample(
        text: String = "t", number: Double = 0, float: Float = 0, integer: Int = 0, unsigned: UInt64 = 0,
        table: [String: [String]] = [:], children: [Sample] = []
    ) -> Sample {
        Sample(
            text: text, number: number, float: float, integer: integer, unsigned: unsigned, flag: true,
            missing: nil, list: [1, nil], table: table, children: children)
    }

    static let samples: [Sample] = [
        sample(),
        sample(number: 0.1, float: 0.1),
        sample(number: 1.1, float: 1.1),
        sample(number: 1e21, float: 1e21),
        sample(number: .leastNonzeroMagnitude, float: .leastNonzeroMagnitude),
        sample(number: .greatestFiniteMagnitude, float: .greatestFiniteMagnitude),
        sample(number: 100, float: 100),
        sample(number: 0.1 + 0.2, float: 16_777_216),
        sample(integer: .min, unsigned: .max),
        sample(integer: .max),
        sample(text: "a/b \"q\" back\\slash caf\u{E9} e\u{301} \u{1F600} \u{2028}"),
        sample(text: String((0..<0x20).map { Character(UnicodeScalar(UInt8($0))) }) + "\u{7F}"),
        sample(table: ["B": ["x"], "a": [], "\u{E9}": ["/", ""], "": ["empty key"]]),
        sample(children: [sample(text: "child", children: [sample(text: "grandchild")]), sample()]),
    ]

    @Test("a table of values decodes back equal, from either style", arguments: samples)
    func roundTrip(sample: Sample) throws {
        for writer in [JSONWriter(), JSONWriter(style: .pretty)] {
            let data = try writer.encode(sample)
            #expect(try JSONDecoder().decode(Sample.self, from: data) == sample)
        }
    }

    @Test("-0 reads back as minus zero")
    func minusZero() throws {
        let data = try JSONWriter().encode([-0.0])
        #expect(String(decoding: data, as: UTF8.self) == "[-0]")
        #expect(try JSONDecoder().decode([Double].self, from: data).first?.sign == .minus)
    }

    @Test("a compact document is one line, however many newlines its strings hold")
    func oneLine() throws {
        let data = try JSONWriter().encode(Self.samples)
        #expect(!data.contains(UInt8(ascii: "\n")))
        #expect(!data.contains(UInt8(ascii: "\r")))
    }
}
