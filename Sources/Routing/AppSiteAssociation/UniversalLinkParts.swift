/// A link cut into the parts an `apple-app-site-association` rule matches, as written (still
/// percent-encoded): an `https` URL, or a path with an optional query and fragment.
struct UniversalLinkParts: Sendable {
    /// The host, lowercased, for an `https` URL; `nil` for a path.
    var host: String?
    /// Never empty: a URL without a path reads as `/`.
    var path: String
    /// The text after `?`, or `""` when there is none (an absent query reads as empty).
    var query: String
    /// The text after `#`, or `""` when there is none.
    var fragment: String

    /// Why a text is not a link a file can open.
    enum Refusal: Error, Equatable {
        case notALink
        case scheme(String)
        case noHost

        /// In words, for `explain` and the command line.
        var description: String {
            switch self {
            case .notALink: "neither an https link nor a path"
            case .scheme(let scheme): "a \(scheme): link is never a universal link, which is https"
            case .noHost: "an https link has a host"
            }
        }
    }

    /// The parts of `url`, or why it has none.
    static func parse(_ url: String) -> Result<UniversalLinkParts, Refusal> {
        var rest = Substring(url)
        var fragment = ""
        var query = ""
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        var host: String?
        if !rest.hasPrefix("/") {
            guard let colon = rest.firstIndex(of: ":") else { return .failure(.notALink) }
            let scheme = ASCIICaseFolding.lowercased(String(rest[..<colon]))
            // Universal links are https links; an http or custom-scheme link never is one.
            guard scheme == "https" else { return .failure(.scheme(scheme)) }
            rest = rest[rest.index(after: colon)...]
            guard rest.hasPrefix("//") else { return .failure(.noHost) }
            rest = rest.dropFirst(2)
            let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            if let portColon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
                authority = authority[..<portColon]
            }
            guard !authority.isEmpty else { return .failure(.noHost) }
            host = ASCIICaseFolding.lowercased(String(authority))
            rest = rest[authorityEnd...]
        }
        return .success(
            UniversalLinkParts(
                host: host, path: rest.isEmpty ? "/" : String(rest), query: query, fragment: fragment))
    }

    /// The query's items, split on `&` and the first `=`; an item without `=` has the value "".
    /// Empty items (`a=1&&b=2`) are skipped.
    var queryItems: [(name: Substring, value: Substring)] {
        query.split(separator: "&").map { item in
            guard let equals = item.firstIndex(of: "=") else { return (item, "") }
            return (item[..<equals], item[item.index(after: equals)...])
        }
    }
}
