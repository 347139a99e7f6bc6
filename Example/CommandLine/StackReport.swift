import Switchyard

/// `stack`'s output: the navigation stack a link opens, one level a line, root first.
///
/// ```text
/// 200 OK  mailapp://folders/work             folder work: 2 messages
/// 200 OK  mailapp://folders/work/messages/8  message 8: "Quarterly report" from linus
/// ```
///
/// Each level is an answer of ``Switchyard/Connection/sendStack(_:data:router:trusted:)``: its
/// status, the URL it was sent as and what the app shows (``ResultSummary``). An ancestor the
/// dry run (``Switchyard/Router/stack(for:source:)``) names but the real stack does not have gets
/// a `left out` line where it would have been, saying why: the link did not answer with a 2xx,
/// the ancestor is private and the link came from outside, or the ancestor's own route did not
/// answer with a 2xx (a policy refused it, or it declined), which only sending shows.
enum StackReport {
    /// Sends `url` as `source` would with `sendStack`, and describes the stack.
    static func of(_ url: String, from source: Source, router: Router) async -> String {
        let stack = await Connection.sendStack(url, from: source, router: router)
        let link = stack[stack.count - 1]
        let plan = router.stack(for: url, source: source)
        // From outside, the in-app dry run names the private ancestors too, which the external
        // one cannot see; it is the same stack when the link reaches the same route in-app.
        let inApp = source == .app ? plan : router.stack(for: url, source: .app)
        let sameLink = inApp.last.map { label(of: $0.route) } == plan.last.map { label(of: $0.route) }
        let reachable = Set(plan.dropLast().compactMap(\.route.name))
        var kept = stack.dropLast()[...]
        var rows: [[String]] = []
        for planned in (sameLink ? inApp : plan).dropLast() {
            if let index = kept.firstIndex(where: { $0.request.route?.name == planned.route.name }) {
                rows += kept[...index].map(level)
                kept = kept[(index + 1)...]
                continue
            }
            rows.append([
                "left out", label(of: planned.route),
                reason(planned.route, link: link, reachable: reachable, router: router),
            ])
        }
        rows += kept.map(level)
        rows.append(level(link))
        return TextColumns.render(rows)
    }

    /// Why `ancestor`, which the dry run names, is not in the stack of `link`'s answer.
    private static func reason(_ ancestor: Route, link: Response, reachable: Set<String>, router: Router)
        -> String
    {
        guard let name = ancestor.name, reachable.contains(name) else {
            return "private: a link from outside never opens it"
        }
        guard link.status.isSuccess, let answering = link.request.route else {
            return "not sent: the link answered \(link.status), so it opens alone"
        }
        guard ancestors(of: answering, in: router).contains(name) else {
            // A redirect or a forward: the stack is built beneath the route that answered.
            return "not sent: \(label(of: answering)) answered the link, and it is not beneath that route"
        }
        return "sent, but its own route did not answer with a 2xx (a policy refused it, or it declined)"
    }

    /// The names of `route`'s ancestors, its parent first, following `parent:` by name.
    private static func ancestors(of route: Route, in router: Router) -> [String] {
        var names: [String] = []
        var next = route.parent
        while let name = next, !names.contains(name) {
            names.append(name)
            next = router.routes.first { $0.name == name }?.parent
        }
        return names
    }

    /// One level: status, the URL it was sent as, and what the app shows.
    private static func level(_ response: Response) -> [String] {
        [
            response.status.description, response.request.url,
            ResultSummary.of(response, sentURL: response.request.url),
        ]
    }

    /// `/drafts (drafts.index)`: a route as `explain` names it.
    private static func label(of route: Route) -> String {
        route.pattern + (route.name.map { " (\($0))" } ?? "")
    }
}
