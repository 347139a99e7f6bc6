extension AppSiteAssociation {
    /// What iOS does with a link, and which rule decided.
    ///
    /// `detail` is the index in `applinks.details` (for the dictionary form, in sorted key order);
    /// `component` the index in that entry's `components`, or in its legacy `paths`.
    public enum Verdict: Equatable, Sendable {
        /// This rule opens the link in the app.
        case opens(detail: Int, component: Int)
        /// This rule keeps the link in the browser.
        case excluded(detail: Int, component: Int)
        /// No rule of a listed entry matches: the link stays in the browser.
        case notMatched
    }

    /// What iOS does with `url`, by the rules it applies (observed on Apple's `swcutil`).
    ///
    /// With an `appID`, only entries naming it count, in order, their rules in order; the first
    /// rule whose every part matches decides. With `nil`, each app of the file is judged so, and
    /// the verdict is the first `.opens` in entry order, else the first `.excluded`.
    ///
    /// ```swift
    /// file.verdict(for: "https://mail.example.com/messages/7", appID: "ABCDE12345.com.example.mail")
    /// // .opens(detail: 0, component: 3)
    /// ```
    ///
    /// - Parameters:
    ///   - url: An `https` URL, which must name ``host`` when the file has one, or a path with an
    ///     optional query and fragment (`/messages/7?tab=all`). Any other link is `.notMatched`.
    ///   - appID: One app, as `TEAMID.bundle.identifier`, or `nil` for any app of the file.
    /// - Returns: The rule that decides, or `.notMatched`.
    public func verdict(for url: String, appID: String? = nil) -> Verdict {
        var steps = 0
        return verdict(for: url, appID: appID, steps: &steps)
    }

    /// Whether iOS opens `url` in an app of this file (one app, given `appID`): ``verdict(for:appID:)``
    /// is `.opens`.
    public func matches(_ url: String, appID: String? = nil) -> Bool {
        if case .opens = verdict(for: url, appID: appID) { return true }
        return false
    }

    /// ``verdict(for:appID:)``, counting the pattern automata's work: what a test bounds.
    func verdict(for url: String, appID: String?, steps: inout Int) -> Verdict {
        guard case .success(let link) = UniversalLinkParts.parse(url), isForHost(of: link) else {
            return .notMatched
        }
        if let appID {
            return verdict(
                link,
                entries: applinks.details.indices.filter { applinks.details[$0].appIDs.contains(appID) },
                steps: &steps)
        }
        // Each app alone; an entry naming no app is judged alone too.
        var groups: [[Int]] = []
        var apps: [String] = []
        for (index, detail) in applinks.details.enumerated() {
            if detail.appIDs.isEmpty { groups.append([index]) }
            for app in detail.appIDs where !apps.contains(app) { apps.append(app) }
        }
        groups += apps.map { app in
            applinks.details.indices.filter { applinks.details[$0].appIDs.contains(app) }
        }
        var opens: (detail: Int, component: Int)?
        var excluded: (detail: Int, component: Int)?
        for group in groups {
            switch verdict(link, entries: group, steps: &steps) {
            case .opens(let detail, let component):
                if opens.map({ ($0.detail, $0.component) > (detail, component) }) ?? true {
                    opens = (detail, component)
                }
            case .excluded(let detail, let component):
                if excluded.map({ ($0.detail, $0.component) > (detail, component) }) ?? true {
                    excluded = (detail, component)
                }
            case .notMatched: break
            }
        }
        if let opens { return .opens(detail: opens.detail, component: opens.component) }
        if let excluded { return .excluded(detail: excluded.detail, component: excluded.component) }
        return .notMatched
    }

    /// The first rule of `entries`, in order, that matches `link`.
    private func verdict(_ link: UniversalLinkParts, entries: [Int], steps: inout Int) -> Verdict {
        let variables = applinks.substitutionVariables ?? [:]
        for index in entries {
            for (position, rule) in rules(of: applinks.details[index]).enumerated()
            where rule.matches(link, variables: variables, steps: &steps) {
                return rule.exclude
                    ? .excluded(detail: index, component: position)
                    : .opens(detail: index, component: position)
            }
        }
        return .notMatched
    }

    /// The rules iOS evaluates for `detail`: its components, else its legacy paths.
    func rules(of detail: Detail) -> [AppSiteRule] {
        if detail.usesLegacyPaths { return (detail.paths ?? []).map(AppSiteRule.init(legacyPath:)) }
        return detail.components.map { AppSiteRule($0, entry: detail.defaults, file: applinks.defaults) }
    }

    /// Whether an `https` link names the file's host (a path, or a file without one or with an
    /// empty one, always does).
    fileprivate func isForHost(of link: UniversalLinkParts) -> Bool {
        guard let linkHost = link.host, let host, !host.isEmpty else { return true }
        return linkHost == ASCIICaseFolding.lowercased(host)
    }
}

extension AppSiteAssociation {
    /// The verdict for `url` in words, naming the rule that decides and its comment: for
    /// `explain` and the command line.
    package func explanation(of url: String, appID: String? = nil) -> String {
        switch UniversalLinkParts.parse(url) {
        case .failure(let refusal): return "not matched: not a universal link: \(refusal.description)"
        case .success(let link):
            if !isForHost(of: link), let linkHost = link.host, let host {
                return "not matched: the file is for \(host), not \(linkHost)"
            }
        }
        switch verdict(for: url, appID: appID) {
        case .opens(let detail, let component):
            return "opens: iOS opens this link in the app (\(describe(detail, component)))"
        case .excluded(let detail, let component):
            return "excluded: iOS keeps this link in the browser: \(describe(detail, component)) excludes it"
        case .notMatched:
            return "not matched: iOS keeps this link in the browser: no rule matches it"
        }
    }

    private func describe(_ detail: Int, _ index: Int) -> String {
        let entry = applinks.details[detail]
        let place = applinks.details.count > 1 ? " of entry \(detail + 1)" : ""
        if entry.usesLegacyPaths {
            return "path \(index + 1)\(place): \(entry.paths?[index] ?? "?")"
        }
        let component = entry.components[index]
        let comment = component.comment.map { " (\($0))" } ?? ""
        return "component \(index + 1)\(place): \(component.path ?? "*")\(comment)"
    }
}
