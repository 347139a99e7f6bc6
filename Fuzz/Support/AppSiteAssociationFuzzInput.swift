// The input of the `aasa` fuzz target (Fuzz/Targets/AppSiteAssociationFuzz.swift): the files and
// links it builds from the fuzzer's bytes.

/// A generated link and what its host means for a file with a host.
struct AASALink {
    enum Kind {
        /// An `https` link to `example.com` (any case, user info, port), or a path.
        case fileHost
        /// An `https` link to another host.
        case otherHost
        /// Never a universal link: another scheme, no host, neither a URL nor a path.
        case never
    }

    let text: String
    let kind: Kind

    /// The links of a raw-bytes file.
    static let fixed: [AASALink] = [
        AASALink(text: "https://example.com/", kind: .fileHost),
        AASALink(text: "https://example.com/a/b?q=1&q=2#f", kind: .fileHost),
        AASALink(text: "/pizza/US?a=x&b=%41", kind: .fileHost),
        AASALink(text: "https://EXAMPLE.com:8443/caf%C3%A9/7/", kind: .fileHost),
        AASALink(text: "https://user@example.com/A/ab#x", kind: .fileHost),
        AASALink(text: "https://other.org/a", kind: .otherHost),
        AASALink(text: "http://example.com/a", kind: .never),
        AASALink(text: "a/b", kind: .never),
    ]
}

/// The vocabulary of generated files and links.
enum AASAWords {
    static let apps = [
        "ABCDE12345.com.example.mail", "ABCDE12345.com.example.news", "TEAM.app", "TEAM.caf\u{E9}",
        "TEAM.cafe\u{301}", "",
    ]
    /// No generated file names it (a raw file may: then it is an app like any other).
    static let unknownApp = "ZZZZZ99999.not.listed"
    static let patternPieces = [
        "a", "b", "A", "ab", "/", "//", "*", "*", "?", "?*", "$(digit)", "$(alpha)", "$(upper)",
        "$(region)", "$(food)", "$(k)", "$(nope)", "$(Digit)", "$()", "$(", ")", "$", "%41", "%2F",
        "%C3%A9", "%", "caf\u{E9}", "e\u{301}", "\u{17F}", "\u{212A}", "\u{DF}", "\u{130}", "-", ".",
        "=", "&", "US", "pizza", " ", "\u{1F600}", "NOT ",
    ]
    static let variableNames = ["food", "k", "digit", "region", "Food", ""]
    static let variableValues = [
        "pizza", "sushi", "", "*", "?", "a", "A", "$(digit)", "/", "caf\u{E9}", "%41", "us", "?*b",
    ]
    static let segments = [
        "a", "b", "A", "ab", "B", "pizza", "sushi", "US", "gb", "7", "42", "%41", "%61", "%2F", "%2f",
        "%C3%A9", "caf\u{E9}", "cafe%CC%81", "e\u{301}", "\u{17F}", "s", "k", "\u{212A}", "\u{DF}", "ss",
        "%", "%zz", "%FF", "%C3", "-", ".", "", "$(digit)", "*", "\u{1F600}", "NOT ",
    ]
    static let queryNames = ["a", "b", "A", "q", "caf\u{E9}", "cafe%CC%81", "%61", "", "pizza"]
    /// Text starting with `/` follows each origin: a `.never` one must not gain a host from it.
    static let origins: [(String, AASALink.Kind)] = [
        ("https://example.com", .fileHost), ("https://example.com", .fileHost),
        ("HTTPS://Example.COM", .fileHost), ("https://user:pw@example.com:8443", .fileHost),
        ("https://example.com:443", .fileHost), ("https://other.org@example.com", .fileHost),
        ("", .fileHost), ("", .fileHost), ("https://other.org", .otherHost),
        ("https://example.com@other.org", .otherHost), ("https://example.com.", .otherHost),
        ("https://[::1]:8080", .otherHost), ("https://sub.example.com", .otherHost),
        ("http://example.com", .never), ("myapp://example.com", .never), ("https:x", .never),
        ("https://", .never), ("mailto:", .never), ("a", .never), ("x:", .never),
        ("Https://EXAMPLE.com", .fileHost),
    ]
}

extension FuzzInput {
    fileprivate mutating func pieces(_ words: [String], max: Int) -> String {
        (0..<pick(max + 1)).map { _ in pick(words) }.joined()
    }

    /// A pattern from the small alphabet; rarely `$(lang)` (615 values).
    mutating func aasaPattern() -> String {
        var pattern = pieces(AASAWords.patternPieces, max: 7)
        if pick(32) == 0 { pattern += "$(lang)" }
        return pattern
    }

