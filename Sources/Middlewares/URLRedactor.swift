import Foundation

/// Replaces the values of sensitive query items (and `key=value` fragment items), and any
/// user-info, with `REDACTED`, keeping the rest of the URL byte for byte.
struct URLRedactor: Sendable {
    static let placeholder = "REDACTED"
    /// Lowercased keys.
    let keys: Set<String>

    init(keys: Set<String>) {
        self.keys = Set(keys.map { $0.lowercased() })
    }

    func redact(_ url: String) -> String {
        let parts = RawURLParts(url)
        var result = redactUserInfo(String(parts.head))
        if let query = parts.query { result += "?" + redactItems(query) }
        if let fragment = parts.fragment { result += "#" + redactItems(fragment) }
        return result
    }

    private func redactItems(_ items: Substring) -> String {
        RawURLParts.items(of: items).map { item -> String in
            guard let equals = item.firstIndex(of: "=") else { return String(item) }
            let name = RawURLParts.name(of: item).lowercased()
            return keys.contains(name) ? item[..<equals] + "=" + Self.placeholder : String(item)
        }.joined(separator: "&")
    }

    /// `scheme://user:pass@host/…` → `scheme://REDACTED@host/…`.
    private func redactUserInfo(_ head: String) -> String {
        guard let schemeEnd = head.range(of: "://") else { return head }
        let authorityStart = schemeEnd.upperBound
        let authorityEnd = head[authorityStart...].firstIndex(of: "/") ?? head.endIndex
        guard let at = head[authorityStart..<authorityEnd].lastIndex(of: "@") else { return head }
        return String(head[..<authorityStart]) + Self.placeholder + String(head[at...])
    }
}
