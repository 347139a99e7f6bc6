import Synchronization

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
    /// Public routes whose success answer lets the next candidate run.
    static let continuing: Set<String> = [
        "user", "profile", "userGlob", "photos", "sectionItem", "four", "root",
    ]

    /// Routes beyond ``FuzzTable``, each the head of a `continueNext` chain of one shape with a
    /// table route: a private head before a public route, a public head before a public route
    /// and a public head before a private route.
    static let chainHeads: [(pattern: String, name: String, isPublic: Bool)] = [
        ("/go", "goAudit", false), ("/:section/new", "sectionNewFirst", true),
        ("/deep/*more", "deepFirst", true),
    ]

    static let routeNames = FuzzTable.entries.map(\.name) + chainHeads.map(\.name)

    /// Parents for stacks, public and private: `ints` sits beneath the private `alphaInts`, which
    /// sits beneath `root`, so an external stack of `ints` leaves the middle out; `editUser`'s
    /// unconstrained `id` may be a value its parent `user`'s `(int)` refuses, so that ancestor's
    /// URL cannot be built.
    static let parents: [String: String] = [
        "newUser": "root", "user": "root", "editUser": "user", "profile": "newUser", "file": "root",
        "adminPanel": "admin", "sectionNew": "root", "sectionItem": "sectionNew", "four": "root",
        "alphaInts": "root", "ints": "alphaInts", "photos": "feed", "deep": "go",
    ]

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
        _ pattern: String, name: String, isPublic: Bool, priority: Int, continueNext: Bool,
        constraints: [String: Constraint]
    ) -> Route {
        Route(
            pattern, name: name, isPublic: isPublic, parent: parents[name],
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

let accessRouter = try! Router(
    rewrites: [Rewrite("/old-admin/:panel", to: "/admin/:panel"), Rewrite("/me", to: "/users/7/edit")],
    middlewares: [
        Middleware("router") { request in
            notePrivateStage(request)
            PrivateRoutes.expectData(request, [], in: .routerMiddleware)
            if Decline.declines(.routerMiddleware, request) { throw RouteDeclined() }
            return request.adding(["router": request.route?.name ?? "none"])
        }
    ],
    policies: [
        Policy("router") { request in
            notePrivateStage(request)
            PrivateRoutes.expectData(request, ["router", "route"], in: .routerPolicy)
            return Decline.declines(.routerPolicy, request) ? .declined : .verified
        }
    ],
    routes: FuzzTable.entries.map { entry in
        PrivateRoutes.route(
            entry.pattern, name: entry.name, isPublic: entry.isPublic, priority: entry.priority,
            continueNext: PrivateRoutes.continuing.contains(entry.name),
            constraints: FuzzTable.constraints(of: entry))
    }
        + PrivateRoutes.chainHeads.map { head in
            PrivateRoutes.route(
                head.pattern, name: head.name, isPublic: head.isPublic, priority: 1, continueNext: true,
                constraints: [:])
        },
    configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"], notFound: notFoundController))

/// One fuzzer input (see ``FuzzEntry``); a finding ends the process.
func fuzzPrivateRoutes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    var url = input.url()
    if input.pick(8) == 0 {
        url = input.pick([
            "/old-admin/x", "/me", "/go?to=/admin", "/go?to=/me", "/go?to=/deep/a%3Fdecline%3Dctl.deepFirst",
            "/go?to=/users/new%3Fdecline%3Dctl", "/go?to=/deep/a/b%3Fdecline%3Drmw",
        ])
    }
    // Three apps the OS names (or not), and a link tapped in content, which reaches what they do.
    let source = input.pick([
        Source.external(sourceApplication: nil), .external(sourceApplication: "com.apple.mobilesafari"),
        .external(sourceApplication: "com.example.mail"), .content,
    ])
    // Read last: an input that ends before them sends its URL without decline items.
    url = appendingQuery(
        url, (0..<input.pick(4)).map { _ in input.declineItem(routeNames: PrivateRoutes.routeNames) })
    check(url, source)
    return 0
}

private func check(_ url: String, _ source: Source) {
    let (response, answers, stack) = blocking {
        guard case .external(let sourceApplication) = source else {
            return (
                await Connection.send(contentLink: url, router: accessRouter),
                await Connection.sendAll(contentLink: url, router: accessRouter),
                await Connection.sendStack(contentLink: url, router: accessRouter)
            )
        }
        return (
            await Connection.send(
                fromPublicURL: url, sourceApplication: sourceApplication, router: accessRouter),
            await Connection.sendAll(
                fromPublicURL: url, sourceApplication: sourceApplication, router: accessRouter),
            await Connection.sendStack(
                fromPublicURL: url, sourceApplication: sourceApplication, router: accessRouter)
        )
    }
    let description = "\(url) from \(source)"
    checkStack(stack, response, description)
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
    let matched = accessRouter.match(url, source: source)
    if matched?.route.isPublic == false {
        finding("match(source: .external) returned a private route", description)
    }
    let candidates = accessRouter.candidates(url, source: source)
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
    checkChain(url, source, candidates, answers, description)

    // Private routes do not exist for an external request: a URL that reaches one in-app gets
    // what the public routes give it, so exactly the not-found response when none matches it
    // (when a public one does, `invisible-routes` checks the answer).
    var tracer = SilentTracer()
    guard case .matched(let match, _) = accessRouter.storage.resolve(url, source: .app, tracer: &tracer),
        !match.route.isPublic,
        case .unmatched(let resolved) = accessRouter.storage.resolve(url, source: source, tracer: &tracer)
    else { return }
    let declines = plainQueryItems(url).filter { $0.name == "decline" }.map(\.value)
    if let problem = notFoundProblem(response, path: resolved.path, declines: declines) {
        finding("private \(match.route.pattern): \(problem)", description)
    }
}

/// Why `response` is not exactly the not-found answer for `path`, or `nil`.
private func notFoundProblem(_ response: Response, path: String, declines: [String]) -> String? {
    // A declining not-found controller answers as a thrown `RouteDeclined`: 404, no data outside.
    let expected: [String: String] =
        Decline.declines(.notFound, route: nil, values: declines)
        ? [:] : ["path": path, "route": "none", "params": "0"]
    let actual = response.data.mapValues { "\($0)" }
    guard response.status == .notFound, actual == expected, response.location == nil,
        response.request.route == nil, response.request.params.isEmpty, response.request.path == path
    else {
        return
            "\(response.status) \(actual) \(String(describing: response.location)), expected the not-found "
            + "answer \(expected)"
    }
    return nil
}

/// The answers of the first hop, against the dry run: the candidates in order, minus those whose
/// stages decline by the rule, up to the first that has no `continueNext`; only the not-found
/// answer when every candidate declines. Skipped when the chain ends in a redirect (the next
/// hop's answers replace it) or the parser refuses the URL (one error answer).
private func checkChain(
    _ url: String, _ source: Source, _ candidates: [RouteMatch], _ answers: [Response], _ description: String
) {
    var tracer = SilentTracer()
    let resolved: ResolvedURL
    switch accessRouter.storage.resolve(url, source: source, tracer: &tracer) {
    case .rejected(let rejection):
        if !candidates.isEmpty { finding("a refused URL has candidates", description) }
        if answers.count != 1 || answers[0].status != rejection.status || answers[0].request.route != nil {
            finding("a refused URL (\(rejection.status)) got \(answers.count) answers", description)
        }
        return
    case .unmatched(let unmatched): resolved = unmatched
    case .matched(_, let matched): resolved = matched
    }
    let items = plainQueryItems(url)
    let declines = items.filter { $0.name == "decline" }.map(\.value)
    let routeStages = Decline.Stage.allCases.filter { $0 != .notFound }
    var expected: [String] = []
    for candidate in candidates {
        let name = candidate.route.name ?? "-"
        if routeStages.contains(where: { Decline.declines($0, route: name, values: declines) }) {
            continue
        }
        // `/go?to=…` redirects: the next hop's answers replace its 303.
        if name == "go", items.contains(where: { $0.name == "to" }) { return }
        expected.append(name)
        if !candidate.route.continueNext { break }
    }
    let actual = answers.map { answer in
        "\(answer.status.code) \(answer.request.route?.name ?? "no route") "
            + "\(answer.data.mapValues { "\($0)" }.sorted { $0.key < $1.key })"
    }
    let mismatch = { (why: String) -> Never in
        finding(
            "\(why): sendAll answered \(actual); candidates \(candidates.map { $0.route.name ?? "-" }), "
                + "declines \(declines), expected answers from \(expected.isEmpty ? ["not found"] : expected)",
            description)
    }
    if expected.isEmpty {
        if answers.count != 1 { mismatch("every candidate declines, so only the not-found answer") }
        if let problem = notFoundProblem(answers[0], path: resolved.path, declines: declines) {
            mismatch(problem)
        }
        return
    }
    if answers.count != expected.count { mismatch("answer count") }
    for (answer, name) in zip(answers, expected) {
        guard answer.status == .ok, answer.request.route?.name == name,
            answer.data.mapValues({ "\($0)" }) == ["route": name], answer.location == nil
        else { mismatch("answer of \(name)") }
    }
}
