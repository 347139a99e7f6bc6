import Foundation

/// A second reading of Apple's `applinks` components, written from Apple's documentation and the
/// path and query rules observed on `swcutil` (trailing slashes do not count, a leading slash is
/// optional, `/*` also matches the path without its last segment, a missing query item reads as
/// empty and every occurrence of one must match), sharing no code with `AppSiteAssociation`: it
/// reads the JSON with `JSONSerialization`, cuts URLs with `URLComponents`, and turns each pattern
/// into an `NSRegularExpression` (`*` → `.*`, `?` → `.`). The generator and `verdict` could agree
/// on a wrong format; this matcher, applied to the bytes the generator writes, cannot share their
/// mistake. It knows no substitution variables.
struct AppleDocumentedMatcher {
    private let details: [[String: Any]]
    private let defaults: [String: Any]

    /// Reads a file's bytes; `nil` when they are not an `applinks` file.
    init?(json: Data) {
        guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let applinks = root["applinks"] as? [String: Any],
            let details = applinks["details"] as? [[String: Any]]
        else { return nil }
        self.details = details
        self.defaults = applinks["defaults"] as? [String: Any] ?? [:]
    }

    /// Every string the file holds, keys and values, for checks on what it publishes.
    static func strings(in json: Data) -> [String] {
        func walk(_ value: Any) -> [String] {
            switch value {
            case let string as String: [string]
            case let array as [Any]: array.flatMap(walk)
            case let dictionary as [String: Any]: dictionary.flatMap { [$0.key] + walk($0.value) }
            default: []
            }
        }
        return (try? JSONSerialization.jsonObject(with: json)).map(walk) ?? []
    }

    /// Whether the file opens an `https` URL (its host is not checked) in one of its apps.
    func opens(_ url: String) -> Bool {
        guard let link = URLComponents(string: url), link.scheme == "https" else { return false }
        for detail in details {
            let detailDefaults = detail["defaults"] as? [String: Any] ?? [:]
            for component in detail["components"] as? [[String: Any]] ?? [] {
                func flag(_ key: String) -> Bool {
                    component[key] as? Bool ?? detailDefaults[key] as? Bool ?? defaults[key] as? Bool ?? true
                }
                if matches(
                    component, link, caseSensitive: flag("caseSensitive"), encoded: flag("percentEncoded"))
                {
                    if component["exclude"] as? Bool == true { break }
                    return true
                }
            }
        }
        return false
    }

    private func matches(
        _ component: [String: Any], _ link: URLComponents, caseSensitive: Bool, encoded: Bool
    )
        -> Bool
    {
        func test(_ pattern: Any?, _ text: String?) -> Bool {
            guard let pattern else { return true }  // a missing key is "*"
            guard let pattern = pattern as? String else { return false }
            return Self.regex(pattern, caseSensitive: caseSensitive).firstMatch(
                in: text ?? "", range: NSRange((text ?? "").startIndex..., in: text ?? "")) != nil
        }
        func trimmed(_ text: String) -> String {
            var text = text
            while text.count > 1 && text.hasSuffix("/") { text.removeLast() }
            return text
        }
        let path = trimmed(encoded ? link.percentEncodedPath : link.path)
        let fragment = encoded ? link.percentEncodedFragment : link.fragment
        var pathPatterns: [String]? = nil
        if let pattern = component["/"] as? String {
            var written = pattern
            if let first = written.first, !"*?".contains(first) {
                written = "/" + written.drop { $0 == "/" }
            }
            written = trimmed(written)
            pathPatterns = [written] + (written.hasSuffix("/*") ? [trimmed(String(written.dropLast(2)))] : [])
        }
        let pathMatches = pathPatterns.map { $0.contains { test($0, path.isEmpty ? "/" : path) } } ?? true
        guard pathMatches, test(component["#"], fragment ?? "") else {
            return false
        }
        switch component["?"] {
        case nil:
            return true
        case let items as [String: String]:
            let queryItems = (encoded ? link.percentEncodedQueryItems : link.queryItems) ?? []
            return items.allSatisfy { name, pattern in
                let values = queryItems.filter { item in
                    caseSensitive ? item.name == name : item.name.lowercased() == name.lowercased()
                }.map { $0.value ?? "" }
                return (values.isEmpty ? [""] : values).allSatisfy { test(pattern, $0) }
            }
        case let pattern:
            return test(pattern, (encoded ? link.percentEncodedQuery : link.query) ?? "")
        }
    }

    private static func regex(_ pattern: String, caseSensitive: Bool) -> NSRegularExpression {
        var expression = "^"
        for character in pattern {
            switch character {
            case "*": expression += ".*"
            case "?": expression += "."
            default: expression += NSRegularExpression.escapedPattern(for: String(character))
            }
        }
        expression += "$"
        let options: NSRegularExpression.Options =
            caseSensitive ? [.dotMatchesLineSeparators] : [.dotMatchesLineSeparators, .caseInsensitive]
        // Escaped text and `.`/`.*` always compile.
        return try! NSRegularExpression(pattern: expression, options: options)
    }
}
