import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Fuzz target `private-routes`: an external request whose URL reaches a private route gets
/// exactly the not-found response (status, data, location, no route, no parameters) and nothing
/// of that route runs, through the real pipeline (rewrites, router and route stages, redirects,
/// declines and `continueNext` chains). Every stage declines when the URL's query names it
/// (``Decline``), so the input chooses which candidates run; the answers of
/// `sendAll(fromPublicURL:)` (or, for a quarter of the inputs, `sendAll(contentLink:)`: a link in
/// content reaches what an outside link reaches) are checked against what the dry run
/// (`candidates`) and that rule predict, and hold no private route, no in-app source and no error
/// details. The routes have
/// parents (``PrivateRoutes/parents``), public and private, so `sendStack(fromPublicURL:)` is
/// checked too: no level of an external stack is a private route's answer or runs one of its
/// stages, every ancestor is a 2xx from a route of the link's chain, root first, and the last
/// level is `send`'s answer.
///
/// Links carry hosts too (web, a scheme that carries one, protocol-relative), for routes scoped
/// by exact hosts, hosts with parameters and wildcards (PrivateRoutes+Hosts.swift), under one of
/// the configurations the input picks (empty segments, protocol-relative links, repeated query
/// items). Every answer, match and candidate list equals that of the same router built from the
/// public routes alone; a protocol-relative link from outside is a 400, and one in content
/// answers as its absolute spelling when the router reads such links.
/// `SWITCHYARD_FUZZ_TRACE=1` prints each link, its source and configuration, the answers and the
/// candidates: to see what the inputs of a corpus exercise (`.build-fuzz/bin/private-routes
/// -runs=0 <dir>`).
let privateRoutesTrace = getenv("SWITCHYARD_FUZZ_TRACE") != nil

let externalPrivateRuns = Atomic<Int>(0)

/// Counts a stage of a private route running for an external request: always a finding.
func notePrivateStage(_ request: Request) {
    if request.isExternal, request.route?.isPublic == false { externalPrivateRuns.add(1, ordering: .relaxed) }
}

let notFoundController: Controller = { request in
    PrivateRoutes.expectData(request, [], in: .notFound)
    if Decline.declines(.notFound, request) { throw RouteDeclined() }
    return Response(
        request: request, status: .notFound,
        data: ["path": request.path, "route": request.route?.name ?? "none", "params": request.params.count])
}

enum PrivateRoutes {
    /// Routes whose success answer lets the next candidate run: public ones, and a private one
    /// (`talk`) whose next candidate may be public.
    static let continuing: Set<String> = [
        "user", "profile", "userGlob", "photos", "sectionItem", "four", "root", "mobileArticle", "talk",
        "searchAnon",
    ]

    /// Routes beyond ``FuzzTable``, each the head of a `continueNext` chain of one shape with a
    /// table route: a private head before a public route, a public head before a public route
    /// and a public head before a private route.
    static let chainHeads: [(pattern: String, name: String, isPublic: Bool)] = [
        ("/go", "goAudit", false), ("/:section/new", "sectionNewFirst", true),
        ("/deep/*more", "deepFirst", true),
    ]

    static let routeNames = FuzzTable.entries.map(\.name) + chainHeads.map(\.name) + hostRouteNames

    /// Parents for stacks, public and private: `ints` sits beneath the private `alphaInts`, which
    /// sits beneath `root`, so an external stack of `ints` leaves the middle out; `editUser`'s
    /// unconstrained `id` may be a value its parent `user`'s `(int)` refuses, so that ancestor's
    /// URL cannot be built. Host routes' ancestors take the link's host.
    static let parents: [String: String] = [
        "newUser": "root", "user": "root", "editUser": "user", "profile": "newUser", "file": "root",
        "adminPanel": "admin", "sectionNew": "root", "sectionItem": "sectionNew", "four": "root",
        "alphaInts": "root", "ints": "alphaInts", "photos": "feed", "deep": "go", "article": "hostHome",
        "aWikiPage": "article", "talk": "article", "orgEdit": "orgPage", "ksrManage": "ksrProject",
    ]

    /// The nearest ancestor of `name` among `names`: the router of the public routes alone
    /// gives a route whose parent is private its grandparent, which is what an external stack
    /// of the full router holds.
    static func nearestParent(of name: String, among names: Set<String>) -> String? {
        var next = parents[name]
        while let parent = next, !names.contains(parent) { next = parents[parent] }
        return next
    }

