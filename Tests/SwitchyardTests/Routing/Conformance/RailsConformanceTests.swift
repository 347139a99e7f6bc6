import Foundation
import Testing

@testable import Switchyard

/// The route patterns of 0.4 against Rails' own recognition tests (`Rails/journey-cases.json`,
/// extracted from `journey/path/pattern_test.rb`, `journey/router_test.rb` and
/// `dispatch/routing_test.rb`; see `Rails/README.md`). Each case is a route table as Rails builds
/// it, a request and what Rails answers. A case is translated into Switchyard routes, or excluded
/// by one named rule (``RailsConformanceTests/Rule``); a translated case must agree with Rails
/// unless it is one of ``RailsConformanceTests/knownDisagreements``.
@Suite("Route patterns: Rails' journey and routing tests")
struct RailsConformanceTests {
    // MARK: The figures the 0.4 grammar must reach. Update them here, with a reason, when the
    // translation or the data changes.

    /// Every case of the file.
    static let expectedCases = 192
    /// Cases a Switchyard route table expresses exactly.
    static let expectedExpressible = 136
    /// Expressible cases whose answer is Rails' answer: all but ``knownDisagreements``.
    static let expectedAgreeing = 135
    /// Excluded cases, per rule.
    static let expectedExcluded: [Rule: Int] = [
        .opaquePath: 1, .httpMethod: 4, .port: 9, .requestConstraint: 3, .prefixMatch: 1,
        .invalidUTF8: 8, .defaults: 6, .dynamicController: 8, .repeatedName: 1, .globInSegment: 1,
        .regex: 14,
    ]
    /// Translated cases whose answer differs from Rails', by "file test path", with the reason.
    static let knownDisagreements: [String: String] = [
        "routing_test.rb test_non_greedy_regexp /api/1.0/users/first.last.xml":
            "Rails's lazy /.+?/ for :id backtracks until (.:format) takes xml, giving id first.last; a "
            + "Switchyard parameter ends at the first '.', the optional part fails its json|xml "
            + "constraint there, and without it id takes the rest: first.last.xml"
    ]

    /// Why a case has no exact Switchyard translation. Rules are tried in declaration order; the
    /// first that applies names the case's exclusion.
    enum Rule: String, CaseIterable, Sendable {
        /// The request path does not start with `/`.
        case opaquePath = "opaque path"
        /// A route of the table answers the path but not the request's method, and Rails says no
        /// route matches: Switchyard routes by path alone.
        case httpMethod = "HTTP method"
        /// A port constraint on a route that could answer, or a request sent to a port.
        case port = "port"
        /// A constraint object or lambda that reads the request (`request.ip`, an unanchored
        /// regex in a proc) on a route that could answer.
        case requestConstraint = "request constraint"
        /// `anchor: false`: the route matches a prefix of the path, as a mount does.
        case prefixMatch = "prefix match (anchor: false)"
        /// The path percent-decodes to bytes that are not UTF-8: Rails answers 400 or reads the
        /// parameter as binary.
        case invalidUTF8 = "invalid UTF-8"
        /// Rails fills a pattern parameter the path leaves out from the route's `defaults`.
        case defaults = "defaults"
        /// Rails' deprecated dynamic `:controller` segment, whose implicit `/.+?/` takes a
        /// namespaced controller path (`admin/users`).
        case dynamicController = "dynamic :controller"
        /// The same parameter name twice in one pattern (`/downloads/:id/:id.tar`).
        case repeatedName = "repeated parameter name"
        /// A glob that does not start a segment (`:name(*rest)`: Rails' value keeps the `/`).
        case globInSegment = "glob inside a segment"
        /// A requirement no built-in constraint expresses exactly: a character class, a
        /// quantifier, `/i`, `/.*/` (which takes the empty text), two parameters that cross `/`.
        case regex = "regex"
    }

    /// One route as Rails builds it.
    struct RailsRoute: Sendable {
        let pattern: String
        let requirements: [String: String]
        let verb: String
        let port: String?
        let callable: String?
        /// Lambdas that only test a path parameter against a list (`%w(all France).include?`).
        let parameterLists: [String: [String]]
        let defaults: [String: String?]
        let anchored: Bool
    }

    /// One request of a Rails test and what Rails answers.
    struct Case: Sendable, CustomTestStringConvertible {
        let file: String
        let test: String
        let routes: [RailsRoute]
        let path: String
        let verb: String
        let port: Int?
        /// The index of the route Rails recognizes and its path parameters; `nil` for no match.
        let expected: (route: Int, params: [String: String])?

