import Testing

@testable import Switchyard

/// Reverse routing of 0.4's forms as a property: on seeded random tables (segments of literals
/// and parameters, globs with a tail or segments after them, optional parts inside a segment, at
/// the end or after the first segment), `path(for:)` throws exactly when a small model says the
/// values cannot come back, and otherwise `match` of its path gives back the route and exactly
/// the values. Every route starts with its own literal and its optional parts never overlap, so
/// no other route or expansion can take a path first.
///
/// The model: a parameter's value comes back when it is not empty and the first occurrence of
/// the literal after it in `value + literal`, searching from offset 1, is at the value's end (a
/// glob's last segment before its tail counts as a parameter); every segment, a glob's included,
/// is neither empty nor `.` or `..`. Reverse routing uses the expansion with the most
/// parameters, all given, the first written among equals.
struct ReverseRoutingRoundTripTests {
    enum Token: Equatable {
        case literal(String)
        case parameter(String)
        case glob(String)
    }

    /// One expansion: its segments, each a list of tokens (a glob only first).
    typealias Shape = [[Token]]

    struct Form {
        let pattern: String
        /// In the order the router expands them: without the optional part, then with it.
        let expansions: [Shape]
    }

    struct Case {
        let route: Int
        let pattern: String
        let params: [String: String]
        /// Why the model refuses the values, or `nil` when they come back.
        let refusal: Why?
        var comesBack: Bool { refusal == nil }
    }

    enum Why {
        /// A value holds the literal after it before its end, or is empty.
        case holdsLiteral
        /// A segment would be empty, `.` or `..`.
        case segment
    }

    static let seeds: [UInt64] = Array(1...200)
    static let literals = ["-", ".", "x", "ab", "~", ":", ".ogg", "X"]
    static let values = [
        "a", "b", "ab", "x", "X", "-", ".", "..", "a-b", "a.b", "x.y", "ab-", "-ab", "", "/", "a/b", "a//b",
        "/a",
        "a/", "%", "100%", "é", "日本", ".ogg", "a.ogg", "~", ":", "1", "a:b", "abab", "xx",
    ]

    // MARK: - Tables

    /// The route table of `seed` and, per route, a few sets of values for one of its expansions.
    static func cases(seed: UInt64) -> (forms: [Form], caseSensitive: Bool, cases: [Case]) {
        var random = SplitMix64(seed: seed)
        let caseSensitive = random.below(4) != 0
        let forms = (0..<1 + random.below(4)).map { form($0, &random) }
        var cases: [Case] = []
        for (route, form) in forms.enumerated() {
            for _ in 0..<4 {
                var params: [String: String] = [:]
                let shape = random.pick(form.expansions)
                let after = literalsAfter(shape)
                for name in names(shape) {
                    // Often a value that holds the literal after it: refused unless it ends there.
                    if let literal = after[name], random.chance(30) {
                        params[name] =
                            random.pick(["", "a", "ab"]) + literal + random.pick(["", "b", literal])
                    } else {
                        params[name] = value(&random)
                    }
                }
                cases.append(
                    Case(
                        route: route, pattern: form.pattern, params: params,
                        refusal: refusal(form, params, caseSensitive: caseSensitive)))
            }
        }
        return (forms, caseSensitive, cases)
    }

    /// A value from the list, or literals and letters run together, which often hold a literal
    /// that would end a parameter early.
    static func value(_ random: inout SplitMix64) -> String {
        random.chance(35)
            ? random.pick(values)
            : (0..<1 + random.below(3)).map { _ in random.pick(literals + ["a", "/"]) }.joined()
    }

    /// `/r<index>` and one or two segments of the new forms, with at most one optional part
    /// where its expansions cannot take each other's paths.
    static func form(_ index: Int, _ random: inout SplitMix64) -> Form {
        var parameters = 0
        func parameter() -> Token {
            defer { parameters += 1 }
            return .parameter("p\(parameters)")
        }
        func alternating(_ count: Int, literalFirst: Bool) -> [Token] {
            (0..<count).map {
                (($0 % 2 == 0) == literalFirst) ? .literal(random.pick(literals)) : parameter()
            }
        }
        var body: Shape = []
        var hasGlob = false
        for _ in 0..<1 + random.below(2) {
            switch random.below(6) {
            case 0, 1, 2: body.append(alternating(2 + random.below(3), literalFirst: random.chance(50)))
            case 3: body.append([parameter()])
            case 4 where !hasGlob:
                hasGlob = true
                body.append([.glob("g")] + alternating(random.below(3), literalFirst: true))
            default: body.append([.literal(random.pick(["v1", "edit"]))])
            }
        }
        let first: [Token] = [.literal("r\(index)")]
        var expansions = [[first] + body]
        var text = render([first] + body)
        switch random.below(4) {
        case 0:
            // `/v(.:p)`: the segment is `v` or starts with `v` and the suffix.
            let suffix: [Token] = [.literal(random.pick(literals)), parameter()]
            expansions = [[first] + body + [[.literal("v")]], [first] + body + [[.literal("v")] + suffix]]
            text += "/v(" + render([suffix], startsAfterName: true).dropFirst() + ")"
        case 1 where !hasGlob:
            expansions.append([first] + body + [[.glob("g")]])
            text += "(/*g)"
        case 2 where !hasGlob:
            let optional = random.chance(50) ? Token.literal("v2") : parameter()
            expansions.append([first, [optional]] + body)
            text = render([first]) + "(" + render([[optional]]) + ")" + render(body)
        default: break
        }
        return Form(pattern: text, expansions: expansions)
    }

