import Foundation
import Testing

@testable import Switchyard

/// ``JSONWriter``: arrays and objects in both styles, and every container an `Encoder` hands out.
@Suite("JSONWriter: structure and containers")
struct JSONStructureTests {
    struct Message: Encodable {
        var id: Int
        var tags: [String]
        var headers: [String: String]
        var replies: [Message]
    }

    static let thread = [
        Message(
            id: 1, tags: ["a/b", "Z"], headers: ["to": "x", "From": "y"],
            replies: [Message(id: 2, tags: [], headers: [:], replies: [])]),
        Message(id: 3, tags: [], headers: [:], replies: []),
    ]

    static let documents: [(name: String, value: any Encodable & Sendable, compact: String, pretty: String)] =
        [
            (
                "nested objects in arrays", Self.thread,
                #"[{"headers":{"From":"y","to":"x"},"id":1,"replies":[{"headers":{},"id":2,"replies":[],"tags":[]}],"#
                    + #""tags":["a/b","Z"]},{"headers":{},"id":3,"replies":[],"tags":[]}]"#,
                """
                [
                  {
                    "headers" : {
                      "From" : "y",
                      "to" : "x"
                    },
                    "id" : 1,
                    "replies" : [
                      {
                        "headers" : {

                        },
                        "id" : 2,
                        "replies" : [

                        ],
                        "tags" : [

                        ]
                      }
                    ],
                    "tags" : [
                      "a/b",
                      "Z"
                    ]
                  },
                  {
                    "headers" : {

                    },
                    "id" : 3,
                    "replies" : [

                    ],
                    "tags" : [

                    ]
                  }
                ]
                """
            ),
            ("an empty array", [Int](), "[]", "[\n\n]"),
            ("an empty object", [String: Int](), "{}", "{\n\n}"),
            (
                "arrays in arrays", [[1, 2], [], [3]], "[[1,2],[],[3]]",
                "[\n  [\n    1,\n    2\n  ],\n  [\n\n  ],\n  [\n    3\n  ]\n]"
            ),
            ("a scalar", 1.5, "1.5", "1.5"),
            (
                "a dictionary keyed by Int", [10: "x", 9: "y"], #"{"10":"x","9":"y"}"#,
                "{\n  \"10\" : \"x\",\n  \"9\" : \"y\"\n}"
            ),
        ]

    @Test("compact and pretty bytes", arguments: documents)
    func document(name: String, value: any Encodable & Sendable, compact: String, pretty: String) throws {
        #expect(try compactJSON(value) == compact, "\(name)")
        #expect(try prettyJSON(value) == pretty, "\(name)")
    }

    /// Every container an `Encoder` hands out, written through and mixed.
    struct Containers: Encodable {
        enum Key: String, CodingKey { case nested, list, twice, sub, later }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: .nested)
            try nested.encode("n", forKey: .sub)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            var inner = list.nestedContainer(keyedBy: Key.self)
            var innerList = list.nestedUnkeyedContainer()
            try list.encode(4)
            try inner.encode(2, forKey: .sub)  // after the array moved on: still its second element
            try innerList.encode(3)
            try SuperValue(text: "s").encode(to: list.superEncoder())
            #expect(list.count == 5)
            // The same nested container asked for twice fills one member.
            var first = container.nestedContainer(keyedBy: Key.self, forKey: .twice)
            var second = container.nestedContainer(keyedBy: Key.self, forKey: .twice)
            try first.encode(1, forKey: .sub)
            try second.encode(2, forKey: .later)
            try SuperValue(text: "k").encode(to: container.superEncoder())
            try SuperValue(text: "f").encode(to: container.superEncoder(forKey: .sub))
            _ = container.superEncoder(forKey: .later)  // nothing written: an empty object
        }
    }

    struct SuperValue: Encodable {
        let text: String
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        }
    }

    @Test("nested containers, superEncoder and superEncoder(forKey:) fill their place in the parent")
    func containers() throws {
        #expect(
            try compactJSON(Containers())
                == #"{"later":{},"list":[1,{"sub":2},[3],4,"s"],"nested":{"sub":"n"},"sub":"f","super":"k","#
                + #""twice":{"later":2,"sub":1}}"#)
    }

    /// A subclass writing its superclass's keys through `superEncoder()` and the same encoder.
    class Base: Encodable {
        var base = "b"
        enum Key: CodingKey { case base, own }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(base, forKey: .base)
        }
    }

    final class Sub: Base {
        override func encode(to encoder: any Encoder) throws {
            try super.encode(to: encoder)
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("o", forKey: .own)
            try super.encode(to: container.superEncoder())
        }
    }

    @Test("a value asking one encoder twice for a keyed container writes one object")
    func keyedTwice() throws {
        #expect(try compactJSON(Sub()) == #"{"base":"b","own":"o","super":{"base":"b"}}"#)
    }

    @Test("a key written twice keeps the last value, and the last spelling of keys Swift finds equal")
    func duplicateKeys() throws {
        #expect(try compactJSON(Keys(["a", "b", "a"])) == #"{"a":1,"b":1}"#)
        struct Twice: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: TextKey.self)
                try container.encode("first", forKey: TextKey("k"))
                try container.encode(["last"], forKey: TextKey("k"))
                try container.encode(1, forKey: TextKey("\u{E9}"))
                try container.encode(2, forKey: TextKey("e\u{301}"))
            }
        }
        #expect(try compactJSON(Twice()) == "{\"e\u{301}\":2,\"k\":[\"last\"]}")
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    @Test("a nested value that encodes nothing is an empty object")
    func nestedNothing() throws {
        #expect(try compactJSON([Nothing(), Nothing()]) == "[{},{}]")
        #expect(try compactJSON(["k": Nothing()]) == #"{"k":{}}"#)
        #expect(try prettyJSON(["k": Nothing()]) == "{\n  \"k\" : {\n\n  }\n}")
    }

    @Test("neither style ends with a newline")
    func noTrailingNewline() throws {
        for data in [
            try JSONWriter().encode(Self.thread), try JSONWriter(style: .pretty).encode(Self.thread),
        ] {
            #expect(data.last == UInt8(ascii: "]"))
        }
    }
}
