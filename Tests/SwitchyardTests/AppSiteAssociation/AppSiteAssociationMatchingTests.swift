import Foundation
import Testing

@testable import Switchyard

/// `AppSiteAssociation.matches(_:)` against Apple's documented evaluation, each case checked
/// by the independent `AppleDocumentedMatcher` too where it applies (https URLs).
struct AppSiteAssociationMatchingTests {
    typealias Component = AppSiteAssociation.Component

    struct Case: Sendable, CustomTestStringConvertible {
        let components: [Component]
        let url: String
        let opens: Bool
        var defaults: AppSiteAssociation.Defaults? = nil
        var testDescription: String { "\(components.map { $0.path ?? "*" }) \(url)" }
    }

    static let cases: [Case] = [
        // `*`: any run, `/` included; `?`: one character; `?*`: one or more.
        Case(components: [Component(path: "/buy/*")], url: "https://x.com/buy/a/b", opens: true),
        Case(components: [Component(path: "/buy/*")], url: "https://x.com/buy/", opens: true),
        // A pattern ending in `/*` also matches the path without that segment (swcutil).
        Case(components: [Component(path: "/buy/*")], url: "https://x.com/buy", opens: true),
        Case(components: [Component(path: "/buy/*")], url: "https://x.com/buyer", opens: false),
        Case(components: [Component(path: "/a?c")], url: "https://x.com/abc", opens: true),
        Case(components: [Component(path: "/a?c")], url: "https://x.com/ac", opens: false),
        Case(components: [Component(path: "/m/?*")], url: "https://x.com/m/7", opens: true),
        Case(components: [Component(path: "/m/?*")], url: "https://x.com/m/", opens: false),
        Case(components: [Component(path: "/")], url: "https://x.com", opens: true),
        // A trailing run of slashes does not count, in the pattern or the link (swcutil).
        Case(components: [Component(path: "/inbox")], url: "https://x.com/inbox/", opens: true),
        // No path pattern matches every path; the first matching component decides.
        Case(components: [Component(comment: "everything")], url: "https://x.com/any/thing", opens: true),
        Case(
            components: [Component(path: "/a/secret", exclude: true), Component(path: "/a/*")],
            url: "https://x.com/a/secret", opens: false),
        Case(
            components: [Component(path: "/a/secret", exclude: true), Component(path: "/a/*")],
            url: "https://x.com/a/open", opens: true),
        Case(
            components: [Component(path: "/a/*"), Component(path: "/a/secret", exclude: true)],
            url: "https://x.com/a/secret", opens: true),
        // Case and percent-encoding.
        Case(components: [Component(path: "/Inbox")], url: "https://x.com/inbox", opens: false),
        Case(
            components: [Component(path: "/Inbox", caseSensitive: false)], url: "https://x.com/inbox",
            opens: true),
        Case(
            components: [Component(path: "/Inbox")], url: "https://x.com/inbox", opens: true,
            defaults: .init(caseSensitive: false)),
        Case(components: [Component(path: "/caf%C3%A9")], url: "https://x.com/caf%C3%A9", opens: true),
        Case(components: [Component(path: "/café")], url: "https://x.com/caf%C3%A9", opens: false),
        Case(
            components: [Component(path: "/café", percentEncoded: false)], url: "https://x.com/caf%C3%A9",
            opens: true),
        Case(
            components: [Component(path: "/café", percentEncoded: false)], url: "https://x.com/caf%c3%a9",
            opens: true),
        Case(
            components: [Component(path: "/café")], url: "https://x.com/caf%C3%A9", opens: true,
            defaults: .init(percentEncoded: false)),
        // Query: one pattern for the whole string, or patterns by item name.
        Case(
            components: [Component(path: "/s", query: .items(["q": "?*"]))], url: "https://x.com/s?q=x",
            opens: true),
        Case(
            components: [Component(path: "/s", query: .items(["q": "?*"]))], url: "https://x.com/s?q=",
            opens: false),
        Case(
            components: [Component(path: "/s", query: .items(["q": "*"]))], url: "https://x.com/s?q",
            opens: true),
        // A missing item counts as present and empty (swcutil).
        Case(
            components: [Component(path: "/s", query: .items(["q": "*"]))], url: "https://x.com/s",
            opens: true),
        Case(
            components: [Component(path: "/s", query: .items(["q": "*", "tab": "a"]))],
            url: "https://x.com/s?tab=a&x=1&q=2", opens: true),
        Case(
            components: [Component(path: "/s", query: .items(["tab": "a"]))], url: "https://x.com/s?tab=b",
            opens: false),
        Case(components: [Component(query: .pattern("a=*"))], url: "https://x.com/s?a=1&b=2", opens: true),
        Case(components: [Component(query: .pattern("a=*"))], url: "https://x.com/s?b=2", opens: false),
        Case(components: [Component(query: .pattern("?*"))], url: "https://x.com/s", opens: false),
        // Fragment.
        Case(components: [Component(fragment: "top")], url: "https://x.com/s#top", opens: true),
        Case(components: [Component(fragment: "top")], url: "https://x.com/s#end", opens: false),
        Case(components: [Component(fragment: "top")], url: "https://x.com/s", opens: false),
    ]

