import Foundation
import Testing

@testable import Switchyard

/// `AppSiteAssociation.verdict(for:appID:)` against the public conformance corpus of
/// `sergii-ziborov/blazingly-aasa`, whose cases were checked on Apple's own `swcutil`. The data is
/// vendored unchanged in `Conformance/cases.json`; `Conformance/README.md` says where it comes
/// from and `Conformance/LICENSE` under what terms.
///
/// Only the `matching` cases run here. The file's `validation` cases expect blazingly-aasa's own
/// lint codes (`AASA###`), which say nothing about what iOS opens.
@Suite("AASA: Apple conformance corpus (swcutil)")
struct AppleConformanceTests {
    /// Case name → why we read that case differently from the corpus. A case listed here is
    /// expected to fail (`withKnownIssue`): when it starts passing, the suite fails until the
    /// entry goes, so the list cannot go stale.
    static let knownDisagreements: [String: String] = [:]

    /// How many `matching` cases the vendored file holds: a truncated or replaced file fails
    /// ``corpusIsWhole()`` rather than quietly running fewer cases.
    static let vendoredCount = 140

    /// What a case expects, without the rule indices a ``AppSiteAssociation/Verdict`` carries.
    enum Outcome: String, Sendable {
        case match
        case exclude
        case noMatch = "no_match"

        init(_ verdict: AppSiteAssociation.Verdict) {
            switch verdict {
            case .opens: self = .match
            case .excluded: self = .exclude
            case .notMatched: self = .noMatch
            }
        }
    }

    /// One `matching` case, its `aasa` re-serialised to the bytes of a file.
    struct Case: Sendable {
        let name: String
        let feature: String
        let status: String
        let file: Data
        let domain: String
        let appID: String?
        let url: String
        let expect: Outcome
        let note: String?
    }

    /// `Conformance/cases.json`, found from this file (`Tests/SwitchyardTests/AppSiteAssociation/…`):
    /// read from the source tree, not as a bundle resource.
    static let corpusURL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("Conformance")
        .appendingPathComponent("cases.json")

    /// Why the corpus could not be read.
    struct CorpusError: Error, CustomStringConvertible {
        let description: String
    }

    /// The whole file, as JSON objects.
    static func corpus() throws -> [String: Any] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: corpusURL))
        guard let corpus = object as? [String: Any] else {
            throw CorpusError(description: "not a JSON object")
        }
        return corpus
    }

    /// The `matching` cases, in file order.
    static func loadCases() throws -> [Case] {
        guard let entries = try corpus()["matching"] as? [[String: Any]] else {
            throw CorpusError(description: "no `matching` array of objects")
        }
        return try entries.enumerated().map { index, entry in
            func string(_ key: String) throws -> String {
                guard let value = entry[key] as? String else {
                    throw CorpusError(description: "matching[\(index)]: no string `\(key)`")
                }
                return value
            }
            let name = try string("name")
            guard let aasa = entry["aasa"] else { throw CorpusError(description: "\(name): no `aasa`") }
            guard let expect = Outcome(rawValue: try string("expect")) else {
                throw CorpusError(description: "\(name): unknown `expect`")
            }
            return Case(
                name: name, feature: try string("feature"), status: try string("status"),
                file: try JSONSerialization.data(withJSONObject: aasa), domain: try string("domain"),
                appID: entry["appId"] as? String, url: try string("url"), expect: expect,
                note: entry["note"] as? String)
        }
    }

    /// The cases, or the reason they could not be read (which ``corpusIsWhole()`` reports).
    static let loaded: Result<[Case], any Error> = Result { try loadCases() }

    /// The cases by name.
    static let cases: [String: Case] = Dictionary(
        ((try? loaded.get()) ?? []).map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })

    /// The case names, in file order: one test argument each, so each case is reported by name.
    static let names: [String] = ((try? loaded.get()) ?? []).map(\.name)

    @Test("The vendored corpus is whole: every case runs, most of them swcutil-verified")
    func corpusIsWhole() throws {
        let loaded = try Self.loaded.get()
        let inFile = try #require(Self.corpus()["matching"] as? [Any])
        #expect(loaded.count == inFile.count)
        #expect(Self.names.count == inFile.count)
        #expect(Set(Self.names).count == Self.names.count, "case names must be unique")
        #expect(inFile.count == Self.vendoredCount)
        let oracle = loaded.filter { $0.status == "oracle" }.count
        #expect(oracle >= 100, "only \(oracle) cases are swcutil-verified")
        for name in Self.knownDisagreements.keys {
            #expect(Self.cases[name] != nil, "knownDisagreements names \(name), which is not a case")
        }
    }

    @Test("Corpus case", arguments: names)
    func conformance(name: String) throws {
        let conformanceCase = try #require(Self.cases[name])
        if let reason = Self.knownDisagreements[name] {
            withKnownIssue(Comment(rawValue: reason)) { Self.check(conformanceCase) }
        } else {
            Self.check(conformanceCase)
        }
    }

    /// Decodes the case's file for its domain and records the expected and the actual verdict.
    static func check(_ conformanceCase: Case) {
        let label = "\(conformanceCase.name) [\(conformanceCase.feature), \(conformanceCase.status)]"
        var file: AppSiteAssociation
        do {
            file = try JSONDecoder().decode(AppSiteAssociation.self, from: conformanceCase.file)
        } catch {
            // iOS ignores a file it cannot read, so no link opens: a file we reject agrees with a
            // case expecting `no_match`, and fails any other. (Every `aasa` in the corpus is a
            // well-formed file today, so a rejection here is ours to explain.)
            if conformanceCase.expect != .noMatch {
                Issue.record(
                    "\(label): expected \(conformanceCase.expect.rawValue), but the file did not decode: \(error)"
                )
            }
            return
        }
        file.host = conformanceCase.domain
        let verdict = file.verdict(for: conformanceCase.url, appID: conformanceCase.appID)
        let actual = Outcome(verdict)
        #expect(
            actual == conformanceCase.expect,
            """
            \(label): expected \(conformanceCase.expect.rawValue), got \(actual.rawValue) (\(verdict)) \
            for \(conformanceCase.url)\(conformanceCase.note.map { " — \($0)" } ?? "")
            """)
        #expect(
            file.matches(conformanceCase.url, appID: conformanceCase.appID) == (actual == .match),
            "\(label): matches(_:appID:) disagrees with verdict \(verdict)")
        // `explain` and the command line print this text: it names the same verdict.
        let word = actual == .match ? "opens:" : actual == .exclude ? "excluded:" : "not matched:"
        #expect(
            file.explanation(of: conformanceCase.url, appID: conformanceCase.appID).hasPrefix(word),
            "\(label): the explanation disagrees with verdict \(verdict)")
    }
}