    /// A JSON string literal for `text`, escaped in one of several ways.
    mutating func json(_ text: String) -> String {
        let style = pick(6)
        var output = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "/" where style == 1: output += "\\/"
            case _ where scalar.value < 0x20 || (style == 2 && scalar.value > 0x7E):
                for unit in String(scalar).utf16 {
                    let hex = String(unit, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                }
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }

    /// A JSON value that is not a string.
    mutating func notAString() -> String {
        pick(["true", "5", "null", "[\"a\"]", "{}", "1.5e3"])
    }

    /// `{…}` from members, sometimes with an unknown key.
    mutating func object(_ members: [String]) -> String {
        var members = members
        if pick(8) == 0 {
            members.insert("\"x-unknown\": " + pick(["1", "\"u\"", "[null]", "{\"/\": 1}"]), at: 0)
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// A `"?"` value: a string, a dictionary of strings, or one holding a non-string value.
    mutating func aasaQuery() -> String {
        switch pick(6) {
        case 0: return json(aasaPattern())
        case 1: return pick(["[\"a\"]", "5", "null", "true"])
        default:
            var members: [String] = []
            for _ in 0..<pick(4) {
                let value = pick(10) == 0 ? notAString() : json(aasaPattern())
                members.append(json(pick(AASAWords.queryNames)) + ": " + value)
            }
            return "{" + members.joined(separator: ", ") + "}"
        }
    }

    mutating func bool() -> String {
        pick(16) == 0 ? pick(["\"true\"", "1", "null"]) : pick(["true", "false"])
    }

    /// The rule keys components and defaults share.
    mutating func ruleMembers() -> [String] {
        var members: [String] = []
        if pick(4) != 0 { members.append("\"/\": " + json(aasaPattern())) }
        if pick(3) == 0 { members.append("\"?\": " + aasaQuery()) }
        if pick(4) == 0 { members.append("\"#\": " + json(aasaPattern())) }
        if pick(4) == 0 { members.append("\"exclude\": " + bool()) }
        if pick(4) == 0 { members.append("\"caseSensitive\": " + bool()) }
        if pick(4) == 0 { members.append("\"percentEncoded\": " + bool()) }
        return members
    }

    mutating func aasaDefaults() -> String {
        object(ruleMembers())
    }

    mutating func aasaComponent() -> String {
        var members = ruleMembers()
        if pick(4) == 0 { members.append("\"comment\": " + json(pick(["route /a", "", "caf\u{E9}"]))) }
        return object(members)
    }

    mutating func aasaApp() -> String {
        json(pick(AASAWords.apps))
    }

    /// One entry, without the app keys when `inDictionary`.
    mutating func aasaDetail(inDictionary: Bool) -> String {
        var members: [String] = []
        if !inDictionary {
            switch pick(6) {
            case 0: members.append("\"appID\": " + aasaApp())
            case 1: break
            case 2: members.append("\"appIDs\": " + (pick(2) == 0 ? aasaApp() : "[\"a\", 5]"))
            default:
                members.append(
                    "\"appIDs\": [" + (0..<pick(4)).map { _ in aasaApp() }.joined(separator: ", ") + "]")
            }
        }
        if pick(5) != 0 {
            members.append(
                "\"components\": [" + (0..<pick(6)).map { _ in aasaComponent() }.joined(separator: ", ") + "]"
            )
        }
        if pick(3) == 0 {
            let paths = (0..<pick(5)).map { _ in
                json((pick(3) == 0 ? "NOT " : "") + aasaPattern())
            }
            members.append("\"paths\": [" + paths.joined(separator: ", ") + "]")
        }
        if pick(4) == 0 { members.append("\"defaults\": " + aasaDefaults()) }
        return object(members)
    }

    mutating func aasaVariables() -> String {
        var members: [String] = []
        for _ in 0..<pick(4) {
            let values =
                pick(12) == 0
                ? notAString()
                : "["
                    + (0..<pick(4)).map { _ in json(pick(AASAWords.variableValues)) }.joined(separator: ", ")
                    + "]"
            members.append(json(pick(AASAWords.variableNames)) + ": " + values)
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// A whole file as JSON text.
    mutating func aasaFile() -> String {
        var applinks: [String] = []
        switch pick(6) {
        case 0:
            let entries = (0..<pick(4)).map { _ in aasaApp() + ": " + aasaDetail(inDictionary: true) }
            applinks.append("\"details\": {" + entries.joined(separator: ", ") + "}")
        case 1: break
        default:
            let entries = (0..<pick(5)).map { _ in aasaDetail(inDictionary: false) }
            applinks.append("\"details\": [" + entries.joined(separator: ", ") + "]")
        }
        if pick(3) == 0 { applinks.append("\"defaults\": " + aasaDefaults()) }
        if pick(3) == 0 { applinks.append("\"substitutionVariables\": " + aasaVariables()) }
        if pick(6) == 0 { applinks.append("\"apps\": []") }
        var members: [String] = []
        if pick(10) != 0 { members.append("\"applinks\": " + object(applinks)) }
        if pick(6) == 0 { members.append("\"webcredentials\": {\"apps\": [" + aasaApp() + "]}") }
        if pick(10) == 0 { members.append("\"appclips\": {\"apps\": []}") }
        return object(members)
    }

    /// A link: an origin, a path, a query with repeated items, a fragment.
    mutating func aasaLink() -> AASALink {
        let (origin, kind) = pick(AASAWords.origins)
        var text = origin
        if pick(4) == 0 { text += pick(["/", "//", "/./", "/../"]) }
        for _ in 0..<pick(5) { text += "/" + pieces(AASAWords.segments, max: 2) }
        if pick(4) == 0 { text += "/" }
        if origin.isEmpty && !text.hasPrefix("/") { text = "/" + text }
        if pick(2) == 0 {
            var items: [String] = []
            for _ in 0..<pick(5) {
                let name = pick(AASAWords.queryNames)
                switch pick(4) {
                case 0: items.append(name)
                case 1:
                    items.append(
                        name + "=" + pieces(AASAWords.segments, max: 2) + "=" + pick(["", "?", "a"]))
                default: items.append(name + "=" + pieces(AASAWords.segments, max: 2))
                }
                if pick(4) == 0 { items.append(items[items.count - 1]) }
            }
            text += "?" + items.joined(separator: pick(["&", "&", "&&"]))
        }
        if pick(3) == 0 { text += "#" + pieces(AASAWords.segments + ["?", "#", "/"], max: 3) }
        return AASALink(text: text, kind: kind)
    }
}