    /// Pattern text: `\` before `:`, and before a literal's first letter right after a name.
    static func render(_ shape: Shape, startsAfterName: Bool = false) -> String {
        shape.map { segment in
            var text = "/"
            var afterName = startsAfterName
            for token in segment {
                switch token {
                case .literal(let literal):
                    for (offset, character) in literal.enumerated() {
                        if character == ":" || (offset == 0 && afterName && character.isLetter) {
                            text += "\\"
                        }
                        text.append(character)
                    }
                    afterName = false
                case .parameter(let name):
                    text += ":" + name
                    afterName = true
                case .glob(let name):
                    text += "*" + name
                    afterName = true
                }
            }
            return text
        }.joined()
    }

    /// The literal right after each parameter or glob that has one.
    static func literalsAfter(_ shape: Shape) -> [String: String] {
        var after: [String: String] = [:]
        for segment in shape {
            for (token, next) in zip(segment, segment.dropFirst()) {
                if case .literal(let literal) = next, case .parameter(let name) = token {
                    after[name] = literal
                }
                if case .literal(let literal) = next, case .glob(let name) = token { after[name] = literal }
            }
        }
        return after
    }

    static func names(_ shape: Shape) -> [String] {
        shape.joined().compactMap { token in
            switch token {
            case .literal: nil
            case .parameter(let name), .glob(let name): name
            }
        }
    }

    // MARK: - The model

    /// Why `params` would not come back through the expansion reverse routing picks, or `nil`.
    static func refusal(_ form: Form, _ params: [String: String], caseSensitive: Bool) -> Why? {
        let given = form.expansions.filter { names($0).allSatisfy { params[$0] != nil } }
        let most = given.map { names($0).count }.max()!
        let shape = given.first { names($0).count == most }!
        var values = params
        for var segment in shape {
            if case .glob(let name) = segment.first {
                var parts = params[name]!.utf8.split(
                    separator: UInt8(ascii: "/"), omittingEmptySubsequences: false
                )
                .map { String(Substring($0)) }
                let last = parts.removeLast()
                guard parts.allSatisfy(isSegment) else { return .segment }
                // The last part goes on with the tail, as a parameter would.
                values["\u{0}last"] = last
                segment[0] = .parameter("\u{0}last")
            }
            var text = ""
            for (index, token) in segment.enumerated() {
                switch token {
                case .literal(let literal): text += literal
                case .parameter(let name), .glob(let name):
                    let value = values[name]!
                    guard !value.isEmpty else { return .holdsLiteral }
                    if index + 1 < segment.count, case .literal(let next) = segment[index + 1] {
                        let first = firstOccurrence(of: next, in: value + next, caseSensitive: caseSensitive)
                        guard first == value.utf8.count else { return .holdsLiteral }
                    }
                    text += value
                }
            }
            guard isSegment(text) else { return .segment }
        }
        return nil
    }

    static func isSegment(_ text: String) -> Bool {
        !text.isEmpty && text != "." && text != ".."
    }

    /// The first UTF-8 offset from 1 where `literal` starts in `text`, ASCII-folded unless
    /// `caseSensitive`.
    static func firstOccurrence(of literal: String, in text: String, caseSensitive: Bool) -> Int? {
        let fold = { (bytes: String.UTF8View) in
            bytes.map { caseSensitive || !(65...90).contains($0) ? $0 : $0 | 0x20 }
        }
        let (haystack, needle) = (fold(text.utf8), fold(literal.utf8))
        return (1..<max(1, haystack.count - needle.count + 1)).first {
            Array(haystack[$0..<$0 + needle.count]) == needle
        }
    }

    // MARK: - Tests

