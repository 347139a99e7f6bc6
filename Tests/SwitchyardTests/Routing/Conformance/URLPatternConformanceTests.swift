import Foundation
import Testing

@testable import Switchyard

/// The route patterns of 0.4 against WPT's URLPattern data (`URLPattern/urlpatterntestdata.json`,
/// vendored unchanged; see `URLPattern/README.md`). The cases read are those whose pattern is a
/// dictionary naming a `pathname` and/or a `hostname` and whose inputs are dictionaries (not URL
/// strings, which test URL parsing and base resolution): 220. Each is translated into a Switchyard
/// route (with a host when the pattern names one) or excluded by one named rule
/// (``URLPatternConformanceTests/Rule``); a translated case must give WPT's `pathname.groups`, or
/// no match where WPT expects none.
@Suite("Route patterns: WPT's URLPattern data")
struct URLPatternConformanceTests {
    // MARK: The figures the 0.4 grammar must reach. Update them here, with a reason, when the
    // translation or the data changes.

    /// Cases of the file with a pathname or hostname pattern and dictionary inputs.
    static let expectedCases = 220
    /// Cases a Switchyard route expresses exactly.
    static let expectedExpressible = 78
    /// Expressible cases that agree with WPT: all but ``knownDisagreements``.
    static let expectedAgreeing = 78
    /// Excluded cases, per rule.
    static let expectedExcluded: [Rule: Int] = [
        .throwsError: 3, .scheme: 8, .hostParameter: 10, .hostCanonicalization: 6, .hostPattern: 2,
        .opaquePath: 46, .dotSegments: 3, .decoding: 2, .regex: 7, .repeatModifier: 44, .trailingSlash: 11,
    ]
    /// Translated cases whose answer differs from WPT's, by ``Case/key``, with the reason.
    static let knownDisagreements: [String: String] = [:]

    /// Why a case has no exact Switchyard translation. Rules are tried in declaration order; the
    /// first that applies names the case's exclusion.
    enum Rule: String, CaseIterable, Sendable {
        /// WPT expects a TypeError from the arguments themselves (a base URL string beside a
        /// dictionary, an empty base URL): no pattern to translate. (A pattern URLPattern refuses
        /// for its text is translated: the router must refuse it too.)
        case throwsError = "invalid arguments"
        /// The pattern names a `protocol`; or its `baseURL` fixes a scheme the input does not have
        /// (another scheme, or none); or the input is not an `http(s)` URL: Switchyard routes
        /// `http` and `https` links alike and has no other schemes' paths.
        case scheme = "scheme"
        /// The pattern names a port.
        case port = "port"
        /// A hostname pattern with a `:name` label: host parameters are not supported.
        case hostParameter = "host parameter"
        /// A hostname pattern the URL parser rewrites (`bad#hostname` is `bad`, tabs and newlines
        /// are dropped) before URLPattern compiles it.
        case hostCanonicalization = "host canonicalization"
        /// A hostname pattern other than a host name, `*.domain` or `*` (an IPv6 literal with a
        /// wildcard, a group).
        case hostPattern = "host pattern"
        /// A pathname (pattern or input) that does not start with `/`: an opaque path, or a
        /// relative one resolved against a base URL.
        case opaquePath = "opaque path"
        /// A `.` or `..` segment, which URLPattern resolves and Switchyard refuses.
        case dotSegments = "dot segments"
        /// A percent-escape in the pattern: URLPattern compares encoded text (`%c3%a9` is not
        /// `%C3%A9`), Switchyard compares after decoding.
        case decoding = "comparison after decoding"
        /// A regular-expression group `( … )`, `(.*)` included.
        case regex = "regex"
        /// A `+` or `*` modifier: a part repeated.
        case repeatModifier = "repeat modifier"
        /// A wildcard `*` that does not start a segment.
        case globInSegment = "glob inside a segment"
        /// An input path ending in `/` (not `/` itself): URLPattern tells `/foo/` from `/foo`,
        /// Switchyard ignores a trailing `/`.
        case trailingSlash = "trailing /"
    }

    /// One case of the file.
    struct Case: Sendable, CustomTestStringConvertible {
        /// The index of the case in the file.
        let index: Int
        let pattern: [String: String]
        let ignoreCase: Bool
        let input: [String: String]
        /// WPT throws for the pattern or the input.
        let throwsError: Bool
        /// A dictionary with a base URL string beside it (pattern or input), which URLPattern
        /// refuses whatever the pattern.
        let hasBaseURLArgument: Bool
        /// `pathname.groups` (a `nil` value is an unmatched group), or `nil` for no match.
        let groups: [String: String?]?

