import Testing

@testable import Switchyard

/// The shortcuts of `Router.match` (`ShortcutPath`, `StaticPaths`) must answer exactly as the paths
/// they skip: the full parser of Architecture, "URL handling", and the trie walk.
struct FastPathTests {
    /// Word boundaries (8 and 16 bytes), trailing slashes, dots and empty segments at every position.
    static let edgeCases: [String] = [
        "", "/", "//", "///", "/a", "/a/", "/a//", "//a", "/a//b", "/./", "/.", "/..", "/a/.", "/a/..",
        "/a/./b", "/a/../b", "/.well-known", "/a/.b", "/a./b", "/a..", "/-", "/a-b.c_d~e", "/abcdefg",
        "/abcdefg/", "/abcdefgh", "/abcdefgh/", "/abcdef//", "/abcdefg//", "/abcdefghijklmno/",
        "/abcdefghijklmn/.", "/abcdefghijklmno/.", "/abcdefghijklmnop", "/abcdef/.", "/abcdefg/.x",
        "/a?b", "/a#b", "/a%2Fb", "/a b", "/caf\u{E9}", "/a\u{7F}", "/\u{1F}", "/a:b@c;d=e", "/[x]",
        "/a\\b", "/~user", "/A/B/C", "/a/b/c/d/e/f/g/h/i/j/k/l/m/n/o/p/q/r/s/t/u/v/w/x/y/z/0/1/2/3/4/5/6/7",
        "a/b", "mailapp://inbox", "https://h/a",
        // Escapes: of printable ASCII (taken), of a dot, a control, DEL or UTF-8 (left to the
        // parser), malformed or cut by the end, a word boundary or a trailing slash.
        "/a%20b", "/%41", "/a%2fb", "/a%2Fb/", "/%25", "/%2541", "/%7E%21", "/%20", "/%2e", "/%2E%2E",
        "/a/%2e",
        "/a%2eb", "/.%41", "/%00", "/%1F", "/%7F", "/%C3%A9", "/%E2%80%AE", "/%", "/a%", "/a%2", "/a%2/",
        "/a%G1", "/a%1G", "/abcdef%20", "/abcdefg%20", "/abcdefgh%20/x", "/abcdef%2", "//%20", "/%20//",
        "/a%3Fb", "/a%23b", "/%20%20%20%20%20%20",
    ]

    /// Random strings over the bytes that decide the scan, from a fixed seed.
    static let randomCases: [String] = {
        let alphabet: [String] = [
            "/", "/", "/", ".", "-", "a", "B", "z", "0", "?", "%", "2F", "~", " ", "#", "_",
            "%20", "%2e", "%2E", "%41", "%0A", "%7f", "%C3%A9", "%2", "%G", "%25",
        ]
        var state: UInt64 = 0x5EED
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        return (0..<3_000).map { _ in
            "/" + (0..<next(24)).map { _ in alphabet[next(alphabet.count)] }.joined()
        }
    }()

    @Test("the scan accepts only what the full parser accepts, with the same path and segment count")
    func scanAgreesWithParser() {
        // The scan leaves the limits to its callers; within them it must agree with the parser.
        let configuration = Router.Configuration()
        for url in Self.edgeCases + Self.randomCases {
            var string = url
            guard let shortcut = string.withUTF8({ ShortcutPath.scan($0) }) else { continue }
            guard case .success(let parsed) = URLParser.parseInFull(url, configuration: configuration) else {
                Issue.record("\(url.debugDescription): the scan accepts what the parser refuses")
                continue
            }
            #expect(parsed.path == 0..<shortcut.end, "\(url.debugDescription)")
            #expect(parsed.segmentCount == shortcut.segmentCount, "\(url.debugDescription)")
            #expect(parsed.query == nil && parsed.fragment == nil, "\(url.debugDescription)")
        }
    }

