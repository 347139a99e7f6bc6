import Foundation
import Testing

@testable import Switchyard

/// Apple's matching rules, one row per side of each rule: the file as JSON (as a server serves
/// it), a link, an app ID, and the verdict iOS gives (observed on `swcutil`; rows marked
/// "unobserved" pin the safe reading the Architecture article names).
@Suite("AASA: Apple's rules, both sides of each")
struct AppleRulesTests {
    struct Row: Sendable, CustomTestStringConvertible {
        let rule: String
        let json: String
        let url: String
        var appID: String? = "T.app"
        let verdict: AppSiteAssociation.Verdict
        var testDescription: String { "\(rule): \(url)" }
    }

    /// A file of one entry for `T.app` with these components (a JSON array's inside).
    static func file(_ components: String, entryDefaults: String? = nil, more: String = "") -> String {
        let defaults = entryDefaults.map { ##", "defaults": \##($0)"## } ?? ""
        return
            ##"{"applinks": {"details": [{"appIDs": ["T.app"], "components": [\##(components)]\##(defaults)}]\##(more)}}"##
    }

    static let opens = AppSiteAssociation.Verdict.opens(detail: 0, component: 0)
    static let excluded = AppSiteAssociation.Verdict.excluded(detail: 0, component: 0)
    static let notMatched = AppSiteAssociation.Verdict.notMatched

    static let rows: [Row] = [
        // Entries and app IDs.
        Row(
            rule: "an entry counts for the apps it lists", json: file(##"{"/": "/a"}"##),
            url: "https://x.com/a", verdict: opens),
        Row(
            rule: "an entry does not count for another app", json: file(##"{"/": "/a"}"##),
            url: "https://x.com/a",
            appID: "T.other", verdict: notMatched),
        Row(
            rule: "entries are tried in order for one app",
            json:
                ##"{"applinks": {"details": [{"appIDs": ["T.app"], "components": [{"/": "/b"}]}, {"appIDs": ["T.app"], "components": [{"/": "/a", "exclude": true}]}]}}"##,
            url: "https://x.com/a", verdict: .excluded(detail: 1, component: 0)),
        Row(
            rule: "without an app ID, the first opens in entry order wins over an earlier exclusion",
            json:
                ##"{"applinks": {"details": [{"appIDs": ["T.one"], "components": [{"/": "/a", "exclude": true}]}, {"appIDs": ["T.two"], "components": [{"/": "/a"}]}]}}"##,
            url: "https://x.com/a", appID: nil, verdict: .opens(detail: 1, component: 0)),
        Row(
            rule: "the legacy appID names one app",
            json: ##"{"applinks": {"apps": [], "details": [{"appID": "T.app", "paths": ["/a/*"]}]}}"##,
            url: "https://x.com/a/1", verdict: opens),
        Row(
            rule: "the dictionary form of details is keyed by app ID",
            json: ##"{"applinks": {"details": {"T.zed": {"paths": ["/z"]}, "T.app": {"paths": ["/a"]}}}}"##,
            url: "https://x.com/a", verdict: .opens(detail: 0, component: 0)),
        // Parts and defaults.
        Row(
            rule: "a missing part is *", json: file(##"{"#": "top"}"##),
            url: "https://x.com/any/path?q=1#top", verdict: opens),
        Row(
            rule: "an absent fragment reads as empty: * matches it", json: file(##"{"/": "/a", "#": "*"}"##),
            url: "https://x.com/a", verdict: opens),
        Row(
            rule: "an absent fragment reads as empty: ?* does not", json: file(##"{"/": "/a", "#": "?*"}"##),
            url: "https://x.com/a", verdict: notMatched),
        Row(
            rule: "an empty path reads as /", json: file(##"{"/": "/"}"##), url: "https://x.com",
            verdict: opens),
        Row(
            rule: "the entry's defaults fill a missing key",
            json: file(##"{"/": "/a"}"##, entryDefaults: ##"{"#": "x"}"##),
            url: "https://x.com/a#y", verdict: notMatched),
        Row(
            rule: "a rule's own key wins over the defaults",
            json: file(##"{"/": "/a", "#": "y"}"##, entryDefaults: ##"{"#": "x"}"##),
            url: "https://x.com/a#y", verdict: opens),
        Row(
            rule: "applinks defaults apply when the entry has none",
            json: file(##"{"/": "/a"}"##, more: ##", "defaults": {"caseSensitive": false}"##),
            url: "https://x.com/A",
            verdict: opens),
        Row(
            rule: "defaults exclude: true blocks every rule that does not say otherwise",
            json: file(
                ##"{"/": "/a"}, {"/": "/b", "exclude": false}"##, more: ##", "defaults": {"exclude": true}"##),
            url: "https://x.com/a", verdict: excluded),
        Row(
            rule: "a rule saying exclude: false is not blocked by the defaults",
            json: file(
                ##"{"/": "/a"}, {"/": "/b", "exclude": false}"##, more: ##", "defaults": {"exclude": true}"##),
            url: "https://x.com/b", verdict: .opens(detail: 0, component: 1)),
        Row(
            rule: "a default path applies to rules without one",
            json: file(##"{"#": "f"}"##, entryDefaults: ##"{"/": "/only"}"##),
            url: "https://x.com/other#f", verdict: notMatched),
        // Wildcards.
        Row(
            rule: "* is zero or more characters", json: file(##"{"/": "/a*"}"##), url: "https://x.com/a",
            verdict: opens),
        Row(
            rule: "? is exactly one character", json: file(##"{"/": "/a?"}"##), url: "https://x.com/a",
            verdict: notMatched),
        Row(
            rule: "?* is one or more", json: file(##"{"/": "/a?*"}"##), url: "https://x.com/ab/c",
            verdict: opens),
        Row(
            rule: "a pattern matches the whole part", json: file(##"{"/": "/a"}"##), url: "https://x.com/ab",
            verdict: notMatched),
        // Path ends.
        Row(
            rule: "a trailing slash in the pattern does not count", json: file(##"{"/": "/buy/"}"##),
            url: "https://x.com/buy", verdict: opens),
        Row(
            rule: "trailing slashes in the link do not count", json: file(##"{"/": "/buy"}"##),
            url: "https://x.com/buy//", verdict: opens),
        Row(
            rule: "a pattern's leading slash is optional", json: file(##"{"/": "abc"}"##),
            url: "https://x.com/abc", verdict: opens),
        Row(
            rule: "repeated leading slashes collapse", json: file(##"{"/": "//abc"}"##),
            url: "https://x.com/abc", verdict: opens),
        Row(
            rule: "/* also matches the path without that segment", json: file(##"{"/": "/buy/*"}"##),
            url: "https://x.com/buy", verdict: opens),
        Row(
            rule: "/* does not match a longer word", json: file(##"{"/": "/buy/*"}"##),
            url: "https://x.com/buyer", verdict: notMatched),
        Row(
            rule: "only a trailing /* is optional", json: file(##"{"/": "/a/*/c"}"##),
            url: "https://x.com/a/c", verdict: notMatched),
        Row(
            rule: "nothing is added to the link", json: file(##"{"/": "/id/????"}"##),
            url: "https://x.com/id/481", verdict: notMatched),
        // Query as a dictionary.
        Row(
            rule: "every named item must match", json: file(##"{"?": {"a": "1", "b": "2"}}"##),
            url: "https://x.com/?a=1&b=3", verdict: notMatched),
        Row(
            rule: "unnamed items are ignored", json: file(##"{"?": {"a": "1"}}"##),
            url: "https://x.com/?z=9&a=1", verdict: opens),
        Row(
            rule: "a missing item counts as empty: * matches", json: file(##"{"?": {"b": "*"}}"##),
            url: "https://x.com/", verdict: opens),
        Row(
            rule: "a missing item counts as empty: an empty pattern matches",
            json: file(##"{"?": {"b": ""}}"##), url: "https://x.com/?a=1", verdict: opens),
        Row(
            rule: "a missing item counts as empty: ?* does not match", json: file(##"{"?": {"b": "?*"}}"##),
            url: "https://x.com/", verdict: notMatched),
        Row(
            rule: "an item without = is empty", json: file(##"{"?": {"b": ""}}"##), url: "https://x.com/?b",
            verdict: opens),
        Row(
            rule: "every occurrence of a repeated name must match", json: file(##"{"?": {"id": "42"}}"##),
            url: "https://x.com/?id=7&id=42", verdict: notMatched),
        Row(
            rule: "repeated occurrences that all match", json: file(##"{"?": {"id": "7"}}"##),
            url: "https://x.com/?id=7&id=7", verdict: opens),
        Row(
            rule: "a dictionary with a non-string value is ignored as if ? were absent",
            json: file(##"{"/": "/a", "?": {"id": true}}"##), url: "https://x.com/a?id=nothing-like-true",
            verdict: opens),
        Row(
            rule: "an ignored query dictionary falls back to the defaults",
            json: file(##"{"/": "/a", "?": {"id": 5}}"##, entryDefaults: ##"{"?": "z=*"}"##),
            url: "https://x.com/a?id=5",
            verdict: notMatched),
        // Query as a string.
        Row(
            rule: "a query string matches the whole query", json: file(##"{"?": "a=1"}"##),
            url: "https://x.com/?a=1&b=2", verdict: notMatched),
        Row(
            rule: "a query string that matches", json: file(##"{"?": "a=1*"}"##),
            url: "https://x.com/?a=1&b=2", verdict: opens),
        // percentEncoded.
        Row(
            rule: "percent-encoded by default: escapes compare as written",
            json: file(##"{"/": "/%C3%A9"}"##), url: "https://x.com/%c3%a9", verdict: notMatched),
        Row(
            rule: "an encoded slash is not a slash", json: file(##"{"/": "/a/b"}"##),
            url: "https://x.com/a%2Fb", verdict: notMatched),
        Row(
            rule: "percentEncoded false decodes the link",
            json: file(##"{"/": "/café", "percentEncoded": false}"##), url: "https://x.com/caf%C3%A9",
            verdict: opens),
        Row(
            rule: "percentEncoded false: a space", json: file(##"{"/": "/a b", "percentEncoded": false}"##),
            url: "https://x.com/a%20b", verdict: opens),
        Row(
            rule: "percentEncoded false: the pattern is taken as written",
            json: file(##"{"/": "/a%20b", "percentEncoded": false}"##), url: "https://x.com/a%20b",
            verdict: notMatched),
        Row(
            rule: "percentEncoded false: an encoded slash decodes",
            json: file(##"{"/": "/a/b", "percentEncoded": false}"##), url: "https://x.com/a%2Fb",
            verdict: opens),
        Row(
            rule: "percentEncoded false: ? is one decoded character (unobserved)",
            json: file(##"{"/": "/?/", "percentEncoded": false}"##), url: "https://x.com/%C3%A9/",
            verdict: opens),
        Row(
            rule: "percent-encoded: ? is one written character (unobserved)", json: file(##"{"/": "/?/"}"##),
            url: "https://x.com/%C3%A9/", verdict: notMatched),
        // caseSensitive.
        Row(
            rule: "case-sensitive by default", json: file(##"{"/": "/Inbox"}"##), url: "https://x.com/inbox",
            verdict: notMatched),
        Row(
            rule: "caseSensitive false", json: file(##"{"/": "/Inbox", "caseSensitive": false}"##),
            url: "https://x.com/INBOX", verdict: opens),
        Row(
            rule: "caseSensitive false: query names too",
            json: file(##"{"?": {"Tab": "A"}, "caseSensitive": false}"##), url: "https://x.com/?tab=a",
            verdict: opens),
        // Substitution variables.
        Row(
            rule: "a custom variable matches one of its values",
            json: file(
                ##"{"/": "/eat/$(food)"}"##,
                more: ##", "substitutionVariables": {"food": ["pizza", "sushi"]}"##),
            url: "https://x.com/eat/sushi", verdict: opens),
        Row(
            rule: "a custom variable matches nothing else",
            json: file(
                ##"{"/": "/eat/$(food)"}"##,
                more: ##", "substitutionVariables": {"food": ["pizza", "sushi"]}"##),
            url: "https://x.com/eat/pasta", verdict: notMatched),
        Row(
            rule: "variable names are case-sensitive",
            json: file(
                ##"{"/": "/eat/$(Food)"}"##, more: ##", "substitutionVariables": {"food": ["pizza"]}"##),
            url: "https://x.com/eat/pizza", verdict: notMatched),
        Row(
            rule: "a variable's values may hold wildcards",
            json: file(##"{"/": "/p/$(any)"}"##, more: ##", "substitutionVariables": {"any": ["a*"]}"##),
            url: "https://x.com/p/abc", verdict: opens),
        Row(
            rule: "caseSensitive false applies to substitution values",
            json: file(
                ##"{"/": "/eat/$(food)", "caseSensitive": false}"##,
                more: ##", "substitutionVariables": {"food": ["pizza"]}"##),
            url: "https://x.com/eat/PIZZA", verdict: opens),
        Row(
            rule: "$(digit) is one digit", json: file(##"{"/": "/n/$(digit)"}"##), url: "https://x.com/n/7",
            verdict: opens),
        Row(
            rule: "$(digit) is exactly one", json: file(##"{"/": "/n/$(digit)"}"##),
            url: "https://x.com/n/42", verdict: notMatched),
        Row(
            rule: "$(alpha) is one letter", json: file(##"{"/": "/$(alpha)"}"##), url: "https://x.com/7",
            verdict: notMatched),
        Row(rule: "$(upper)", json: file(##"{"/": "/$(upper)"}"##), url: "https://x.com/Q", verdict: opens),
        Row(
            rule: "$(lower)", json: file(##"{"/": "/$(lower)"}"##), url: "https://x.com/Q",
            verdict: notMatched),
        Row(
            rule: "$(alnum)", json: file(##"{"/": "/$(alnum)$(alnum)"}"##), url: "https://x.com/a1",
            verdict: opens),
        Row(
            rule: "$(xdigit)", json: file(##"{"/": "/$(xdigit)"}"##), url: "https://x.com/g",
            verdict: notMatched),
        Row(
            rule: "$(region) is ISO 3166-1: GB", json: file(##"{"/": "/$(region)/*"}"##),
            url: "https://x.com/GB/shop", verdict: opens),
        Row(
            rule: "$(region) is ISO 3166-1: not UK", json: file(##"{"/": "/$(region)/*"}"##),
            url: "https://x.com/UK/shop", verdict: notMatched),
        Row(
            rule: "$(lang) is an ISO 639 code", json: file(##"{"/": "/$(lang)/*"}"##),
            url: "https://x.com/fr/a", verdict: opens),
        Row(
            rule: "$(lang) is not any two letters", json: file(##"{"/": "/$(lang)/*"}"##),
            url: "https://x.com/qq/a", verdict: notMatched),
        Row(
            rule: "an unknown variable never matches (unobserved)", json: file(##"{"/": "/$(nope)*"}"##),
            url: "https://x.com/anything", verdict: notMatched),
        // Host and scheme.
        Row(
            rule: "an http link is not a universal link (unobserved)", json: file(##"{"/": "*"}"##),
            url: "http://x.com/a", verdict: notMatched),
        Row(
            rule: "a custom scheme is not a universal link", json: file(##"{"/": "*"}"##), url: "mailapp://a",
            verdict: notMatched),
        // Unknown keys.
        Row(
            rule: "unknown keys are ignored: alone, the rule matches everything",
            json: file(##"{"x": "y"}"##), url: "https://x.com/q", verdict: opens),
        Row(
            rule: "an unknown key beside / changes nothing",
            json: file(##"{"/": "/a", "x": {"y": 1}, "casesensitive": false}"##),
            url: "https://x.com/A", verdict: notMatched),
        // Legacy paths.
        Row(
            rule: "legacy paths: NOT excludes",
            json:
                ##"{"applinks": {"apps": [], "details": [{"appID": "T.app", "paths": ["NOT /a/private/*", "/a/*"]}]}}"##,
            url: "https://x.com/a/private/1", verdict: .excluded(detail: 0, component: 0)),
        Row(
            rule: "legacy paths: in order",
            json:
                ##"{"applinks": {"apps": [], "details": [{"appID": "T.app", "paths": ["NOT /a/private/*", "/a/*"]}]}}"##,
            url: "https://x.com/a/public", verdict: .opens(detail: 0, component: 1)),
    ]

    @Test(arguments: rows)
    func rule(_ row: Row) throws {
        let file = try AppSiteAssociation(json: Data(row.json.utf8))
        #expect(file.verdict(for: row.url, appID: row.appID) == row.verdict)
        let opens: Bool
        if case .opens = row.verdict { opens = true } else { opens = false }
        #expect(file.matches(row.url, appID: row.appID) == opens)
    }

    @Test("a file built for a host judges only links to it; a decoded one judges any host")
    func host() throws {
        var file = try AppSiteAssociation(json: Data(Self.file(##"{"/": "/a"}"##).utf8))
        #expect(file.verdict(for: "https://other.com/a", appID: "T.app") == Self.opens)
        file.host = "Mail.Example.com"
        #expect(file.verdict(for: "https://mail.EXAMPLE.com:443/a", appID: "T.app") == Self.opens)
        #expect(file.verdict(for: "https://other.com/a", appID: "T.app") == Self.notMatched)
    }
}
