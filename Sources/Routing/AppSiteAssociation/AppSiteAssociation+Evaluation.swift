extension AppSiteAssociation {
    /// What iOS would do with a link, and which component decided.
    package enum Verdict: Equatable, Sendable {
        /// Component `component` of entry `detail` opens the link in the app.
        case opened(detail: Int, component: Int)
        /// Component `component` of entry `detail` excludes the link: it stays in the browser.
        case excluded(detail: Int, component: Int)
        /// No component matches: the link stays in the browser.
        case unmatched
        /// The link is not one this file can open (another scheme or host).
        case notUniversal(String)
    }

    /// Evaluates `url` as iOS does: each entry's components in order, the first that matches
    /// deciding. Entries are independent (they name different apps), so the first entry that
    /// opens the link gives the verdict, else the first that excludes it.
    package func verdict(for url: String) -> Verdict {
        let link: LinkParts
        switch LinkParts.parse(url) {
        case .link(let parts): link = parts
        case .refused(let reason): return .notUniversal(reason)
        }
        if let linkHost = link.host, let host, linkHost.lowercased() != host.lowercased() {
            return .notUniversal("the file is for \(host), not \(linkHost)")
        }
        var exclusion: Verdict?
        for (detailIndex, detail) in applinks.details.enumerated() {
            for (componentIndex, component) in detail.components.enumerated() {
                let caseSensitive = setting(component.caseSensitive, \.caseSensitive, in: detail)
                let percentEncoded = setting(component.percentEncoded, \.percentEncoded, in: detail)
                guard component.matches(link, caseSensitive: caseSensitive, percentEncoded: percentEncoded)
                else {
                    continue
                }
                if component.exclude == true {
                    if exclusion == nil {
                        exclusion = .excluded(detail: detailIndex, component: componentIndex)
                    }
                } else {
                    return .opened(detail: detailIndex, component: componentIndex)
                }
                break
            }
        }
        return exclusion ?? .unmatched
    }

    /// A component's own value, else its entry's default, else the file's, else Apple's (`true`).
    private func setting(_ own: Bool?, _ key: KeyPath<Defaults, Bool?>, in detail: Detail) -> Bool {
        own ?? detail.defaults?[keyPath: key] ?? applinks.defaults?[keyPath: key] ?? true
    }
}

extension AppSiteAssociation {
    /// The verdict for `url` in words, naming the component that decides: for `explain` and
    /// the command-line tool.
    package func explanation(of url: String) -> String {
        switch verdict(for: url) {
        case .opened(let detail, let component):
            "iOS opens this link in the app (\(describe(detail, component)))"
        case .excluded(let detail, let component):
            "iOS keeps this link in the browser: \(describe(detail, component)) excludes it"
        case .unmatched:
            "iOS keeps this link in the browser: no component matches it"
        case .notUniversal(let reason):
            "not a universal link: \(reason)"
        }
    }

    private func describe(_ detail: Int, _ index: Int) -> String {
        let component = applinks.details[detail].components[index]
        let entry = applinks.details.count > 1 ? " of entry \(detail + 1)" : ""
        let comment = component.comment.map { " (\($0))" } ?? ""
        return "component \(index + 1)\(entry): \(component.path ?? "*")\(comment)"
    }
}

extension AppSiteAssociation.Component {
    /// Whether every part this component gives matches `link`.
    fileprivate func matches(_ link: LinkParts, caseSensitive: Bool, percentEncoded: Bool) -> Bool {
        func form(_ text: String) -> String {
            percentEncoded ? text : PercentEncoding.decode(Substring(text))
        }
        func match(_ pattern: String?, _ text: String) -> Bool {
            guard let pattern else { return true }
            return WildcardPattern.matches(pattern, form(text), caseSensitive: caseSensitive)
        }
        guard match(path, link.path), match(fragment, link.fragment ?? "") else { return false }
        switch query {
        case nil:
            return true
        case .pattern(let pattern):
            return match(pattern, link.query ?? "")
        case .items(let patterns):
            let items = link.queryItems.map { (name: form($0.name), value: $0.value) }
            return patterns.allSatisfy { name, pattern in
                items.contains { item in
                    (caseSensitive ? item.name == name : item.name.lowercased() == name.lowercased())
                        && match(pattern, item.value)
                }
            }
        }
    }
}

/// A link cut into the parts a component matches, as received (still percent-encoded).
private struct LinkParts {
    var host: String?
    var path: String
    var query: String?
    var fragment: String?
    /// The query's items, split on `&` and the first `=` once per link, not once per component;
    /// an item without `=` has the value "".
    var queryItems: [(name: String, value: String)] = []

    enum Parsed {
        case link(LinkParts)
        case refused(String)
    }

    /// Cuts an `http(s)` URL or a path (`/p?q#f`), or says why it is neither.
    static func parse(_ url: String) -> Parsed {
        var rest = Substring(url)
        var parts = LinkParts(path: "")
        if let hash = rest.firstIndex(of: "#") {
            parts.fragment = String(rest[rest.index(after: hash)...])
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: "?") {
            parts.query = String(rest[rest.index(after: question)...])
            rest = rest[..<question]
        }
        if !rest.hasPrefix("/") {
            guard let colon = rest.firstIndex(of: ":") else {
                return .refused("neither a web link nor a path")
            }
            let scheme = rest[..<colon]
            guard SchemeName.isWeb(scheme.utf8) else {
                return .refused("a \(scheme.lowercased()): link is never a universal link, which is http(s)")
            }
            rest = rest[rest.index(after: colon)...]
            guard rest.hasPrefix("//") else { return .refused("a web link has a host") }
            rest = rest.dropFirst(2)
            let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
            var authority = rest[..<authorityEnd]
            if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
            if let portColon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") {
                authority = authority[..<portColon]
            }
            parts.host = String(authority)
            rest = rest[authorityEnd...]
        }
        parts.queryItems = (parts.query ?? "").split(separator: "&").map { item in
            guard let equals = item.firstIndex(of: "=") else { return (String(item), "") }
            return (String(item[..<equals]), String(item[item.index(after: equals)...]))
        }
        // A web link's path is never empty: `https://example.com` is `https://example.com/`.
        parts.path = rest.isEmpty ? "/" : String(rest)
        return .link(parts)
    }
}