    @Test("path(for:) throws exactly when the model says the values cannot come back", arguments: seeds)
    func roundTrip(seed: UInt64) throws {
        let (forms, caseSensitive, cases) = Self.cases(seed: seed)
        let router = try Router(
            routes: forms.enumerated().map { Routing.route($1.pattern, name: "r\($0)") },
            configuration: .init(caseSensitive: caseSensitive))
        for item in cases {
            let context = "seed \(seed): \(item.pattern) \(item.params) caseSensitive: \(caseSensitive)"
            let path: String
            do {
                path = try router.path(for: "r\(item.route)", item.params)
            } catch let error as RoutingError {
                #expect(!item.comesBack, "threw \(error): \(context)")
                #expect(error.status == .badRequest, "\(context)")
                continue
            }
            #expect(
                item.comesBack, "gave \(path), but the model says the values cannot come back: \(context)")
            let match = router.match(path)
            #expect(match?.route.name == "r\(item.route)", "\(path): \(context)")
            #expect(
                match.map { Routing.bytes(Routing.strings($0.params)) } == Routing.bytes(item.params),
                "\(path): \(context)")
        }
    }

    @Test("Coverage: values that come back and values refused, in every form")
    func coverage() {
        var (comeBack, holdsLiteral, segment, globs, optional) = (0, 0, 0, 0, 0)
        for seed in Self.seeds {
            let (forms, _, cases) = Self.cases(seed: seed)
            comeBack += cases.filter(\.comesBack).count
            holdsLiteral += cases.filter { $0.refusal == .holdsLiteral }.count
            segment += cases.filter { $0.refusal == .segment }.count
            globs += forms.filter { $0.pattern.contains("*g") }.count
            optional += forms.filter { $0.expansions.count > 1 }.count
        }
        #expect(comeBack >= 1_000, "\(comeBack) sets of values that come back")
        #expect(
            holdsLiteral >= 400,
            "\(holdsLiteral) refused: a value holds the literal after it, or is empty")
        #expect(segment >= 60, "\(segment) refused: a segment would be empty, '.' or '..'")
        #expect(globs >= 150, "\(globs) routes with a glob")
        #expect(optional >= 240, "\(optional) routes with an optional part")
    }

    // MARK: - Refusals, word for word

    struct Refusal: Sendable, CustomTestStringConvertible {
        let pattern: String
        let params: [String: String]
        let message: String
        var caseSensitive = true
        var testDescription: String { "\(pattern) \(params)" }
    }

    static let refusals: [Refusal] = [
        Refusal(
            pattern: "/:artist-:song", params: ["artist": "a-b", "song": "c"],
            message:
                "'a-b' cannot be the value of 'artist': it holds '-' at offset 1, where matching would end it (a parameter ends at the first '-' after it)"
        ),
        Refusal(
            pattern: "/:artist-:song", params: ["artist": "a", "song": ""],
            message: "parameter 'song' cannot be empty"),
        Refusal(
            pattern: "/files/:name.html", params: ["name": "a.html"],
            message:
                "'a.html' cannot be the value of 'name': it holds '.html' at offset 1, where matching would end it (a parameter ends at the first '.html' after it)"
        ),
        Refusal(
            pattern: "/files/:name.HTML", params: ["name": "index.html"],
            message:
                "'index.html' cannot be the value of 'name': it holds '.HTML' at offset 5, where matching would end it (a parameter ends at the first '.HTML' after it)",
            caseSensitive: false),
        Refusal(
            pattern: "/.:ext", params: ["ext": "."],
            message: "the segment would be '..', which the URL parser refuses"),
        Refusal(
            pattern: "/:id", params: ["id": ".."],
            message: "parameter 'id' cannot be '..': the URL parser refuses such segments"),
        Refusal(
            pattern: "/*path/edit", params: ["path": "a//b"],
            message: "parameter 'path' cannot be '': the URL parser refuses such segments"),
        Refusal(
            pattern: "/media/*path.ogg", params: ["path": "a/"],
            message: "parameter 'path' cannot be empty"),
        Refusal(
            pattern: "/media/*path.ogg", params: ["path": "a/x.ogg"],
            message:
                "'x.ogg' cannot be the value of 'path': it holds '.ogg' at offset 1, where matching would end it (a parameter ends at the first '.ogg' after it)"
        ),
        Refusal(
            pattern: "/u/:id(int).json", params: ["id": "x"],
            message: "'x' breaks constraint int of parameter 'id'"),
    ]

    @Test("Each refusal says why", arguments: refusals)
    func refusal(_ row: Refusal) throws {
        let router = try Router(
            routes: [Routing.route(row.pattern, name: "r")],
            configuration: .init(caseSensitive: row.caseSensitive))
        #expect(throws: RoutingError(.badRequest, row.message)) { try router.path(for: "r", row.params) }
    }
}
