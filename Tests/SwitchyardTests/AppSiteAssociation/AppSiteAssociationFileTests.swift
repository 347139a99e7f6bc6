import Foundation
import Testing

@testable import Switchyard

/// Every file iOS reads decodes, and decoding then encoding loses nothing documented; bytes that
/// are not a file say why in one line; evaluation is linear in the link.
@Suite("AASA: reading and writing files, and the work a verdict takes")
struct AppSiteAssociationFileTests {
    static let fixtures: [(name: String, json: String)] = [
        ("webcredentials only", #"{"webcredentials": {"apps": ["T.app"]}}"#),
        (
            "every service",
            #"{"applinks": {"details": [{"appIDs": ["T.app"], "components": [{"/": "/a"}]}]}, "webcredentials": {"apps": ["T.app"]}, "appclips": {"apps": ["T.app.Clip"]}, "activitycontinuation": {"apps": ["T.app"]}}"#
        ),
        (
            "substitution variables and both defaults",
            ##"{"applinks": {"substitutionVariables": {"food": ["pizza", "sushi"]}, "defaults": {"caseSensitive": false, "/": "/x/*", "?": {"a": "*"}, "#": "f", "exclude": true}, "details": [{"appIDs": ["T.app"], "defaults": {"percentEncoded": false}, "components": [{"/": "/eat/$(food)", "exclude": false, "comment": "food"}]}]}}"##
        ),
        (
            "legacy paths and appID",
            #"{"applinks": {"apps": [], "details": [{"appID": "T.app", "paths": ["NOT /private/*", "/*"]}]}}"#
        ),
        (
            "the dictionary form of details",
            #"{"applinks": {"details": {"T.b": {"paths": ["/b"]}, "T.a": {"components": [{"/": "/a"}]}}}}"#
        ),
    ]

    @Test("decode → encode → decode is equal, and every section survives", arguments: fixtures.map(\.name))
    func roundTrip(name: String) throws {
        let json = try #require(Self.fixtures.first { $0.name == name }).json
        let file = try AppSiteAssociation(json: Data(json.utf8))
        let again = try AppSiteAssociation(json: file.jsonData())
        #expect(again == file)
        let original = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
        let written = try JSONSerialization.jsonObject(with: file.jsonData()) as? [String: Any] ?? [:]
        #expect(Set(written.keys) == Set(original.keys), "every top-level section kept, none added")
        for url in [
            "https://x.com/a", "https://x.com/b", "https://x.com/eat/sushi#f", "https://x.com/private/1",
        ] {
            #expect(again.verdict(for: url) == file.verdict(for: url), "\(url)")
        }
    }

    @Test("what each fixture holds after reading")
    func sections() throws {
        func read(_ index: Int) throws -> AppSiteAssociation {
            try AppSiteAssociation(json: Data(Self.fixtures[index].json.utf8))
        }
        #expect(try read(0).webcredentials?.apps == ["T.app"])
        #expect(try read(0).applinks.details.isEmpty)
        #expect(try read(1).appclips?.apps == ["T.app.Clip"])
        #expect(try read(1).activitycontinuation?.apps == ["T.app"])
        let variables = try read(2)
        #expect(variables.applinks.substitutionVariables == ["food": ["pizza", "sushi"]])
        #expect(variables.applinks.defaults?.exclude == true)
        #expect(variables.applinks.defaults?.query == .items(["a": "*"]))
        #expect(variables.applinks.details[0].defaults?.percentEncoded == false)
        #expect(try read(3).applinks.details[0].paths == ["NOT /private/*", "/*"])
        #expect(try read(3).applinks.apps == [])
        #expect(try read(4).applinks.details.map(\.appIDs) == [["T.a"], ["T.b"]], "sorted key order")
    }

    static let broken: [(json: String, message: String)] = [
        ("not json at all", "not JSON"),
        (#"["applinks"]"#, "the top level is an array, not an object"),
        (#""applinks""#, "the top level is a string, not an object"),
        (
            #"{"applinks": {"details": [{"appIDs": "T.app"}]}}"#,
            "applinks.details[0].appIDs: expected an array"
        ),
        (
            #"{"applinks": {"details": [{"components": [{"exclude": "yes"}]}]}}"#,
            "applinks.details[0].components[0].exclude: expected true or false"
        ),
        // Found by the aasa fuzz target: a dictionary-form key with a newline split the message.
        (
            #"{"applinks": {"details": {"a\nb": {"appIDs": 5}}}}"#,
            #"applinks.details["a\nb"].appIDs: expected an array"#
        ),
        (
            #"{"applinks": {"details": {"T.app": {"components": [{"/": 1}]}}}}"#,
            #"applinks.details["T.app"].components[0]["/"]: expected a string"#
        ),
    ]

    @Test("bytes that are not a file say what is wrong, in one line", arguments: broken)
    func brokenFiles(json: String, message: String) {
        #expect {
            try AppSiteAssociation(json: Data(json.utf8))
        } throws: { error in
            let text = (error as? AppSiteAssociation.FileError)?.message ?? ""
            return text.hasPrefix(message) && !text.contains("\n")
        }
    }

    /// A pattern that makes a backtracking matcher take exponential time, against links of
    /// doubling length: the automaton's steps grow linearly.
    @Test("a verdict's work is linear in the link: no backtracking blow-up")
    func linearWork() throws {
        let pattern = "/" + String(repeating: "*a", count: 12) + "*b"
        let file = try AppSiteAssociation(
            json: Data(
                #"{"applinks": {"details": [{"appIDs": ["T.app"], "components": [{"/": "\#(pattern)"}]}]}}"#
                    .utf8))
        var counts: [Int] = []
        for length in [64, 128, 256, 512] {
            var steps = 0
            let verdict = file.verdict(
                for: "https://x.com/" + String(repeating: "a", count: length), appID: nil, steps: &steps)
            #expect(verdict == .notMatched)
            counts.append(steps)
            // Each character follows at most every edge of every state once: about 2 per token.
            #expect(steps <= 8 * (length + 2) * (pattern.count + 2), "length \(length): \(steps) steps")
        }
        for (shorter, longer) in zip(counts, counts.dropFirst()) {
            #expect(Double(longer) / Double(shorter) <= 2.2, "\(counts)")
        }
    }
}
