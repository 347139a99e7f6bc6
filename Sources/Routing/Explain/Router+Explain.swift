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
        explanation(url, source: source).text
    }

    /// The trace of ``explain(_:source:)``, and the URL as it prepared it, parsed and rewritten
    /// once, for whatever else a caller asks about the same URL.
    private func explanation(_ url: String, source: Source) -> (text: String, prepared: PreparedURL) {
        var tracer = RecordingTracer(trie: storage.trie(for: source), routes: storage.routes)
        var lines = ["explain \(url) from \(source)"]
        if source != .app && storage.publicTrie !== storage.trie {
            let sender = source == .content ? "link from content" : "external request"
            lines.append("\(sender): private routes are left out, as if they did not exist")
        }
        let prepared = storage.prepare(storage.absolute(url, source: source), tracer: &tracer)
        let resolution = storage.resolve(prepared, source: source, tracer: &tracer)
        lines += tracer.lines
        switch resolution {
        case .rejected(let rejection):
            lines.append("refused: \(rejection.status): \(rejection.message)")
        case .unmatched:
            if let line = tracer.literalsWhereMatchingStopped { lines.append(line) }
            lines.append("no route matches: \(notFoundDescription)")
        case .matched(let match, let resolved):
            let compiled = storage.compiledRoutes[match.routeIndex]
            let route = match.route
            lines.append("matched: \(route.label)")
            lines += givenUpLines(involving: match.routeIndex, publicOnly: source != .app).map {
                "shared expansions: " + $0
            }
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
            lines += stackLines(resolved, route: route, params: match.params, source: source)
            lines += candidateLines(storage.candidates(.routable(resolved), source: source))
        }
        return (lines.joined(separator: "\n"), prepared)
    }

    /// ``explain(_:source:)``, then whether iOS would open `url` in the app at all, given the
    /// domain's `apple-app-site-association` file, and which rule decides.
    ///
    /// iOS hands a universal link to the app as an external request, so the trace is for
    /// `.external(sourceApplication: nil)` unless you give another `source`: a private route
    /// does not exist for it. When the file opens a link that no public route answers, the text
    /// says so, naming the private routes that take it: the app gets a 404 (or its `notFound`
    /// controller's answer).
    ///
    /// ```swift
    /// let file = router.appSiteAssociation(appIDs: ["ABCDE12345.com.example.mail"], host: "mail.example.com")
    /// print(router.explain("https://mail.example.com/messages/7", appSiteAssociation: file))
    /// // … apple-app-site-association: opens: iOS opens this link in the app (component 5: /messages/?* (message: …))
    /// ```
    public func explain(
        _ url: String, source: Source = .external(sourceApplication: nil),
        appSiteAssociation file: AppSiteAssociation
    ) -> String {
        let (trace, prepared) = explanation(url, source: source)
        var text = trace + "\napple-app-site-association: " + file.explanation(of: url)
        if file.matches(url), storage.candidates(prepared, source: .external(sourceApplication: nil)).isEmpty
        {
            // iOS opens the app, but the link arrives from outside and no route answers it there.
            text += "\nbut no public route answers it: the app gets \(notFoundDescription)"
            let privateRoutes = storage.candidates(prepared, source: .app).map {
                RecordingTracer.describe($0.route)
            }
            if !privateRoutes.isEmpty {
                text +=
                    " (only private routes take it, which a universal link never reaches: "
                    + privateRoutes.joined(separator: ", ")
                    + "; mark the route isPublic: true if links should open it)"
            }
        }
        return text
    }

    /// The navigation stack `sendStack` would open beneath the link, when its route has a parent:
    /// each ancestor's URL, and why one is left out.
    private func stackLines(_ url: ResolvedURL, route: Route, params: Parameters, source: Source) -> [String]
    {
        guard route.parent != nil else { return [] }
        let ancestors = ancestorLinks(of: route, params: params, after: url.parsed)
        var lines = ["stack: sendStack puts the answers of these routes beneath this link, root first:"]
        for ancestor in ancestors {
            let reached = match(ancestor.url, source: source)
            let note =
                if reached?.route.name == ancestor.name {
                    "if it answers with a 2xx"
                } else if let other = reached {
                    "left out: \(other.route.label) takes it"
                } else {
                    "left out: no route takes it from \(source)"
                }
            lines.append("  \(ancestor.url) (\(ancestor.name)): \(note)")
        }
        if ancestors.count < ancestorNames(of: route).count {
            lines.append("  (an ancestor whose URL cannot be built from this link's parameters is left out)")
        }
        return lines
    }

    /// The candidates after the winner, when there are any: what runs when a route declines or
    /// continues.
    private func candidateLines(_ candidates: [RouteMatch]) -> [String] {
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
