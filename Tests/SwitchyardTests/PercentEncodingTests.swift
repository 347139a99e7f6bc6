import Testing

@testable import Switchyard

/// ``PercentEncoding``: decoding once, hex digits, and encoding that the parser reads back.
struct PercentEncodingTests {
    /// Every kind of byte: the three digit ranges, their neighbours, and non-ASCII.
    static let hexDigits: [(UInt8, UInt8?)] = [
        (0x30, 0), (0x39, 9), (0x61, 10), (0x66, 15), (0x41, 10), (0x46, 15), (0x63, 12), (0x44, 13),
        (0x2F, nil), (0x3A, nil), (0x40, nil), (0x47, nil), (0x60, nil), (0x67, nil), (0x25, nil),
        (0x00, nil), (0xC3, nil), (0xFF, nil),
    ]

    @Test(arguments: hexDigits)
    func hexValue(_ byte: UInt8, _ expected: UInt8?) {
        #expect(PercentEncoding.hexValue(byte) == expected)
    }

    @Test(arguments: [
        ("plain", "plain"),
        ("", ""),
        ("a%2Fb", "a/b"),
        ("a%2fb", "a/b"),
        ("%252F", "%2F"),
        ("%25", "%"),
        ("caf%C3%A9", "café"),
        ("café", "café"),
        ("%41%42c", "ABc"),
        ("a+b", "a+b"),
        ("a%20b", "a b"),
        ("%F0%9F%98%80", "😀"),
        // Never traps on input the parser would refuse.
        ("%", "%"),
        ("%%", "%%"),
        ("%zz", "%zz"),
        ("%4", "%4"),
        ("a%4g", "a%4g"),
        ("%C3", "\u{FFFD}"),
        ("%C0%AF", "\u{FFFD}\u{FFFD}"),
    ])
    func decode(_ encoded: String, _ expected: String) {
        #expect(PercentEncoding.decode(Substring(encoded)) == expected)
    }

    @Test func decodesASubstringWithinALargerString() {
        let url = "/x/a%2Fb/y"
        let start = url.index(url.startIndex, offsetBy: 3)
        let end = url.index(start, offsetBy: 5)
        #expect(PercentEncoding.decode(url[start..<end]) == "a/b")
    }

    @Test func plusAsSpaceOnlyAffectsRawPlus() {
        #expect(PercentEncoding.decode(Array("a+b%2B".utf8), plusAsSpace: true) == "a b+")
        #expect(PercentEncoding.decode(Array("a+b%2B".utf8), plusAsSpace: false) == "a+b+")
    }

    @Test(arguments: [
        ("abc", "abc"),
        ("a/b", "a%2Fb"),
        ("a b", "a%20b"),
        ("100%", "100%25"),
        ("%2F", "%252F"),
        ("?#", "%3F%23"),
        ("café", "caf%C3%A9"),
        ("ü", "%C3%BC"),
        ("😀", "%F0%9F%98%80"),
        ("-._~!$&'()*+,;=:@", "-._~!$&'()*+,;=:@"),
        ("AZaz09", "AZaz09"),
        ("\n\u{0}\u{7F}", "%0A%00%7F"),
        ("[]{}|\\^`\"<>", "%5B%5D%7B%7D%7C%5C%5E%60%22%3C%3E"),
        ("", ""),
    ])
    func encodeSegment(_ value: String, _ expected: String) {
        #expect(PercentEncoding.encodeSegment(value) == expected)
    }

    @Test(arguments: [
        ("a&b=c+d;e", "a%26b%3Dc%2Bd%3Be"),
        ("a b", "a%20b"),
        ("a/b?c#d", "a%2Fb%3Fc%23d"),
        ("-._~!$'()*,:@", "-._~!$'()*,:@"),
        ("x=1&y=2", "x%3D1%26y%3D2"),
        ("ü", "%C3%BC"),
    ])
    func encodeQueryComponent(_ value: String, _ expected: String) {
        #expect(PercentEncoding.encodeQueryComponent(value) == expected)
    }

    static let values = [
        "a/b", "%2F", "%", "100%", "a b", "café", "cafe\u{301}", "😀", "?x=1#y", "+", "a&b=c", "..a", "...",
        "x/../y", ":@!$'()*,;", "\u{FFFD}",
    ]

    @Test(arguments: values)
    func segmentRoundTrip(_ value: String) throws {
        let encoded = PercentEncoding.encodeSegment(value)
        #expect(PercentEncoding.decode(Substring(encoded)) == value)
        let parsed = try URLParser.parse("/p/" + encoded, configuration: .init()).get()
        #expect(parsed.segmentCount == 2)
        #expect(URLParser.rejection(forSegmentValue: value) == nil)
    }

    @Test(arguments: values)
    func queryRoundTrip(_ value: String) throws {
        let encoded = PercentEncoding.encodeQueryComponent(value)
        let parsed = try URLParser.parse("/p?k=" + encoded + "&" + encoded + "=v", configuration: .init())
            .get()
        for plusAsSpace in [false, true] {
            let query = URLParser.query(of: parsed, reading: QueryReading(plusAsSpace: plusAsSpace))
            #expect(query.items.count == 2)
            #expect(query["k"] == value)
            #expect(query[value] == "v")
        }
    }

    /// Values no spelling can carry through the parser, which reverse routing must refuse.
    @Test(arguments: [
        ("", "empty segment"), (".", "dot segment"), ("..", "dot segment"), ("a\nb", "control character"),
        ("\u{0}", "control character"), ("\u{85}", "control character"),
        ("\u{202E}", "invisible or bidirectional"), ("\u{FEFF}", "invisible or bidirectional"),
    ])
    func unroutableSegmentValues(_ value: String, _ keyword: String) {
        let rejection = URLParser.rejection(forSegmentValue: value)
        #expect(rejection?.status == .badRequest)
        #expect(rejection?.message.contains(keyword) == true, "\(rejection?.message ?? "accepted")")
    }
}