        var key: String { "#\(index) \(pattern) \(input)" }
        var testDescription: String { key }
    }

    static let corpusURL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("URLPattern")
        .appendingPathComponent("urlpatterntestdata.json")

    /// Every entry of the file, or why it could not be read. Lone surrogates (`"\ud83d \udeb2"`)
    /// are read as U+FFFD, as ``IdnaConformanceTests/scalarValueJSON(_:)`` reads them.
    static func entries() throws -> [Any] {
        let json = IdnaConformanceTests.scalarValueJSON(try Data(contentsOf: corpusURL))
        return try JSONSerialization.jsonObject(with: json) as? [Any] ?? []
    }

    static func strings(_ object: [String: Any]) -> [String: String] {
        object.compactMapValues { $0 as? String }
    }

    /// The cases read: a dictionary pattern with a pathname or hostname, dictionary inputs.
    static let cases: [Case] = ((try? entries()) ?? []).enumerated().compactMap { index, entry in
        guard let object = entry as? [String: Any], let pattern = object["pattern"] as? [Any],
            let components = pattern.first as? [String: Any],
            components["pathname"] != nil || components["hostname"] != nil
        else { return nil }
        let inputs = object["inputs"] as? [Any] ?? []
        if inputs.first is String { return nil }
        let options = pattern.dropFirst().first as? [String: Any] ?? [:]
        let expectedMatch = object["expected_match"]
        let throwsError = object["expected_obj"] as? String == "error" || expectedMatch as? String == "error"
        let groups =
            ((expectedMatch as? [String: Any])?["pathname"] as? [String: Any])?["groups"]
            as? [String: Any]
        return Case(
            index: index, pattern: strings(components), ignoreCase: options["ignoreCase"] as? Bool ?? false,
            input: (inputs.first as? [String: Any]).map(strings) ?? [:], throwsError: throwsError,
            hasBaseURLArgument: pattern.dropFirst().contains { $0 is String }
                || inputs.dropFirst().contains { $0 is String } || expectedMatch as? String == "error",
            groups: expectedMatch is [String: Any] ? (groups ?? [:]).mapValues { $0 as? String } : nil)
    }

    // MARK: Translation

    /// A URLPattern token (the spec's tokenizer, without its error cases: WPT's error cases are
    /// excluded before it runs).
    enum Token: Equatable {
        case char(Character)
        case escaped(Character)
        case name(String)
        case regex(String)
        case asterisk
        case open
        case close
        /// `?` or `+`.
        case modifier(Character)
    }