    /// What each stage may see in `Request.data`: each candidate starts from the request as the
    /// router built it (empty data), and only its own middlewares add to it.
    static func expectData(_ request: Request, _ keys: [String], in stage: Decline.Stage) {
        let name = request.route?.name ?? "none"
        let seen = request.data.mapValues { "\($0)" }
        guard seen == Dictionary(uniqueKeysWithValues: keys.map { ($0, name) }) else {
            finding(
                "stage \(stage.rawValue) of \(name) saw data \(seen.sorted { $0.key < $1.key }), "
                    + "expected \(keys) set to its name", request.url)
        }
    }

    static func route(
        _ pattern: String, name: String, isPublic: Bool, parent: String?, schemes: Set<String> = [],
        hosts: Set<String> = [], query: [String: Constraint] = [:], priority: Int, continueNext: Bool,
        constraints: [String: Constraint]
    ) -> Route {
        Route(
            pattern, name: name, isPublic: isPublic, parent: parent, schemes: schemes, hosts: hosts,
            query: query,
            middlewares: [
                Middleware("route") { request in
                    notePrivateStage(request)
                    expectData(request, ["router"], in: .middleware)
                    if Decline.declines(.middleware, request) { throw RouteDeclined() }
                    return request.adding(["route": name])
                }
            ],
            policies: [
                Policy("route") { request in
                    notePrivateStage(request)
                    expectData(request, ["router", "route"], in: .policy)
                    if Decline.declines(.policy, request) { throw RouteDeclined() }
                    return .verified
                }
            ],
            constraints: constraints, priority: priority, continueNext: continueNext
        ) { request in
            notePrivateStage(request)
            expectData(request, ["router", "route"], in: .controller)
            if Decline.declines(.controller, request) { throw RouteDeclined() }
            return try await FuzzTable.controller(name)(request)
        }
    }
}

/// Links that reach redirects, rewrites and chains, or read a host, a repeated query item or
/// an empty segment.
private let specialLinks = [
    "/old-admin/x", "/me", "/go?to=/admin", "/go?to=/me", "/go?to=/deep/a%3Fdecline%3Dctl.deepFirst",
    "/go?to=/users/new%3Fdecline%3Dctl", "/go?to=/deep/a/b%3Fdecline%3Drmw", "/go?to=/admin&to=/users/1",
    "https://a.example.com/go?to=//a.example.com/admin", "//a.example.com/wiki/x",
    "//en.example.org/p/1/edit",
    "ksr://www.example.com/projects/1/x/manage", "https://en.m.example.com/home/fr",
    "https://a.example.com/search?debug=0&debug=1", "/wiki//dev/null", "https://a.example.com/wiki//dev/null",
]

/// One fuzzer input (see ``FuzzEntry``); a finding ends the process.
func fuzzPrivateRoutes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    var url =
        switch input.pick(8) {
        case 0: input.pick(specialLinks)
        case 1, 2, 3: input.hostLink()
        default: input.url()
        }
    // Three apps the OS names (or not), and a link tapped in content, which reaches what they do.
    let source = input.pick([
        Source.external(sourceApplication: nil), .external(sourceApplication: "com.apple.mobilesafari"),
        .external(sourceApplication: "com.example.mail"), .content,
    ])
    url = appendingQuery(
        url, (0..<input.pick(4)).map { _ in input.declineItem(routeNames: PrivateRoutes.routeNames) })
    // Read last: an input that ends before it gets the default configuration.
    check(url, source, PrivateRoutes.routers[input.pick(PrivateRoutes.routers.count)])
    return 0
}

/// What a router answered a link with, from `source` (an outside app or content).
private struct Sent: Sendable {
    var send: Response?
    var all: [Response] = []
    var stack: [Response]?

    /// `sendAll`, and `send` and `sendStack` when asked for.
    init(_ url: String, _ source: Source, _ router: Router, send: Bool, stack: Bool) async {
        guard case .external(let sourceApplication) = source else {
            self.send = send ? await Connection.send(contentLink: url, router: router) : nil
            all = await Connection.sendAll(contentLink: url, router: router)
            self.stack = stack ? await Connection.sendStack(contentLink: url, router: router) : nil
            return
        }
        self.send =
            send
            ? await Connection.send(fromPublicURL: url, sourceApplication: sourceApplication, router: router)
            : nil
        all = await Connection.sendAll(
            fromPublicURL: url, sourceApplication: sourceApplication, router: router)
        self.stack =
            stack
            ? await Connection.sendStack(
                fromPublicURL: url, sourceApplication: sourceApplication, router: router)
            : nil
    }
}

