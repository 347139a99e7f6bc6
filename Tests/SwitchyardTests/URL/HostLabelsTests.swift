import Testing

@testable import Switchyard

/// `HostLabels`, the one reader of a host's labels for its parameters' values (a match's
/// `Parameters`, and the `LinkContext` a constraint sees): each label's index, range and capital
/// letters, against a model that splits the host's text at its dots.
struct HostLabelsTests {
    /// The labels of the host that follows `https://` in `link`, as (text, has a capital, index).
    static func labels(ofHostIn link: String) -> [(String, Bool, Int)] {
        var link = link
        return link.withUTF8 { bytes in
            let host = 8..<(bytes[8...].firstIndex(of: UInt8(ascii: "/")) ?? bytes.count)
            var reader = HostLabels(host, in: bytes)
            var labels: [(String, Bool, Int)] = []
            while let label = reader.next() {
                labels.append(
                    (String(decoding: bytes[label.range], as: UTF8.self), label.hasCapital, label.index))
            }
            return labels
        }
    }

    /// The model: the host's text split at every dot, empty labels kept.
    static func model(_ host: String) -> [(String, Bool, Int)] {
        host.split(separator: ".", omittingEmptySubsequences: false).enumerated().map { index, label in
            (String(label), label.contains { $0.isASCII && $0.isUppercase }, index)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let link: String
        let labels: [String]
        let capitals: [Bool]
        var testDescription: String { link }
    }

    @Test(
        "labels are read left to right, with their capital letters",
        arguments: [
            Case(
                link: "https://en.wikipedia.org/wiki", labels: ["en", "wikipedia", "org"],
                capitals: [false, false, false]),
            Case(
                link: "https://EN.Wikipedia.org", labels: ["EN", "Wikipedia", "org"],
                capitals: [true, true, false]),
            Case(link: "https://localhost/", labels: ["localhost"], capitals: [false]),
            // A host ending in a dot has an empty last label, as the dots say.
            Case(
                link: "https://example.com./x", labels: ["example", "com", ""],
                capitals: [false, false, false]),
            Case(link: "https:///x", labels: [""], capitals: [false]),
            // Bytes above ASCII are never capitals: a value is lowercased as ASCII.
            Case(link: "https://É.fr", labels: ["É", "fr"], capitals: [false, false]),
            Case(link: "https://ÉCOLE.fr", labels: ["ÉCOLE", "fr"], capitals: [true, false]),
        ])
    func table(_ example: Case) {
        let labels = Self.labels(ofHostIn: example.link)
        #expect(labels.map(\.0) == example.labels)
        #expect(labels.map(\.1) == example.capitals)
        #expect(labels.map(\.2) == Array(example.labels.indices))
    }

    @Test("every host reads as the model splits it", arguments: 0..<4)
    func property(_ seed: Int) {
        var random = SplitMix64(seed: UInt64(seed) &+ 0x4C41_4245)
        let alphabet: [Character] = ["a", "B", "z", "Q", "0", "-", ".", "é"]
        for _ in 0..<250 {
            let host = String((0..<random.below(12)).map { _ in random.pick(alphabet) })
            let read = Self.labels(ofHostIn: "https://" + host)
            let expected = Self.model(host)
            #expect(read.map(\.0) == expected.map(\.0), "\(host)")
            #expect(read.map(\.1) == expected.map(\.1), "\(host)")
            #expect(read.map(\.2) == expected.map(\.2), "\(host)")
        }
    }
}
