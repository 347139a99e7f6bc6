/// The strict checker behind ``SafeRedirectPolicy``: a small grammar over ASCII bytes, with no
/// lenient URL parser in between whose quirks an attacker could use.
struct RedirectTarget: Sendable {
    let schemes: Set<String>
    let hosts: Set<String>
    let allowsRelative: Bool

    init(schemes: Set<String>, hosts: Set<String>, allowsRelative: Bool) {
        self.schemes = Set(schemes.map(ASCIICaseFolding.lowercased))
        self.hosts = Set(hosts.map(ASCIICaseFolding.lowercased))
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
            let code = ASCIICaseFolding.lowercased(String(decoding: bytes[2...3], as: UTF8.self))
            if code == "2f" || code == "5c" { return false }
        }
        return true
    }

    private func acceptsAbsolute(_ bytes: [UInt8]) -> Bool {
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 0 else { return false }
        let schemeBytes = bytes[..<colon]
        // Also refuses "a/b:c" and "?x:y", which are relative references.
        guard SchemeName.isValid(schemeBytes) else { return false }
        let scheme = ASCIICaseFolding.lowercased(String(decoding: schemeBytes, as: UTF8.self))
        // Schemes that run code or read local data: never a target, as they are never routed.
        guard schemes.contains(scheme), !URLParser.refusedSchemes.contains(scheme) else { return false }

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
        let isHostByte = { (byte: UInt8) in
            ASCIICaseFolding.isLetter(byte) || Self.isDigit(byte) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "-")
        }
        guard host.allSatisfy(isHostByte) else { return false }
        return hosts.contains(ASCIICaseFolding.lowercased(String(decoding: host, as: UTF8.self)))
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte &- UInt8(ascii: "0") < 10 }
}
