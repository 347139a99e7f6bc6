import Testing

@testable import Switchyard

/// A host with parameters whose parameters lead (`:lang.wikipedia.org`) is matched as a
/// wildcard is, by its literal suffix and a count of labels; every other one label by label
/// (`readLabels(of:)`). Both must give the same answer for every host: the label-by-label
/// reading is the reference model.
struct HostPatternMatchingTests {
    static let patterns = [
        ":lang.wikipedia.org", ":lang.m.wikipedia.org", ":site.:lang.wikipedia.org", ":a", ":a.:b",
        ":tenant.api.example.com", "en.:lang.org", ":lang.m.:site.org", "a.:b.c",
    ]

    /// Every host of up to four labels over a small alphabet (empty labels and capitals
    /// included), from a fixed seed, and some by hand.
    static let hosts: [String] = {
        let labels = [
            "", "fr", "EN", "m", "M", "wikipedia", "Wikipedia", "org", "api", "example", "com", "a", "c",
        ]
        var state: UInt64 = 0x5EED_0057
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var hosts = [
            "fr.wikipedia.org", "FR.Wikipedia.ORG", "fr.wikipedia.org.", ".wikipedia.org", "wikipedia.org",
            "fr..wikipedia.org", "a.b.wikipedia.org", "fr.m.wikipedia.org", "acme.api.example.com",
            "en.fr.org", "a.b.c",
            "api.example.com", "xwikipedia.org", "x", "x.y", "x..y", ".x", "x.",
        ]
        for _ in 0..<600 {
            hosts.append((0...next(4)).map { _ in labels[next(labels.count)] }.joined(separator: "."))
        }
        return hosts
    }()

    @Test("Matching by the literal suffix agrees with reading label by label", arguments: patterns)
    func agreesWithLabels(_ entry: String) throws {
        let pattern = try HostPattern.parse(entry).get()
        #expect(pattern.kind == .parameters)
        var matched = 0
        for host in Self.hosts {
            let bytes = Array(host.utf8)
            let expected = pattern.readLabels(of: bytes)
            #expect(pattern.matches(bytes) == expected, "\(entry) against \(host)")
            if expected { matched += 1 }
        }
        // The hosts exercise both answers for every pattern.
        #expect(matched > 0 && matched < Self.hosts.count, "\(entry): \(matched) of \(Self.hosts.count)")
    }

    @Test(
        "Which entries take the suffix path: parameters first, then only literals",
        arguments: [
            (":lang.wikipedia.org", 1, ".wikipedia.org"), (":site.:lang.wikipedia.org", 2, ".wikipedia.org"),
            (":a.:b", 2, ""), ("en.:lang.org", 0, ""), (":lang.m.:site.org", 0, ""),
            (":Lang.WikiPedia.org", 1, ".wikipedia.org"),
        ] as [(String, Int, String)])
    func suffixShape(_ entry: String, _ leading: Int, _ suffix: String) throws {
        let pattern = try HostPattern.parse(entry).get()
        #expect(pattern.leadingParameters == leading)
        #expect(String(decoding: pattern.literalSuffix, as: UTF8.self) == suffix)
    }
}
