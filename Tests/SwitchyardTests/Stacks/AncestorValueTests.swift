import Testing

@testable import Switchyard

/// An ancestor's URL is written from its link's raw values, copied when they already are what
/// the encoder writes, decoded and encoded again otherwise: the URL must be exactly the one that
/// decoding the value and percent-encoding it gives. Checked against a plain model written here
/// (its own decoder and encoder) and against reverse routing's builder, for chosen values and
/// random ones.
@Suite("Stacks: an ancestor's values written from the link's raw bytes")
struct AncestorValueTests {
    /// `/p/:a/:b` under which the link's route sits; with `constrained`, `:b` refuses a decoded
    /// value holding `/`, so values are decoded before their constraint sees them.
    static func router(constrained: Bool) throws -> Router {
        let noSlash = Constraint.custom("noSlash") { !$0.contains("/") }
        return try Router(routes: [
            Route("/p/:a/:b", name: "parent", constraints: constrained ? ["b": noSlash] : [:]) {
                Response(request: $0)
            },
            Route("/p/:a/:b/c", name: "child", parent: "parent") { Response(request: $0) },
        ])
    }

    // MARK: The model

    /// Percent-decoding as a request's parameters read: `%XX` in either case, anything else kept,
    /// and bytes that are not UTF-8 repaired to U+FFFD.
    static func modelDecode(_ raw: String) -> String {
        let bytes = Array(raw.utf8)
        var decoded: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2])
            {
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    static func hex(_ byte: UInt8) -> UInt8? {
        if let digit = "0123456789ABCDEF".utf8.firstIndex(of: byte) {
            return UInt8(
                "0123456789ABCDEF".utf8.distance(from: "0123456789ABCDEF".utf8.startIndex, to: digit))
        }
        if let digit = "abcdef".utf8.firstIndex(of: byte) {
            return 10 + UInt8("abcdef".utf8.distance(from: "abcdef".utf8.startIndex, to: digit))
        }
        return nil
    }

    /// A path segment's encoding: RFC 3986 unreserved, the sub-delimiters, `:` and `@` kept,
    /// every other byte escaped with uppercase hex.
    static func modelEncode(_ value: String) -> String {
        let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@".utf8)
        let digits = Array("0123456789ABCDEF".utf8)
        var encoded: [UInt8] = []
        for byte in value.utf8 {
            if kept.contains(byte) {
                encoded.append(byte)
            } else {
                encoded += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// The parent's URL for the raw values `a` and `b` of the link, or `nil` when it is left out: a
    /// decoded value that is empty, `.` or `..`, or (`constrained`) a `b` holding `/`.
    static func modelURL(_ a: String, _ b: String, constrained: Bool) -> String? {
        let (a, b) = (modelDecode(a), modelDecode(b))
        if constrained && b.contains("/") { return nil }
        guard ![a, b].contains(where: { ["", ".", ".."].contains($0) }) else { return nil }
        return "/p/" + modelEncode(a) + "/" + modelEncode(b)
    }

    /// The parent's URL as the router writes it for the link `/p/a/b/c`, and as reverse routing's
    /// builder (decode, check, encode) writes it from the same values; `nil` when the link does
    /// not reach the child.
    static func written(_ a: String, _ b: String, router: Router) -> (fast: String?, builder: String?)? {
        guard let link = router.match("/p/\(a)/\(b)/c"), link.route.name == "child" else { return nil }
        let fast = router.ancestorLinks(of: link.route, params: link.params, after: nil)
        #expect(fast.allSatisfy { $0.name == "parent" })
        let index = router.storage.routesByName["parent"]!
        let compiled = router.storage.compiledRoutes[index]
        let builder = try? Router.path(
            of: compiled.expansions[0], compiled: compiled, caseSensitive: false,
            value: { link.params[$0] ?? "" })
        return (fast.first?.url, builder)
    }

    // MARK: Chosen values

    struct Value: Sendable, CustomTestStringConvertible {
        let raw: String
        /// The parent's URL when `raw` is both values, unconstrained.
        let url: String?
        var testDescription: String { raw }
    }

    static let values: [Value] = [
        Value(raw: "acct-3", url: "/p/acct-3/acct-3"),
        Value(raw: "Archive%202024", url: "/p/Archive%202024/Archive%202024"),
        // Lowercase hex is rewritten in the encoder's form.
        Value(raw: "a%2fb", url: "/p/a%2Fb/a%2Fb"),
        Value(raw: "%c3%a9", url: "/p/%C3%A9/%C3%A9"),
        // An escaped byte the encoder keeps is written as itself.
        Value(raw: "%41%7E", url: "/p/A~/A~"),
        Value(raw: "%C3%A9t%C3%A9", url: "/p/%C3%A9t%C3%A9/%C3%A9t%C3%A9"),
        Value(raw: "%E6%97%A5%F0%9F%99%82", url: "/p/%E6%97%A5%F0%9F%99%82/%E6%97%A5%F0%9F%99%82"),
        Value(raw: "%25", url: "/p/%25/%25"),
        Value(raw: "%2525", url: "/p/%2525/%2525"),
        Value(raw: "-._~!$&'()*+,;=:@", url: "/p/-._~!$&'()*+,;=:@/-._~!$&'()*+,;=:@"),
        // Written raw in the link, escaped by the encoder.
        Value(raw: "é", url: "/p/%C3%A9/%C3%A9"),
        Value(raw: "a%20b%2Fc", url: "/p/a%20b%2Fc/a%20b%2Fc"),
    ]

    @Test("A chosen value is written as decoding and encoding it writes", arguments: values)
    func chosen(_ value: Value) throws {
        let router = try Self.router(constrained: false)
        let written = try #require(Self.written(value.raw, value.raw, router: router))
        #expect(written.fast == value.url)
        #expect(written.fast == Self.modelURL(value.raw, value.raw, constrained: false))
        #expect(written.fast == written.builder)
    }

    /// Raw values and whether they are exactly what the encoder writes for their decoding,
    /// including escapes the URL parser refuses in a link (not UTF-8), which decoding would
    /// repair to U+FFFD.
    static let encodings: [(raw: String, isOwn: Bool)] = [
        ("", true), ("acct-3", true), ("Archive%202024", true), ("%C3%A9", true), ("a%2Fb", true),
        ("%25", true), ("-._~!$&'()*+,;=:@", true), ("%F0%9F%99%82", true),
        ("a%2fb", false), ("%c3%a9", false), ("%C3%a9", false), ("%41", false), ("%7E", false),
        ("a b", false), ("é", false), ("%", false), ("%2", false), ("%zz", false), ("a%", false),
        ("%FF", false), ("%C3", false), ("%C3x", false), ("%C3%C3", false), ("%80", false),
        ("%ED%A0%80", false), ("%C0%AF", false), ("%E6%97", false), ("%F4%90%80%80", false),
    ]

    @Test("isSegmentEncoding of a chosen value", arguments: encodings)
    func chosenEncoding(_ raw: String, _ isOwn: Bool) {
        var bytes = raw
        #expect(bytes.withUTF8 { PercentEncoding.isSegmentEncoding($0) } == isOwn)
        #expect((Self.modelEncode(Self.modelDecode(raw)) == raw) == isOwn)
    }

    // MARK: Random values

    /// What random values are made of: the encoder's kept bytes, bytes it escapes, `%` on its
    /// own, `/` escaped in either case, raw and escaped UTF-8 with upper and lower hex, escapes of
    /// kept bytes, and escapes that are not UTF-8.
    static let pieces = [
        "a", "Z", "0", "-", ".", "_", "~", "!", "$", "&", "'", "(", ")", "*", "+", ",", ";", "=", ":", "@",
        "%20", "%2F", "%2f", "%25", "%41", "%7e", "%7E", "%3A", "%C3%A9", "%c3%a9", "%C3%a9", "%E6%97%A5",
        "%F0%9F%99%82", "é", "日本", "🙂", "%22", "%3C", "%5C", "%7F",
    ]

    /// Pieces a link may not hold (malformed escapes, escapes that are not UTF-8, controls): rare,
    /// so that most random links still reach the route.
    static let refused = ["%", "%2", "%zz", "%FF", "%C3", "%80", "%ED%A0%80", "%E6%97", "%00", "%0A", " "]

    @Test(
        "Random values: the URL is the model's, and reverse routing's builder's",
        arguments: [(UInt64(1), false), (2, false), (3, true), (4, true)])
    func random(seed: UInt64, constrained: Bool) throws {
        var generator = SplitMix64(seed: seed)
        let router = try Self.router(constrained: constrained)
        var reached = 0
        var copied = 0
        for _ in 0..<400 {
            let (a, b) = (Self.randomValue(&generator), Self.randomValue(&generator))
            guard let written = Self.written(a, b, router: router) else { continue }
            reached += 1
            let model = Self.modelURL(a, b, constrained: constrained)
            #expect(written.fast == model, "a: \(a), b: \(b)")
            #expect(written.fast == written.builder, "a: \(a), b: \(b)")
            if let url = written.fast, url == "/p/\(a)/\(b)" { copied += 1 }
        }
        // Most links reach the child, and both ways of writing a value are taken.
        #expect(reached > 250)
        #expect(copied > 50 && copied < reached - 50, "\(copied) of \(reached) copied")
    }

    static func randomValue(_ generator: inout SplitMix64, refusedPercent: Int = 3) -> String {
        (0..<(1 + generator.below(4))).map { _ in
            generator.chance(refusedPercent) ? generator.pick(refused) : generator.pick(pieces)
        }.joined()
    }

    @Test("isSegmentEncoding holds exactly when decoding and encoding give the value back")
    func segmentEncoding() {
        var generator = SplitMix64(seed: 5)
        var held = 0
        for _ in 0..<2_000 {
            var raw = Self.randomValue(&generator, refusedPercent: 30)
            let holds = raw.withUTF8 { PercentEncoding.isSegmentEncoding($0) }
            #expect(holds == (Self.modelEncode(Self.modelDecode(raw)) == raw), "\(raw)")
            if holds { held += 1 }
        }
        #expect(held > 100)
    }
}