private func check(_ url: String, _ source: Source, _ routers: PrivateRoutes.Routers) {
    let router = routers.full
    // The public routes alone: their `send` is the last of their `sendAll` answers, and their
    // stack that answer alone when the full router's answer has no ancestors (checkStack holds
    // the full router to both), so neither is sent twice.
    let (sent, expected) = blocking {
        let sent = await Sent(url, source, router, send: true, stack: true)
        let ancestors = sent.send?.request.route.map { !router.ancestorNames(of: $0).isEmpty } ?? false
        return (sent, await Sent(url, source, routers.publicOnly, send: false, stack: ancestors))
    }
    let (response, answers, stack) = (sent.send!, sent.all, sent.stack!)
    let description = "\(url) from \(source), \(PrivateRoutes.describe(routers.configuration))"
    checkStack(stack, response, router, description)
    if externalPrivateRuns.load(ordering: .relaxed) != 0 {
        finding("a private route's stage ran", description)
    }
    for (index, answer) in ([response] + answers).enumerated() {
        let which = index == 0 ? "send's answer" : "sendAll's answer \(index - 1)"
        if answer.request.route?.isPublic == false {
            finding("\(which) carries a private route", description)
        }
        if !answer.request.isExternal { finding("\(which) lost its external source", description) }
        if answer.error != nil {
            finding("error details reached an external caller in \(which)", description)
        }
    }
    guard let last = answers.last else { finding("sendAll returned no answer", description) }
    if response.status != last.status || response.request.route?.name != last.request.route?.name
        || response.request.route?.pattern != last.request.route?.pattern
    {
        finding(
            "send answered \(response.status) \(response.request.route?.name ?? "no route"), the last of "
                + "sendAll's answers is \(last.status) \(last.request.route?.name ?? "no route")", description
        )
    }
    let matched = router.match(url, source: source)
    if matched?.route.isPublic == false {
        finding("match(source: .external) returned a private route", description)
    }
    let candidates = router.candidates(url, source: source)
    if let route = candidates.first(where: { !$0.route.isPublic })?.route {
        finding(
            "candidates(source: .external) lists the private route \(route.name ?? route.pattern)",
            description)
    }
    if candidates.first?.route.name != matched?.route.name {
        finding(
            "the first candidate is \(candidates.first?.route.name ?? "none"), match gives "
                + "\(matched?.route.name ?? "none")", description)
    }
    if privateRoutesTrace {
        let sent = answers.map {
            "\($0.status.code) \($0.request.route?.name ?? "-") \($0.request.params.map(\.value))"
        }
        print("\(description) → \(sent), candidates \(candidates.map { $0.route.name ?? "-" })")
    }
    checkChain(url, source, router, candidates, answers, description)
    checkPublicRoutesAlone(
        url, source, routers, (response, answers, stack, matched, candidates), expected, description)
    if url.utf8.starts(with: "//".utf8) {
        checkProtocolRelative(url, source, routers, response, description)
    }

    // Private routes do not exist for an external request: a URL that reaches one in-app gets
    // what the public routes give it, so exactly the not-found response when none matches it
    // (when a public one does, `invisible-routes` checks the answer).
    var tracer = SilentTracer()
    guard case .matched(let match, _) = router.storage.resolve(url, source: .app, tracer: &tracer),
        !match.route.isPublic,
        case .unmatched(let resolved) = router.storage.resolve(url, source: source, tracer: &tracer)
    else { return }
    let declines = plainQueryItems(url).filter { $0.name == "decline" }.map(\.value)
    if let problem = notFoundProblem(response, path: resolved.path, declines: declines) {
        finding("private \(match.route.pattern): \(problem)", description)
    }
}

/// The full router's answers (`send`, `sendAll`, `sendStack`, `match`, `candidates`) equal
/// those of the router of its public routes alone: from outside, private routes do not exist.
private func checkPublicRoutesAlone(
    _ url: String, _ source: Source, _ routers: PrivateRoutes.Routers,
    _ full: (
        send: Response, all: [Response], stack: [Response], match: RouteMatch?, candidates: [RouteMatch]
    ),
    _ expected: Sent, _ description: String
) {
    func differ<Answer>(
        _ what: String, _ actual: [Answer], _ wanted: [Answer], _ same: (Answer, Answer) -> Bool,
        _ show: (Answer) -> String
    ) {
        guard actual.count != wanted.count || !zip(actual, wanted).allSatisfy(same) else { return }
        finding(
            "\(what): \(actual.map(show)); without private routes: \(wanted.map(show))", description)
    }
    let publicOnly = routers.publicOnly
    differ("send", [full.send], Array(expected.all.suffix(1)), same, fingerprint)
    differ("sendAll", full.all, expected.all, same, fingerprint)
    differ("sendStack", full.stack, expected.stack ?? Array(expected.all.suffix(1)), same, fingerprint)
    differ("match", [full.match], [publicOnly.match(url, source: source)], same, fingerprint)
    differ("candidates", full.candidates, publicOnly.candidates(url, source: source), same, fingerprint)
}