        var key: String { "\(file) \(test) \(path)" }
        var testDescription: String { "\(test) \(verb) \(path)" }
    }

    /// What a case becomes.
    enum Translation {
        case excluded(Rule)
        /// The Switchyard routes (named `r<index into the case's routes>`) and the path to match.
        case routes([Route], path: String)
    }

    static let corpusURL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("Rails").appendingPathComponent(
            "journey-cases.json")

    static let loaded: Result<[Case], any Error> = Result {
        let entries = try JSONSerialization.jsonObject(with: try Data(contentsOf: corpusURL)) as? [Any] ?? []
        return entries.compactMap { entry -> Case? in
            guard let object = entry as? [String: Any], let path = object["path"] as? String,
                let routes = object["routes"] as? [[String: Any]]
            else { return nil }
            let expected = (object["expected"] as? [String: Any]).map { expected in
                (
                    route: expected["route"] as? Int ?? -1,
                    params: (expected["params"] as? [String: Any] ?? [:]).compactMapValues { $0 as? String }
                )
            }
            return Case(
                file: (object["file"] as? String ?? "").components(separatedBy: "/").last ?? "",
                test: object["test"] as? String ?? "", routes: routes.map(railsRoute), path: path,
                verb: object["verb"] as? String ?? "GET", port: object["port"] as? Int, expected: expected)
        }
    }

    static func railsRoute(_ object: [String: Any]) -> RailsRoute {
        let conditions = object["conditions"] as? [String: Any] ?? [:]
        let defaults = (object["defaults"] as? [String: Any] ?? [:]).mapValues { value -> String? in
            value is NSNull ? nil : "\(value)"
        }
        return RailsRoute(
            pattern: object["pattern"] as? String ?? "",
            requirements: object["requirements"] as? [String: String] ?? [:],
            verb: object["verb"] as? String ?? "GET", port: conditions["port"] as? String,
            callable: conditions["callable"] as? String,
            parameterLists: conditions["params"] as? [String: [String]] ?? [:], defaults: defaults,
            anchored: object["anchor"] as? Bool ?? true)
    }

    static let cases = (try? loaded.get()) ?? []

    // MARK: Translation

    /// The parameter and glob names of a Rails pattern, in order.
    static func names(in pattern: String) -> [String] {
        var names: [String] = []
        var scalars = Array(pattern.unicodeScalars)[...]
        while let first = scalars.first {
            scalars = scalars.dropFirst()
            guard first == ":" || first == "*" else { continue }
            let name = scalars.prefix {
                $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
            }
            if let head = name.first, head == "_" || head.properties.isAlphabetic {
                names.append(String(String.UnicodeScalarView(name)))
            }
            scalars = scalars.dropFirst(name.count)
        }
        return names
    }