    static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        var rest = Substring(text)
        func isNameStart(_ character: Character) -> Bool {
            character == "$" || character == "_"
                || character.unicodeScalars.first.map { $0.properties.isIDStart } == true
        }
        func isNamePart(_ character: Character) -> Bool {
            character == "$" || character == "\u{200C}" || character == "\u{200D}"
                || character.unicodeScalars.first.map { $0.properties.isIDContinue } == true
        }
        while let character = rest.first {
            rest = rest.dropFirst()
            switch character {
            case "\\":
                if let next = rest.first {
                    tokens.append(.escaped(next))
                    rest = rest.dropFirst()
                }
            case "{": tokens.append(.open)
            case "}": tokens.append(.close)
            case "*": tokens.append(.asterisk)
            case "?", "+": tokens.append(.modifier(character))
            case ":" where rest.first.map(isNameStart) == true:
                let name = rest.prefix(while: isNamePart)
                tokens.append(.name(String(name)))
                rest = rest.dropFirst(name.count)
            case "(":
                var depth = 1
                var body = ""
                while let next = rest.first, depth > 0 {
                    rest = rest.dropFirst()
                    if next == "\\", let escaped = rest.first {
                        body += "\\\(escaped)"
                        rest = rest.dropFirst()
                        continue
                    }
                    if next == "(" { depth += 1 }
                    if next == ")" { depth -= 1 }
                    if depth > 0 { body.append(next) }
                }
                tokens.append(.regex(body))
            default: tokens.append(.char(character))
            }
        }
        return tokens
    }

    /// A token of a pathname pattern after URLPattern's own regexes are read as what they are:
    /// `(.*)` is the wildcard `*` and `([^\/]+?)` a segment, with or without a name.
    enum Item: Equatable {
        case text(Character)
        /// `key` is the group's name in WPT's `groups`: the name, or its index among unnamed groups.
        case parameter(key: String, glob: Bool)
        case regex
        case open
        case close
        case modifier(Character)
    }

    static func items(_ pathname: String) -> [Item] {
        var items: [Item] = []
        var unnamed = 0
        var pendingName: String?
        func flushName() {
            if let name = pendingName { items.append(.parameter(key: name, glob: false)) }
            pendingName = nil
        }
        for token in tokens(pathname) {
            switch token {
            case .name(let name):
                flushName()
                pendingName = name
                continue
            case .regex(let body) where body == ".*" || body == "[^\\/]+?":
                let key = pendingName ?? "\(unnamed)"
                if pendingName == nil { unnamed += 1 }
                pendingName = nil
                items.append(.parameter(key: key, glob: body == ".*"))
                continue
            case .asterisk:
                // After a part, `*` is a modifier; otherwise the wildcard.
                if pendingName != nil || [.close].contains(items.last)
                    || { if case .parameter = items.last { return true } else { return false } }()
                    || items.last == .regex
                {
                    flushName()
                    items.append(.modifier("*"))
                } else {
                    items.append(.parameter(key: "\(unnamed)", glob: true))
                    unnamed += 1
                }
                continue
            default: break
            }
            flushName()
            switch token {
            case .char(let character), .escaped(let character): items.append(.text(character))
            case .regex: items.append(.regex)
            case .open: items.append(.open)
            case .close: items.append(.close)
            case .modifier(let character): items.append(.modifier(character))
            case .name, .asterisk: break
            }
        }
        flushName()
        return items
    }

    /// The pathname pattern as a Switchyard pattern and each WPT group's parameter name, or the
    /// rule that excludes it. Rules are checked in their declared order.
    static func switchyardPattern(_ pathname: String) -> Result<(String, [String: String]), RuleError> {
        let items = items(pathname)
        if items.contains(.regex) { return .failure(RuleError(.regex)) }
        if items.contains(.modifier("+")) || items.contains(.modifier("*")) {
            return .failure(RuleError(.repeatModifier))
        }
        var names: [String: String] = [:]
        var output = ""
        var afterName = false
        var groupStarts: [Int] = []
        for (index, item) in items.enumerated() {
            let optional = index + 1 < items.count && items[index + 1] == .modifier("?")
            switch item {
            case .text(let character):
                let text = ":*()\\".contains(character) ? "\\\(character)" : String(character)
                if afterName && (character.isLetter || character.isNumber || character == "_") {
                    output += "\\"
                }
                output += text
                afterName = false
            case .parameter(let key, let glob):
                let parameter = names[key] ?? "p\(Set(names.values).count)"
                names[key] = parameter
                let part = (glob ? "*" : ":") + parameter
                if glob && !output.hasSuffix("/") { return .failure(RuleError(.globInSegment)) }
                if optional {
                    if output.hasSuffix("/") {
                        output.removeLast()
                        output += "(/\(part))"
                    } else {
                        output += "(\(part))"
                    }
                    afterName = false
                } else {
                    output += part
                    afterName = true
                }
            case .open:
                groupStarts.append(output.count)
                afterName = false
            case .close:
                let start = groupStarts.popLast() ?? 0
                if optional && start != output.count {
                    output.insert("(", at: output.index(output.startIndex, offsetBy: start))
                    output += ")"
                }
            case .regex, .modifier:
                break
            }
        }
        return .success((output, names))
    }

    /// What a case becomes.
    enum Translation {
        case excluded(Rule)
        /// The Switchyard pattern, the host entry (if the pattern names a host), the link to
        /// route, and each WPT group name's Switchyard parameter name.
        case route(pattern: String, host: String?, link: String, names: [String: String])
        /// URLPattern refuses the pattern; the router must refuse this route (and host).
        case refused(pattern: String, host: String?)
    }

    struct RuleError: Error {
        let rule: Rule
        init(_ rule: Rule) { self.rule = rule }
    }

    /// The path as a URL carries it: what the URL Standard's path percent-encode set and
    /// non-ASCII code points become.
    static func encodedPath(_ path: String) -> String {
        var output = ""
        for byte in path.utf8 {
            if byte < 0x21 || byte > 0x7E || "\"#<>?`{}".utf8.contains(byte) {
                output += String(format: "%%%02X", byte)
            } else {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return output
    }

    static func hasDotSegment(_ path: String) -> Bool {
        path.split(separator: "/", omittingEmptySubsequences: false).contains {
            [".", "..", "%2e", "%2E", ".%2e", "%2e."].contains(String($0).lowercased())
        }
    }

    /// The host a hostname pattern names, as the URL host parser reads it (`café.com` is
    /// `xn--caf-dma.com`), or `nil` when the parser refuses it.
    static func parsedHost(_ hostname: String) -> String? {
        let bytes = Array(hostname.utf8)
        let parsed = bytes.withUnsafeBufferPointer { WebHost.parse($0[...]) }
        guard case .success(let host) = parsed else { return nil }
        return host ?? hostname.lowercased()
    }

    static func translate(_ wptCase: Case) -> Translation {
        let pattern = wptCase.pattern
        let input = wptCase.input
        if wptCase.hasBaseURLArgument || pattern["baseURL"] == "" || input["baseURL"] == "" {
            return .excluded(.throwsError)
        }
        if pattern["protocol"] != nil { return .excluded(.scheme) }
        let inputBase = input["baseURL"].flatMap { URL(string: $0) }
        let inputScheme = input["protocol"] ?? inputBase?.scheme
        if let inputScheme, !["http", "https"].contains(inputScheme) { return .excluded(.scheme) }
        var baseHost: String?
        if let baseURL = pattern["baseURL"] {
            guard let base = URL(string: baseURL), let scheme = base.scheme, scheme == inputScheme else {
                return .excluded(.scheme)
            }
            baseHost = base.host
        }
        if pattern["port"] != nil { return .excluded(.port) }
        var host = baseHost
        if let hostname = pattern["hostname"] {
            let hostTokens = tokens(hostname)
            if hostTokens.contains(where: { if case .name = $0 { return true } else { return false } }) {
                return .excluded(.hostParameter)
            }
            let written = String(
                hostTokens.compactMap { token -> Character? in
                    switch token {
                    case .char(let character), .escaped(let character): return character
                    case .asterisk: return "*"
                    case .modifier(let character): return character
                    default: return nil
                    }
                })
            if hostTokens.contains(where: {
                [.open, .close].contains($0)
                    || { if case .regex = $0 { return true } else { return false } }($0)
            }) {
                return .excluded(.hostPattern)
            }
            if wptCase.throwsError { return .refused(pattern: "(/*p0)", host: written) }
            if hostname.contains(where: { "#/\n\r\t".contains($0) }) || hostname.contains("\\\\") {
                return .excluded(.hostCanonicalization)
            }
            guard hostTokens.allSatisfy({ if case .char = $0 { return true } else { return false } }),
                let parsed = parsedHost(hostname), !parsed.hasPrefix("[")
            else { return .excluded(.hostPattern) }
            host = parsed
        }
        let pathname = pattern["pathname"]
        let inputPath = input["pathname"] ?? ""
        if let pathname, !pathname.hasPrefix("/") { return .excluded(.opaquePath) }
        if input["pathname"] != nil && !inputPath.hasPrefix("/") { return .excluded(.opaquePath) }
        if hasDotSegment(pathname ?? "") || hasDotSegment(inputPath) { return .excluded(.dotSegments) }
        if pathname?.contains("%") == true { return .excluded(.decoding) }
        let switchyardPattern: String
        var names: [String: String] = [:]
        if let pathname {
            switch Self.switchyardPattern(pathname) {
            case .failure(let error): return .excluded(error.rule)
            case .success(let (translated, translatedNames)):
                switchyardPattern = translated
                names = translatedNames
            }
        } else {
            // No pathname: URLPattern's default `*`, any path at all.
            switchyardPattern = "(/*p0)"
            names = ["0": "p0"]
        }
        if wptCase.throwsError { return .refused(pattern: switchyardPattern, host: host) }
        if inputPath.count > 1 && inputPath.hasSuffix("/") { return .excluded(.trailingSlash) }
        let path = encodedPath(inputPath.isEmpty ? "/" : inputPath)
        let inputHost = input["hostname"] ?? inputBase?.host
        let link = host != nil ? "https://\(inputHost ?? "")\(path)" : path
        return .route(pattern: switchyardPattern, host: host, link: link, names: names)
    }

    /// `nil` when the router refuses the route, as URLPattern refuses the pattern.
    static func refusal(pattern: String, host: String?) -> String? {
        let hosts: Set<String> = host.map { [$0] } ?? []
        do {
            _ = try Router(
                routes: [Route(pattern, name: "wpt", isPublic: true, hosts: hosts) { Response(request: $0) }],
                configuration: .init(hosts: hosts.isEmpty ? ["*"] : hosts))
            return "accepted \(pattern) host \(host ?? "-"), URLPattern refuses it"
        } catch {
            return nil
        }
    }

    /// `nil` when the translated case agrees with WPT, else what differs.
    static func disagreement(
        _ wptCase: Case, pattern: String, host: String?, link: String, names: [String: String]
    ) -> String? {
        let router: Router
        do {
            let hosts: Set<String> = host.map { [$0] } ?? []
            router = try Router(
                routes: [Route(pattern, name: "wpt", isPublic: true, hosts: hosts) { Response(request: $0) }],
                configuration: .init(hosts: hosts.isEmpty ? ["*"] : hosts, caseSensitive: !wptCase.ignoreCase)
            )
        } catch {
            return "refused \(pattern): \(error)"
        }
        let match = router.match(link)
        guard let groups = wptCase.groups else {
            return match.map { "\(pattern) matched \(link) with \(Routing.bytes($0.params)), WPT: no match" }
        }
        guard let match else { return "\(pattern) did not match \(link), WPT: \(groups)" }
        for (group, value) in groups {
            let got = names[group].flatMap { match.params[$0] }
            if got != value {
                return
                    "\(pattern) on \(link): group \(group) is \(got.debugDescription), WPT: \(value.debugDescription)"
            }
        }
        return nil
    }

    // MARK: Tests

    @Test(
        "The vendored file is whole: 369 entries, 220 with a pathname or hostname pattern and dictionary inputs"
    )
    func corpusIsWhole() throws {
        #expect(try Self.entries().count == 369)
        #expect(Self.cases.count == Self.expectedCases)
        #expect(Self.cases.filter { $0.pattern["pathname"] != nil }.count == 187)
        #expect(Self.cases.filter { $0.pattern["hostname"] != nil }.count == 33)
    }

    @Test("Every case is translated or excluded by a named rule, and the counts are the 0.4 figures")
    func counts() {
        var excluded: [Rule: Int] = [:]
        var expressible = 0
        var agreeing = 0
        var failures: [String] = []
        var known: [String] = []
        for wptCase in Self.cases {
            switch Self.translate(wptCase) {
            case .excluded(let rule):
                excluded[rule, default: 0] += 1
            case .refused(let pattern, let host):
                expressible += 1
                if let problem = Self.refusal(pattern: pattern, host: host) {
                    failures.append("\(wptCase.key): \(problem)")
                } else {
                    agreeing += 1
                }
            case .route(let pattern, let host, let link, let names):
                expressible += 1
                if let problem = Self.disagreement(
                    wptCase, pattern: pattern, host: host, link: link, names: names)
                {
                    if Self.knownDisagreements[wptCase.key] != nil {
                        known.append(wptCase.key)
                    } else {
                        failures.append("\(wptCase.key): \(problem)")
                    }
                } else {
                    agreeing += 1
                }
            }
        }
        let report = Rule.allCases.map { "\($0.rawValue): \(excluded[$0] ?? 0)" }.joined(separator: ", ")
        print(
            "URLPattern: \(Self.cases.count) cases, \(expressible) expressible, \(agreeing) agree; excluded: \(report)"
        )
        #expect(expressible == Self.expectedExpressible, "expressible")
        #expect(excluded == Self.expectedExcluded, Comment(rawValue: "excluded per rule: \(report)"))
        #expect(agreeing == Self.expectedAgreeing, "agreeing")
        #expect(
            failures.isEmpty,
            Comment(
                rawValue: "\(failures.count) translated cases disagree with WPT:\n"
                    + failures.joined(separator: "\n")))
        #expect(Set(known) == Set(Self.knownDisagreements.keys), "known disagreements that now agree")
    }

    @Test("Each translated case agrees with WPT", arguments: cases)
    func eachCase(_ wptCase: Case) {
        let problem: String?
        switch Self.translate(wptCase) {
        case .excluded: return
        case .refused(let pattern, let host): problem = Self.refusal(pattern: pattern, host: host)
        case .route(let pattern, let host, let link, let names):
            problem = Self.disagreement(wptCase, pattern: pattern, host: host, link: link, names: names)
        }
        if let reason = Self.knownDisagreements[wptCase.key] {
            withKnownIssue(Comment(rawValue: reason)) {
                if let problem { Issue.record(Comment(rawValue: problem)) }
            }
        } else {
            #expect(problem == nil, Comment(rawValue: problem ?? ""))
        }
    }
}