    @Test("Apple's evaluation", arguments: cases)
    func evaluation(_ test: Case) throws {
        let file = AppSiteAssociation(
            applinks: .init(
                details: [.init(appIDs: ["T.app"], components: test.components)], defaults: test.defaults))
        #expect(file.matches(test.url) == test.opens)
        let independent = try #require(AppleDocumentedMatcher(json: file.jsonData()))
        #expect(independent.opens(test.url) == test.opens, "the independent reading disagrees")
    }

    struct LinkCase: Sendable, CustomTestStringConvertible {
        let url: String
        let opens: Bool
        var testDescription: String { url }
    }

    /// A file built for a host checks the host; paths stand for a link to it.
    @Test(
        "Links: the host, the scheme, bare paths",
        arguments: [
            LinkCase(url: "https://mail.example.com/inbox", opens: true),
            LinkCase(url: "https://MAIL.example.com/inbox", opens: true),
            LinkCase(url: "http://mail.example.com/inbox", opens: false),
            LinkCase(url: "https://mail.example.com:8443/inbox", opens: true),
            LinkCase(url: "https://user@mail.example.com/inbox", opens: true),
            LinkCase(url: "https://other.example.com/inbox", opens: false),
            LinkCase(url: "mailapp://inbox", opens: false),
            LinkCase(url: "/inbox", opens: true),
            LinkCase(url: "/inbox?x=1#y", opens: true),
            LinkCase(url: "inbox", opens: false),
            LinkCase(url: "", opens: false),
        ])
    func links(_ test: LinkCase) throws {
        let file = try AppSiteFixture.router().appSiteAssociation(appIDs: ["T.app"], host: "mail.example.com")
        #expect(file.matches(test.url) == test.opens)
    }

    @Test("A decoded file has no host: its https links match whatever their host")
    func decodedFileChecksPathsOnly() throws {
        let built = try AppSiteFixture.router().appSiteAssociation(
            appIDs: ["T.app"], host: "mail.example.com")
        let decoded = try JSONDecoder().decode(AppSiteAssociation.self, from: built.jsonData())
        #expect(!built.matches("https://elsewhere.org/inbox"))
        #expect(decoded.matches("https://elsewhere.org/inbox"))
        #expect(!decoded.matches("https://elsewhere.org/compose"))
    }

    @Test("Deployed files: other services' keys, the format before iOS 13, defaults per entry")
    func decodingDeployedFiles() throws {
        let json = Data(
            """
            {"webcredentials": {"apps": ["T.app"]},
             "applinks": {"apps": [], "details": [
                {"appID": "T.old", "paths": ["/old/*"]},
                {"appIDs": ["T.app"], "defaults": {"caseSensitive": false},
                 "components": [{"/": "/New/*", "exclude": false, "comment": "new"}]}]}}
            """.utf8)
        let file = try JSONDecoder().decode(AppSiteAssociation.self, from: json)
        #expect(file.applinks.details.map(\.appIDs) == [["T.old"], ["T.app"]])
        #expect(file.applinks.details[0].components.isEmpty)
        #expect(file.matches("/new/1"))
        #expect(file.matches("/old/1"), "an entry with paths and no components: iOS still reads them")
        #expect(file.verdict(for: "/old/1", appID: "T.old") == .opens(detail: 0, component: 0))
        #expect(file.verdict(for: "/old/1", appID: "T.app") == .notMatched, "one app's entries only")
    }

    /// `WildcardPattern` against a regular expression, on every short pattern and text over a
    /// small alphabet: a property test with the regex engine as the reference model.
    @Test("Wildcards equal their regular expression", arguments: [false, true])
    func wildcardsEqualRegex(caseSensitive: Bool) {
        let patternAlphabet: [Character] = ["a", "B", "/", "*", "?"]
        let textAlphabet: [Character] = ["a", "b", "A", "/"]
        var random = SplitMix64(seed: caseSensitive ? 11 : 12)
        var disagreements: [String] = []
        for _ in 0..<4_000 {
            let pattern = String((0..<random.below(7)).map { _ in random.pick(patternAlphabet) })
            let text = String((0..<random.below(8)).map { _ in random.pick(textAlphabet) })
            let expression =
                "^"
                + pattern.map {
                    $0 == "*" ? ".*" : $0 == "?" ? "." : NSRegularExpression.escapedPattern(for: String($0))
                }
                .joined() + "$"
            let regex = try! NSRegularExpression(
                pattern: expression, options: caseSensitive ? [] : [.caseInsensitive])
            let expected = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            if WildcardPattern(pattern, caseSensitive: caseSensitive).matches(text) != expected {
                disagreements.append("\(pattern) \(text)")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }
}
