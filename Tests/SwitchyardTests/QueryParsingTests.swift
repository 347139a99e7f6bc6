import Testing

@testable import Switchyard

/// Architecture, "URL handling" (the query): ``URLParser/query(of:plusAsSpace:)`` on URLs the
/// parser accepted.
struct QueryParsingTests {
    /// One row: a URL, the `plusAsSpace` setting and the items expected, in order.
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        let plusAsSpace: Bool
        let items: [Pair]

        var testDescription: String { "\(url.debugDescription) plusAsSpace: \(plusAsSpace)" }

        init(_ url: String, plusAsSpace: Bool = false, _ items: [Pair]) {
            self.url = url
            self.plusAsSpace = plusAsSpace
            self.items = items
        }
    }

    /// A `(name, value)` item, `Equatable` so whole lists compare at once.
    struct Pair: Sendable, Equatable, CustomStringConvertible {
        let name: String
        let value: String
        var description: String { "\(name.debugDescription)=\(value.debugDescription)" }
        init(_ name: String, _ value: String) {
            self.name = name
            self.value = value
        }
    }

    static func query(_ url: String, plusAsSpace: Bool = false) throws -> Query {
        let configuration = Router.Configuration(schemes: ["mailapp"], hosts: ["mail.example.com"])
        let parsed = try URLParser.parse(url, configuration: configuration).get()
        return URLParser.query(of: parsed, reading: QueryReading(plusAsSpace: plusAsSpace))
    }

    @Test(arguments: [
        Case("/a?x=1&y=2", [Pair("x", "1"), Pair("y", "2")]),
        Case(
            "/a?tag=b&x=1&tag=a&tag=b",
            [Pair("tag", "b"), Pair("x", "1"), Pair("tag", "a"), Pair("tag", "b")]),
        Case("/a?flag", [Pair("flag", "")]),
        Case("/a?flag&x=1", [Pair("flag", ""), Pair("x", "1")]),
        Case("/a?x=", [Pair("x", "")]),
        Case("/a?=v", [Pair("", "v")]),
        Case("/a?=", [Pair("", "")]),
        Case("/a?x=b=c", [Pair("x", "b=c")]),
        Case("/a?x==", [Pair("x", "=")]),
        Case("/a?&x=1&&y=2&", [Pair("x", "1"), Pair("y", "2")]),
        Case("/a?&&&", []),
        Case("/a?", []),
        Case("/a", []),
        Case("/a#x=1", []),
        Case("/a?x=1#y=2&z=3", [Pair("x", "1")]),
        Case("/a?x=1;y=2", [Pair("x", "1;y=2")]),
        Case("/a?q=a+b", [Pair("q", "a+b")]),
        Case("/a?q=a+b", plusAsSpace: true, [Pair("q", "a b")]),
        Case("/a?q=a%2Bb", plusAsSpace: true, [Pair("q", "a+b")]),
        Case("/a?q=a%2Bb", [Pair("q", "a+b")]),
        Case("/a?first+name=Ada+Lovelace", plusAsSpace: true, [Pair("first name", "Ada Lovelace")]),
        Case("/a?q=%20+%20", plusAsSpace: true, [Pair("q", "   ")]),
        Case("/a?q=%252F", [Pair("q", "%2F")]),
        Case("/a?q=%26&r=%3D", [Pair("q", "&"), Pair("r", "=")]),
        Case("/a?a%3Db=c", [Pair("a=b", "c")]),
        Case("/a?caf%C3%A9=%E2%9C%93", [Pair("café", "✓")]),
        Case("/a?café=ü", [Pair("café", "ü")]),
        Case("/a?msg=line1%0Aline2%0D%09", [Pair("msg", "line1\nline2\r\t")]),
        Case("/a?x=/b?c", [Pair("x", "/b?c")]),
        Case(
            "mailapp://search?q=swift&tag=a&tag=b&flag",
            [
                Pair("q", "swift"), Pair("tag", "a"), Pair("tag", "b"), Pair("flag", ""),
            ]),
        Case("https://mail.example.com?next=%2Fmessages%2F7", [Pair("next", "/messages/7")]),
    ])
    func items(_ row: Case) throws {
        let query = try Self.query(row.url, plusAsSpace: row.plusAsSpace)
        #expect(query.map { Pair($0.name, $0.value) } == row.items)
        #expect(query.isEmpty == row.items.isEmpty)
    }

    @Test func lookupsKeepOrderAndDuplicates() throws {
        let query = try Self.query("mailapp://search?q=swift&tag=a&tag=b&flag")
        #expect(query["q"] == "swift")
        #expect(query["tag"] == "a")
        #expect(query.values("tag") == ["a", "b"])
        #expect(query["flag"] == "")
        #expect(query["missing"] == nil)
        #expect(query.values("missing").isEmpty)
    }

    /// `values` sizes its array from the first match (one allocation); wherever the matches
    /// stand, first, last, apart or all, it answers what `filter` then `map` answers.
    @Test(
        "values agrees with filter-then-map wherever the matches stand",
        arguments: [
            "t=1", "t=1&t=2", "a=0&t=1", "t=1&a=0", "a=0&t=1&b=2&t=3&c=4", "a=0&b=1", "t=1&t=2&t=3&t=4&t=5",
            "a&t&t=&T=9&t=x%20y", "t=1&a&a&a&a&a&a&a&a&t=2",
        ])
    func valuesAgreeWithFilterThenMap(queryString: String) throws {
        let query = try Self.query("/a?" + queryString)
        for name in ["t", "a", "T", "missing"] {
            let expected = query.items.filter { $0.name == name }.map(\.value)
            #expect(query.values(name) == expected, "\(name) in \(queryString)")
        }
    }

    @Test func namesAreCaseSensitiveAndNotNormalized() throws {
        let query = try Self.query("/a?Q=1&q=2&caf%C3%A9=nfc&cafe%CC%81=nfd")
        #expect(query["Q"] == "1")
        #expect(query["q"] == "2")
        // Compared as bytes: `String ==` is canonical equivalence and would hide a normalization.
        #expect(Array(query.items[2].name.utf8) == Array("caf\u{E9}".utf8))
        #expect(Array(query.items[3].name.utf8) == Array("cafe\u{301}".utf8))
    }

    @Test func itemCountMatchesTheLimitCount() throws {
        // The parser's cheap count and the real split must agree, or a URL at the limit could
        // yield more items than the limit allows.
        let url = "/a?&x=1&&y&=&z=%26&"
        let limits = Router.Limits(queryItems: 4)
        let parsed = try URLParser.parse(url, configuration: .init(limits: limits)).get()
        #expect(URLParser.query(of: parsed, reading: QueryReading(plusAsSpace: false)).items.count == 4)
        let over = URLParser.parse(url, configuration: .init(limits: Router.Limits(queryItems: 3)))
        #expect(throws: RoutingError.self) { try over.get() }
    }
}