    /// Which escapes the scan takes itself: without this, the agreement above would also hold for
    /// a scan that refused every escape.
    @Test(
        "the scan takes escapes of printable ASCII but a dot, and leaves the rest to the parser",
        arguments: [
            ("/a%20b", true), ("/%41", true), ("/a%2fb", true), ("/a%2Fb/", true), ("/%25", true),
            ("/abcdefg%20", true), ("/%20%20%20%20%20%20", true), ("/a%3Fb", true),
            ("/%2e", false), ("/a%2Eb", false), ("/%00", false), ("/%7F", false), ("/%C3%A9", false),
            ("/a%", false), ("/a%2", false), ("/a%2/", false), ("/a%G1", false), ("/a%20/", true),
        ])
    func scanTakesPrintableEscapes(url: String, taken: Bool) {
        var string = url
        let shortcut = string.withUTF8 { ShortcutPath.scan($0) }
        #expect((shortcut != nil) == taken)
    }

    @Test("parse answers as the full parser, shortcut or not", arguments: [0, 1])
    func parseAgreesWithParser(variant: Int) {
        // Variant 1 lowers the segment limit so that the shortcut must defer to the full parser.
        let configuration = Router.Configuration(limits: .init(segments: variant == 0 ? 64 : 2))
        for url in Self.edgeCases + Self.randomCases {
            let quick = URLParser.parse(url, configuration: configuration)
            let full = URLParser.parseInFull(url, configuration: configuration)
            switch (quick, full) {
            case (.success(let a), .success(let b)):
                #expect(a.path == b.path && a.segmentCount == b.segmentCount, "\(url.debugDescription)")
                #expect(a.query == b.query && a.fragment == b.fragment, "\(url.debugDescription)")
            case (.failure(let a), .failure(let b)):
                #expect(a == b, "\(url.debugDescription)")
            default:
                Issue.record("\(url.debugDescription): \(quick) vs \(full)")
            }
        }
    }

    /// Routes where a static path competes with parameters, constraints, a glob and the root, and
    /// static paths that are not shortcut paths (a segment that starts with a dot, a space, a backslash,
    /// non-ASCII), which the static table must leave to the parser.
    static let routes: [String] = [
        "/", "/a", "/a/b", "/a/:x", "/a/b/c", "/a/:x/c", "/B/:y(int)/z", "/B/7/z", "/files/*path",
        "/files/readme", "/abcdefghijklmnop/q", "/abcdefghijklmnop/:q", "/z(/opt)", "/-/.x/~", "/2F",
        "/.well-known/x", "/a b", "/caf\u{E9}", "/Caf\u{C9}/menu", "/a\\b", "/abcdefg/.hidden",
    ]

    /// The keys the static table must refuse: spelled as a URL, none is a shortcut path, so a lookup
    /// that answered it would skip a check of the parser. (A bare path's raw `\` can be one.)
    static let nonShortcutKeys: [String] = [
        "/.well-known", "/a b", "/caf\u{E9}", "/abcdefg/.hidden", "/a/.", "/a//b", "/a?b", "/%41",
    ]

    @Test("the static table holds only shortcut paths without escapes, with their segment counts")
    func staticTableHoldsShortcutPathsOnly() {
        let keys = Self.nonShortcutKeys + ["/ok", "/a/b/c", "/abcdefgh/ijklmnop", "/a\\b", "/"]
        // As the trie gives them: the root's key is empty.
        let table = StaticPaths(
            keys.enumerated().map { ($1 == "/" ? [] : Array($1.utf8), Int32($0)) }, folding: false)
        for (index, key) in keys.enumerated() {
            var string = key
            let hit = string.withUTF8 { table.lookup($0, end: ShortcutPath.routedEnd(of: $0)) }
            let isShortcutPath = index >= Self.nonShortcutKeys.count
            #expect(hit.terminal == (isShortcutPath ? Int32(index) : -1), "\(key.debugDescription)")
            if isShortcutPath {
                #expect(Int(hit.segmentCount) == key.split(separator: "/").count, "\(key.debugDescription)")
            }
        }
    }