    /// Whether a route could answer the path, judged from its leading literal segments alone: a
    /// route whose fixed start the path does not have is left out of the table, so its
    /// conditions and method do not decide the case.
    static func inPlay(_ route: RailsRoute, path: String) -> Bool {
        let patternSegments = route.pattern.split(separator: "/", omittingEmptySubsequences: false)
            .dropFirst()
        let pathSegments = Array(path.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
        let isAllLiteral = !route.pattern.replacingOccurrences(of: "(.:format)", with: "")
            .contains { ":*()\\".contains($0) }
        for (index, segment) in patternSegments.enumerated() {
            let base = segment.hasSuffix("(.:format)") ? segment.dropLast(10) : segment
            if base.contains(where: { ":*()\\".contains($0) }) || route.pattern.hasPrefix("(") { return true }
            guard index < pathSegments.count else { return false }
            let text = PercentEncoding.decode(pathSegments[index])
            if text != base && !(segment.hasSuffix("(.:format)") && text.hasPrefix(base + ".")) {
                return false
            }
        }
        return !isAllLiteral || !route.anchored || pathSegments.count == patternSegments.count
    }

    /// Whether a route answers a method: `GET` routes answer `HEAD` too, as in Rails.
    static func accepts(_ route: RailsRoute, verb: String) -> Bool {
        route.verb == verb || (route.verb == "GET" && verb == "HEAD")
    }

    /// The bytes of a percent-decoded path.
    static func decodedBytes(_ path: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var utf8 = Array(path.utf8)[...]
        while let byte = utf8.first {
            if byte == UInt8(ascii: "%"), utf8.count >= 3,
                let value = UInt8(String(decoding: utf8.dropFirst().prefix(2), as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                utf8 = utf8.dropFirst(3)
            } else {
                bytes.append(byte)
                utf8 = utf8.dropFirst()
            }
        }
        return bytes
    }

    /// What a requirement becomes: a list of values, a glob, a plain parameter, or nothing exact.
    enum Requirement: Equatable {
        case oneOf([String])
        /// `/.+/`: one or more characters, `/` included: a glob.
        case glob
        /// `/.+?/`: a lazy match of any text. A plain parameter ends at the first occurrence of what
        /// follows it, as a lazy match does within a segment.
        case plain
    }

    /// `en|pl`, `(tender|love)`, `json|xml`, `michelangelo`, `path\/to\/existing\/file`: literal
    /// alternatives, each matched whole, since Rails anchors a requirement to its segment.
    static func requirement(_ source: String) -> Requirement? {
        switch source {
        case ".+": return .glob
        case ".+?": return .plain
        default: break
        }
        var body = Substring(source)
        if body.hasPrefix("("), body.hasSuffix(")"),
            !body.dropFirst().dropLast().contains(where: { "()".contains($0) })
        {
            body = body.dropFirst().dropLast()
        }
        var values: [String] = []
        var current = ""
        var escaped = false
        for character in body {
            if escaped {
                guard character == "/" || character == "." || character == "-" else { return nil }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "|" {
                values.append(current)
                current = ""
            } else if character.isLetter || character.isNumber || character == "_" || character == "-" {
                current.append(character)
            } else {
                return nil
            }
        }
        values.append(current)
        return escaped || values.contains(where: \.isEmpty) ? nil : .oneOf(values)
    }

    static func translate(_ railsCase: Case) -> Translation {
        if !railsCase.path.hasPrefix("/") { return .excluded(.opaquePath) }
        let candidates = railsCase.routes.indices.filter {
            Self.inPlay(railsCase.routes[$0], path: railsCase.path)
        }
        let kept = candidates.filter { accepts(railsCase.routes[$0], verb: railsCase.verb) }
        if railsCase.expected == nil && kept.count < candidates.count { return .excluded(.httpMethod) }
        let relevant = kept.map { railsCase.routes[$0] }
        if railsCase.port != nil || relevant.contains(where: { $0.port != nil }) { return .excluded(.port) }
        if relevant.contains(where: { $0.callable != nil }) { return .excluded(.requestConstraint) }
        if relevant.contains(where: { !$0.anchored }) { return .excluded(.prefixMatch) }
        if String(validating: decodedBytes(railsCase.path), as: UTF8.self) == nil {
            return .excluded(.invalidUTF8)
        }
        if let expected = railsCase.expected {
            let route = railsCase.routes[expected.route]
            if names(in: route.pattern).contains(where: {
                route.defaults[$0] != nil && route.defaults[$0]! != nil
            }) {
                return .excluded(.defaults)
            }
        }
        let deciding = railsCase.expected.map { [railsCase.routes[$0.route]] } ?? relevant
        if deciding.contains(where: {
            names(in: $0.pattern).contains("controller") && $0.requirements["controller"] == ".+?"
        }) {
            return .excluded(.dynamicController)
        }
        if relevant.contains(where: { Set(names(in: $0.pattern)).count != names(in: $0.pattern).count }) {
            return .excluded(.repeatedName)
        }
        if relevant.contains(where: { $0.pattern.contains("(*") }) { return .excluded(.globInSegment) }
        var routes: [Route] = []
        for index in kept {
            guard let route = switchyardRoute(railsCase.routes[index], name: "r\(index)") else {
                return .excluded(.regex)
            }
            routes.append(route)
        }
        return .routes(routes, path: railsCase.path)
    }

    /// A Rails route as a Switchyard route, or `nil` when a requirement has no exact translation.
    static func switchyardRoute(_ route: RailsRoute, name: String) -> Route? {
        let names = Set(names(in: route.pattern))
        var constraints: [String: Constraint] = [:]
        var globs: Set<String> = []
        for (parameter, source) in route.requirements where names.contains(parameter) {
            switch requirement(source) {
            case .oneOf(let values): constraints[parameter] = .oneOf(Set(values))
            case .glob: globs.insert(parameter)
            case .plain: break
            case nil: return nil
            }
        }
        for (parameter, values) in route.parameterLists { constraints[parameter] = .oneOf(Set(values)) }
        if globs.count + (route.pattern.contains("*") ? 1 : 0) > 1 { return nil }
        // `:name` with a glob requirement becomes `*name`; a `:` that starts no name is literal.
        var pattern = ""
        var scalars = Array(route.pattern.unicodeScalars)[...]
        while let scalar = scalars.first {
            scalars = scalars.dropFirst()
            if scalar == ":" {
                guard let next = scalars.first, next == "_" || (next.isASCII && next.properties.isAlphabetic)
                else {
                    pattern += "\\:"
                    continue
                }
                let name = String(
                    String.UnicodeScalarView(
                        scalars.prefix {
                            $0 == "_"
                                || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
                        }))
                pattern += (globs.contains(name) ? "*" : ":") + name
                scalars = scalars.dropFirst(name.unicodeScalars.count)
            } else {
                pattern.unicodeScalars.append(scalar)
            }
        }
        return Route(pattern, name: name, isPublic: true, constraints: constraints) { Response(request: $0) }
    }

    // MARK: Tests

    @Test("The vendored file is whole: 192 cases from three files")
    func corpusIsWhole() throws {
        let all = try Self.loaded.get()
        #expect(all.count == Self.expectedCases)
        let perFile = Dictionary(grouping: all, by: \.file).mapValues(\.count)
        #expect(perFile == ["pattern_test.rb": 20, "router_test.rb": 27, "routing_test.rb": 145])
    }

    /// The outcome of one translated case: `nil` when it agrees with Rails.
    static func disagreement(_ railsCase: Case, routes: [Route], path: String) -> String? {
        let router: Router
        do {
            router = try Router(routes: routes)
        } catch {
            return "refused: \(error)"
        }
        let match = router.match(path)
        guard let expected = railsCase.expected else {
            return match.map { "matched \($0.route.pattern) \(Routing.bytes($0.params)), Rails: no match" }
        }
        guard let match else { return "no match, Rails: r\(expected.route) \(expected.params)" }
        let parameters = Self.names(in: railsCase.routes[expected.route].pattern)
        var got: [String: String] = [:]
        for name in parameters { got[name] = match.params[name] }
        if match.route.name != "r\(expected.route)" || got != expected.params {
            return
                "matched \(match.route.name ?? "") \(match.route.pattern) \(got), Rails: r\(expected.route) "
                + "\(railsCase.routes[expected.route].pattern) \(expected.params)"
        }
        return nil
    }

    @Test("Every case is translated or excluded by a named rule, and the counts are the 0.4 figures")
    func counts() throws {
        var excluded: [Rule: Int] = [:]
        var expressible = 0
        var agreeing = 0
        var failures: [String] = []
        var known: [String] = []
        for railsCase in Self.cases {
            switch Self.translate(railsCase) {
            case .excluded(let rule):
                excluded[rule, default: 0] += 1
            case .routes(let routes, let path):
                expressible += 1
                if let problem = Self.disagreement(railsCase, routes: routes, path: path) {
                    if Self.knownDisagreements[railsCase.key] != nil {
                        known.append(railsCase.key)
                    } else {
                        failures.append("\(railsCase.key): \(problem)")
                    }
                } else {
                    agreeing += 1
                }
            }
        }
        let report = Rule.allCases.map { "\($0.rawValue): \(excluded[$0] ?? 0)" }.joined(separator: ", ")
        print(
            "Rails: \(Self.cases.count) cases, \(expressible) expressible, \(agreeing) agree; excluded: \(report)"
        )
        #expect(expressible == Self.expectedExpressible, "expressible")
        #expect(excluded == Self.expectedExcluded, "excluded per rule: \(report)")
        #expect(agreeing == Self.expectedAgreeing, "agreeing")
        #expect(
            failures.isEmpty,
            Comment(
                rawValue: "\(failures.count) translated cases disagree with Rails:\n"
                    + failures.joined(separator: "\n")))
        #expect(
            Set(known) == Set(Self.knownDisagreements.keys),
            Comment(
                rawValue: "known disagreements that now agree or are no longer translated: "
                    + "\(Set(Self.knownDisagreements.keys).subtracting(known).sorted())"))
    }

    @Test("Each translated case agrees with Rails", arguments: cases)
    func eachCase(_ railsCase: Case) {
        guard case .routes(let routes, let path) = Self.translate(railsCase) else { return }
        let problem = Self.disagreement(railsCase, routes: routes, path: path)
        if let reason = Self.knownDisagreements[railsCase.key] {
            withKnownIssue(Comment(rawValue: reason)) {
                if let problem { Issue.record(Comment(rawValue: problem)) }
            }
        } else {
            #expect(problem == nil, Comment(rawValue: problem ?? ""))
        }
    }
}
