extension Router {
    /// A readable trace of how the router would treat `url` from `source`: the normalized path,
    /// each rewrite, each candidate tried and why it was taken or passed over, the access
    /// decision and the stages that would run, then the other candidates in the order they would
    /// run should a route decline or continue (``candidates(_:source:)``). Nothing runs.
    ///
    /// ```swift
    /// print(router.explain("mailapp://messages/7", source: .external(sourceApplication: nil)))
    /// ```
    public func explain(_ url: String, source: Source = .app) -> String {
        var tracer = RecordingTracer(trie: storage.trie(for: source), routes: storage.routes)
        var lines = ["explain \(url) from \(source)"]
        if source != .app && storage.publicTrie !== storage.trie {
            lines.append("external request: private routes are left out, as if they did not exist")
        }
        let resolution = storage.resolve(url, source: source, tracer: &tracer)
        lines += tracer.lines
        switch resolution {
        case .rejected(let rejection):
            lines.append("refused: \(rejection.status): \(rejection.message)")
        case .unmatched:
            lines.append("no route matches: \(notFoundDescription)")
        case .matched(let match, _):
            let compiled = storage.compiled[match.routeIndex]
            let route = match.route
            lines.append("matched: \(route.pattern)\(route.name.map { " (\($0))" } ?? "")")
            if !match.params.isEmpty {
                lines.append(
                    "parameters: " + match.params.map { "\($0.name)=\($0.value)" }.joined(separator: ", "))
            }
            lines.append(
                "access: allowed (\(route.isPublic ? "public route" : "private route, in-app request"))")
            lines.append("middlewares: " + Self.names(compiled.middlewares.map(\.name)))
            var policies = Self.names(compiled.policies.map(\.name))
            if !route.skipping.isEmpty {
                policies += " (skipping \(route.skipping.sorted().joined(separator: ", ")))"
            }
            lines.append("policies: " + policies)
            lines.append("controller: runs if every policy verifies")
            lines += candidateLines(url, source: source)
        }
        return lines.joined(separator: "\n")
    }

    /// ``explain(_:source:)``, then whether iOS would open `url` in the app at all, given the
    /// domain's `apple-app-site-association` file, and which component decides.
    ///
    /// ```swift
    /// let file = router.appSiteAssociation(appIDs: ["ABCDE12345.com.example.mail"], host: "mail.example.com")
    /// print(router.explain("https://mail.example.com/messages/7", appSiteAssociation: file))
    /// // … apple-app-site-association: iOS opens this link in the app (component 5: /messages/?* (message: …))
    /// ```
    public func explain(_ url: String, source: Source = .app, appSiteAssociation file: AppSiteAssociation)
        -> String
    {
        explain(url, source: source) + "\napple-app-site-association: " + file.explanation(of: url)
    }

    /// The candidates after the winner, when there are any: what runs when a route declines or
    /// continues.
    private func candidateLines(_ url: String, source: Source) -> [String] {
        let candidates = candidates(url, source: source)
        guard candidates.count > 1 else { return [] }
        var lines = ["candidates, in the order they run (the next when one declines, or continues):"]
        for (position, candidate) in candidates.enumerated() {
            let chained = candidate.route.continueNext ? ", continueNext" : ""
            lines.append("  \(position + 1). \(RecordingTracer.describe(candidate.route))\(chained)")
        }
        return lines
    }

    private var notFoundDescription: String {
        configuration.notFound == nil ? "404 Not Found" : "the notFound controller"
    }

    private static func names(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.joined(separator: " → ")
    }
}