    /// A hit skips the scan, so it must only ever come for a path the scan would accept: the
    /// reference here is the scan itself, on every edge case and random path.
    @Test("a static table hit is a path the scan accepts, with the same end and segment count")
    func staticHitImpliesShortcutPath() {
        let keys = ["/", "/a", "/a/b", "/abcdefgh", "/abcdefgh/", "/a-b.c_d~e", "/~user", "/a/b/c"]
        // As the trie gives them: the root's key is empty.
        let folded = StaticPaths(
            keys.enumerated().map { ($1 == "/" ? [] : Array($1.utf8), Int32($0)) }, folding: true)
        var hits = 0
        for url in Self.edgeCases + Self.randomCases + keys.map({ $0.uppercased() + "/" }) {
            var string = url
            string.withUTF8 { bytes in
                let end = ShortcutPath.routedEnd(of: bytes)
                guard end >= 0 else { return }
                let hit = folded.lookup(bytes, end: end)
                guard hit.terminal >= 0 else { return }
                hits += 1
                let scanned = ShortcutPath.scan(bytes)
                #expect(scanned?.end == end, "\(url.debugDescription)")
                #expect(scanned?.segmentCount == Int(hit.segmentCount), "\(url.debugDescription)")
            }
        }
        // Without hits the checks above would check nothing. Six keys in capitals with a trailing
        // `/` hit (not `/`, whose `//` is no shortcut path, nor `/abcdefgh/`, which the table refuses
        // since a key never ends with `/`), eight edge cases (`/`, `/a/`, `/A/B/C`…), and the
        // random cases that are `/` alone.
        #expect(hits >= 14)
    }

    @Test("a match through the static table equals the walk's", arguments: [true, false])
    func staticTableAgreesWithWalk(caseSensitive: Bool) throws {
        let router = try Router(
            routes: Self.routes.enumerated().map { index, pattern in
                Route(pattern, isPublic: index % 3 != 0) { Response(request: $0) }
            },
            configuration: .init(caseSensitive: caseSensitive))
        let vocabulary = [
            "a", "b", "c", "B", "7", "z", "Z", "opt", "files", "readme", "README", "x", "-",
            "abcdefghijklmnop", "ABCDEFGHIJKLMNOP", "q", "2F", "%2F", ".", "~",
            // Escapes that spell a route's literal, a parameter's value, or nothing routable.
            "%61", "%41", "%62", "fil%65s", "read%6De", "%37", "%20", "%2e", "%2E%2E", "%C3%A9", "%",
            // The literals that are not shortcut paths, raw, escaped and in capitals.
            ".well-known", "%2Ewell-known", "a b", "a%20b", "A%20B", "caf\u{E9}", "caf%C3%A9", "CAF%C3%89",
            "Caf\u{C9}", "menu", "a\\b", "a%5Cb", "abcdefg", ".hidden", "%2Ehidden",
        ]
        var state: UInt64 = 0xC0FFEE
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let paths =
            Self.routes.map { $0.replacing("(/opt)", with: "/opt") } + ["/z/opt"] + Self.edgeCases
            + (0..<2_000).map { _ in
                "/" + (0..<1 + next(4)).map { _ in vocabulary[next(vocabulary.count)] }.joined(separator: "/")
                    + (next(5) == 0 ? "/" : "")
            }
        for path in paths {
            for source in [Source.app, .external(sourceApplication: nil)] {
                var tracer = SilentTracer()
                var expected: RouteMatch? = nil
                let storage = router.storage
                // The general path: parse, rewrite, then the one lookup's walk.
                if case .matched(let match, _) = storage.resolve(
                    storage.prepare(path, tracer: &tracer), source: source, tracer: &tracer)
                {
                    expected = match
                }
                let got = router.match(path, source: source)
                #expect(got?.routeIndex == expected?.routeIndex, "\(path.debugDescription) from \(source)")
                #expect(
                    got.map { Array($0.params) }.map { $0.map(\.value) }
                        == expected.map { Array($0.params) }.map { $0.map(\.value) },
                    "\(path.debugDescription) from \(source)")
            }
        }
    }
}
