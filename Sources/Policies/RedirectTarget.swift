/// The strict checker behind ``SafeRedirectPolicy``: a small grammar over ASCII bytes, with no
/// lenient URL parser in between whose quirks an attacker could use.
struct RedirectTarget: Sendable {
    /// Schemes that run code or read local data; never a redirect target.
    static let refusedSchemes: Set<String> = ["javascript", "data", "vbscript", "file", "blob", "about"]

    let schemes: Set<String>
    let hosts: Set<String>
    let allowsRelative: Bool

    init(schemes: Set<String>, hosts: Set<String>, allowsRelative: Bool) {
        self.schemes = Set(schemes.map(Self.lowercased))
        self.hosts = Set(hosts.map(Self.lowercased))
        self.allowsRelative = allowsRelative
    }

    func accepts(_ url: String) -> Bool {
        let bytes = Array(url.utf8)
        // Printable ASCII only: no spaces, controls, DEL, non-ASCII look-alikes; no backslashes.
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "\\") }) else {
            return false
        }
        if bytes[0] == UInt8(ascii: "/") {
            return allowsRelative && acceptsRelative(bytes)
        }
        return acceptsAbsolute(bytes)
    }

    private func acceptsRelative(_ bytes: [UInt8]) -> Bool {
        guard bytes.count > 1 else { return true }
        if bytes[1] == UInt8(ascii: "/") { return false }  // "//host": protocol-relative
        if bytes.count >= 4 && bytes[1] == UInt8(ascii: "%") {
            // "/%2F…" or "/%5C…" turns into "//…" or "/\…" if anything decodes it again.
            let code = Self.lowercased(String(decoding: bytes[2...3], as: UTF8.self))
            if code == "2f" || code == "5c" { return false }
        }
        return true
    }

    private func acceptsAbsolute(_ bytes: [UInt8]) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return false }
        let schemeBytes = bytes[..<colon]
        guard Self.isAlpha(schemeBytes.first!),
            schemeBytes.allSatisfy({
                Self.isAlpha($0) || Self.isDigit($0) || $0 == 0x2B || $0 == 0x2D || $0 == 0x2E
            })
        else { return false }  // also refuses "a/b:c" and "?x:y", which are relative references
        let scheme = Self.lowercased(String(decoding: schemeBytes, as: UTF8.self))
        guard schemes.contains(scheme), !Self.refusedSchemes.contains(scheme) else { return false }

        let rest = bytes[(colon + 1)...]
        guard rest.starts(with: "//".utf8) else { return false }  // "https:evil.com", "https:/evil.com"
        let authorityStart = rest.startIndex + 2
        let authorityEnd =
            bytes[authorityStart...].firstIndex {
                $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#")
            }
            ?? bytes.endIndex
        return acceptsAuthority(bytes[authorityStart..<authorityEnd])
    }

    private func acceptsAuthority(_ authority: ArraySlice<UInt8>) -> Bool {
        var host = authority
        if let colon = authority.lastIndex(of: UInt8(ascii: ":")) {
            let port = authority[(colon + 1)...]
            guard (1...5).contains(port.count), port.allSatisfy(Self.isDigit) else { return false }
            host = authority[..<colon]
        }
        // Letters, digits, '.', '-' only: no '@' (user-info), '[' (IP literals), '%', ':' …
        guard host.allSatisfy({ Self.isAlpha($0) || Self.isDigit($0) || $0 == 0x2E || $0 == 0x2D }) else {
            return false
        }
        return hosts.contains(Self.lowercased(String(decoding: host, as: UTF8.self)))
    }

    private static func isAlpha(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

    static func lowercased(_ text: String) -> String {
        String(decoding: text.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
    }
}
