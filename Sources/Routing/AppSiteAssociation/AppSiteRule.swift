/// One rule as iOS evaluates it: a component, or a path of the format before iOS 13, with every
/// key it leaves out taken from its entry's `defaults`, then the file's, then Apple's (`*` for a
/// part, `false` for `exclude`, `true` for `caseSensitive` and `percentEncoded`).
struct AppSiteRule {
    typealias Defaults = AppSiteAssociation.Defaults

    var path: String
    var query: AppSiteAssociation.QueryPattern
    var fragment: String
    var exclude: Bool
    var caseSensitive: Bool
    var percentEncoded: Bool

    init(_ component: AppSiteAssociation.Component, entry: Defaults?, file: Defaults?) {
        func pick<Value>(_ own: Value?, _ key: KeyPath<Defaults, Value?>, _ builtIn: Value) -> Value {
            own ?? entry?[keyPath: key] ?? file?[keyPath: key] ?? builtIn
        }
        path = pick(component.path, \.path, "*")
        query = pick(component.query, \.query, .pattern("*"))
        fragment = pick(component.fragment, \.fragment, "*")
        exclude = pick(component.exclude, \.exclude, false)
        caseSensitive = pick(component.caseSensitive, \.caseSensitive, true)
        percentEncoded = pick(component.percentEncoded, \.percentEncoded, true)
    }

    /// A legacy path: a path pattern, excluding when it starts with `NOT `.
    init(legacyPath: String) {
        exclude = legacyPath.hasPrefix("NOT ")
        path = exclude ? String(legacyPath.dropFirst(4)) : legacyPath
        query = .pattern("*")
        fragment = "*"
        caseSensitive = true
        percentEncoded = true
    }

    /// Whether every part of the rule matches `link`. `variables` are the file's custom
    /// substitution variables; `steps` counts the automata's work.
    func matches(_ link: UniversalLinkParts, variables: [String: [String]], steps: inout Int) -> Bool {
        func compile(_ pattern: String) -> WildcardPattern {
            WildcardPattern(pattern, caseSensitive: caseSensitive, variables: variables)
        }
        func compared(_ text: Substring) -> String {
            percentEncoded ? String(text) : PercentEncoding.decode(text)
        }
        guard Self.matchesPath(path, compared(Substring(link.path)), compile: compile, steps: &steps),
            compile(fragment).matches(compared(Substring(link.fragment)), steps: &steps)
        else { return false }
        switch query {
        case .pattern(let pattern):
            return compile(pattern).matches(compared(Substring(link.query)), steps: &steps)
        case .items(let patterns):
            let items = link.queryItems.map { (name: compared($0.name), value: compared($0.value)) }
            for (name, pattern) in patterns {
                let matcher = compile(pattern)
                let wanted = caseSensitive ? name : Self.folded(name)
                let values = items.filter { (caseSensitive ? $0.name : Self.folded($0.name)) == wanted }.map(
                    \.value)
                // A missing item counts as present and empty; every occurrence of one must match.
                for value in values.isEmpty ? [""] : values where !matcher.matches(value, steps: &steps) {
                    return false
                }
            }
            return true
        }
    }

    /// The path rules: a trailing run of slashes counts in neither the pattern nor the link, a
    /// pattern's leading slash is optional and repeated ones collapse, and a pattern ending in
    /// `/*` also matches the path without that last segment.
    private static func matchesPath(
        _ pattern: String, _ path: String, compile: (String) -> WildcardPattern, steps: inout Int
    ) -> Bool {
        let pattern = normalizedPattern(pattern)
        let path = withoutTrailingSlashes(path)
        if compile(pattern).matches(path, steps: &steps) { return true }
        guard pattern.hasSuffix("/*") else { return false }
        return compile(withoutTrailingSlashes(String(pattern.dropLast(2)))).matches(path, steps: &steps)
    }

    /// `abc`, `/abc` and `//abc` as `/abc`; `/buy/` as `/buy`. A pattern that starts with a
    /// wildcard or a variable is left as written: it may match the leading slash itself.
    static func normalizedPattern(_ pattern: String) -> String {
        var text = pattern
        if let first = text.first, first != "*", first != "?", first != "$" {
            text = "/" + text.drop { $0 == "/" }
        }
        return withoutTrailingSlashes(text)
    }

    /// `text` without its trailing run of slashes, but `/` stays `/`.
    static func withoutTrailingSlashes(_ text: String) -> String {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)] == "/" { end = text.index(before: end) }
        return end == text.startIndex ? (text.isEmpty ? text : "/") : String(text[..<end])
    }

    private static func folded(_ text: String) -> String {
        String(String.UnicodeScalarView(text.unicodeScalars.map(WildcardPattern.folded)))
    }
}
