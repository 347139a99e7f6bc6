/// Fuzz target `invisible-routes`: private routes are invisible from outside. For an external
/// request, a router answers exactly what the same router without its private routes answers:
/// `match(source: .external)` gives the same route and byte-identical parameters, and
/// `Connection.send(fromPublicURL:)` the same status, route, parameters, path, location and
/// data, `sendAll(fromPublicURL:)` the same answers and `candidates` the same routes. Each input
/// builds a small random table (scoped by scheme and host, with query conditions, priorities,
/// redirects and `continueNext` chains) and a few links to send to it; every stage of both
/// routers declines by the same rule (``Decline``: the link's `decline` query items), so the
/// links choose which candidates run.
enum InvisibleRoutes {
    static let literals = ["users", "admin", "files", "a"]
    /// What a configuration may serve; routes take their hosts from it.
    static let hosts = ["mail.example.com", "*.example.com", "*"]
    /// Bare paths, custom schemes (`mailapp:/` + `/a` puts `a` where the host goes) and web hosts,
    /// served or not.
    static let linkPrefixes = [
        "", "", "mailapp:/", "mailapp://", "MailApp:/", "other:/", "https://mail.example.com",
        "https://MAIL.Example.com", "https://sub.example.com", "https://a.b.example.com",
        "https://example.com", "https://evil.com", "http://[::1]", "https://[::1]:8443",
    ]
    static let linkSegments = [
        "users", "admin", "files", "a", "x", "42", "-7", "abc", "Admin", "%61dmin", "a%2Fb", "USERS",
        "mail.example.com",
    ]
    static let queries = ["", "", "?tab=a", "?tab=b", "?tab", "?tab=a&tab=b", "?to=/admin", "?to=/users/1"]
    static let redirectTargets = [
        "/admin", "/users/1", "mailapp://admin", "https://evil.com/x", "/x?to=/a", "/users/1?decline=ctl",
        "/admin?decline=rpol.r1",
    ]
    /// The route names a table may have, for `decline` items.
    static let routeNames = (0..<8).map { "r\($0)" }

    /// One route of a generated table, kept as data so a finding can print the table.
    struct Spec: CustomStringConvertible {
        let pattern: String
        let name: String
        let isPublic: Bool
        let schemes: Set<String>
        let hosts: Set<String>
        let query: [String: Constraint]
        let priority: Int
        /// Redirects to its `to` query item, when the link has one.
        let redirects: Bool
        let continueNext: Bool

        var description: String {
            var text =
                "Route(\(pattern.debugDescription), name: \(name.debugDescription), isPublic: \(isPublic)"
            if !schemes.isEmpty { text += ", schemes: \(schemes.sorted())" }
            if !hosts.isEmpty { text += ", hosts: \(hosts.sorted())" }
            if let tab = query["tab"] { text += ", query: [\"tab\": .\(tab.name)]" }
            if priority != 0 { text += ", priority: \(priority)" }
            if continueNext { text += ", continueNext: true" }
            return text + (redirects ? "), redirects to its ?to= item" : ")")
        }

        var route: Route {
            let name = name
            let redirects = redirects
            return Route(
                pattern, name: name, isPublic: isPublic, schemes: schemes, hosts: hosts, query: query,
                middlewares: [
                    Middleware("route") { request in
                        if Decline.declines(.middleware, request) { throw RouteDeclined() }
                        return request
                    }
                ],
                policies: [
                    Policy("route") { request in
                        Decline.declines(.policy, request) ? .declined : .verified
                    }
                ],
                priority: priority, continueNext: continueNext
            ) { request in
                if Decline.declines(.controller, request) { throw RouteDeclined() }
                if redirects, let target = request.query["to"] { return .redirect(request, to: target) }
                return Response(request: request, data: ["route": name, "tab": request.query["tab"] ?? "-"])
            }
        }
    }

    /// Routers already built, by the input bytes their table was decoded from: building the two
    /// routers costs more than the sends, and libFuzzer tries many mutations of one input's links.
    /// `nil` for a table the router refuses. libFuzzer calls the target from one thread only.
    nonisolated(unsafe) private static var built: [[UInt8]: (full: Router, publicOnly: Router)?] = [:]

    /// The router of `specs` and the router of its public routes alone, or `nil` when the table
    /// is refused (it conflicts, or scopes a route to what `configuration` does not serve):
    /// nothing to compare then. The public routes alone are never refused: a subset of a table
    /// cannot conflict.
    static func routers(for key: [UInt8], _ specs: [Spec], _ configuration: Router.Configuration)
        -> (full: Router, publicOnly: Router)?
    {
        if let routers = built[key] { return routers }
        if built.count >= 1024 { built.removeAll(keepingCapacity: true) }
        guard
            let full = try? Router(
                middlewares: routerMiddlewares, policies: routerPolicies, routes: specs.map(\.route),
                configuration: configuration)
        else {
            built[key] = .some(nil)
            return nil
        }
        do {
            let publicOnly = try Router(
                middlewares: routerMiddlewares, policies: routerPolicies,
                routes: specs.filter(\.isPublic).map(\.route), configuration: configuration)
            built[key] = (full, publicOnly)
            return (full, publicOnly)
        } catch {
            finding(
                "the public routes alone are refused although the full table is not: \(error)\n  table: "
                    + describe(specs, configuration), "(none: building the routers)")
        }
    }

    /// The router stages of both routers: they decline by the rule too.
    static let routerMiddlewares = [
        Middleware("router") { request in
            if Decline.declines(.routerMiddleware, request) { throw RouteDeclined() }
            return request
        }
    ]
    static let routerPolicies = [
        Policy("router") { request in
            if Decline.declines(.routerPolicy, request) { throw RouteDeclined() }
            return .verified
        }
    ]

    /// Echoes what it was given, so the two routers' not-found answers are compared in full.
    static let notFound: Controller = { request in
        if Decline.declines(.notFound, request) { throw RouteDeclined() }
        return Response(
            request: request, status: .notFound,
            data: [
                "path": request.path, "route": request.route?.name ?? "none",
                "params": "\(request.params.count)",
                "tab": request.query["tab"] ?? "-", "fragment": request.fragment ?? "-",
            ])
    }
}

/// One fuzzer input (see ``FuzzEntry``); a finding ends the process.
func fuzzInvisibleRoutes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let hostMask = input.pick(8)
    let servedHosts = InvisibleRoutes.hosts.indices.filter { hostMask & (1 << $0) != 0 }.map {
        InvisibleRoutes.hosts[$0]
    }
    let configuration = Router.Configuration(
        schemes: input.pick(4) == 0 ? [] : ["mailapp"], hosts: Set(servedHosts),
        caseSensitive: input.pick(4) != 0, notFound: InvisibleRoutes.notFound)
    let specs = (0..<(2 + input.pick(7))).map { input.invisibleRoute($0, servedHosts: servedHosts) }
    // With no private route the two routers are the same table: nothing to compare.
    guard !specs.allSatisfy(\.isPublic) else { return 0 }
    guard let (full, publicOnly) = InvisibleRoutes.routers(for: Array(input.consumed), specs, configuration)
    else { return 0 }

    let links = (0..<(1 + input.pick(4))).map { _ in
        (url: input.invisibleLink(), sourceApplication: input.pick([nil, "com.example.mail"]))
    }
    for (url, sourceApplication) in links {
        let source = Source.external(sourceApplication: sourceApplication)
        let matched = render(full.match(url, source: source))
        let expected = render(publicOnly.match(url, source: source))
        if matched != expected {
            finding(
                "match from \(sourceApplication ?? "nil"): \(show(matched)), without private routes: "
                    + "\(show(expected))\n  table: \(describe(specs, configuration))", url)
        }
    }
    for (url, sourceApplication) in links {
        let source = Source.external(sourceApplication: sourceApplication)
        let listed = full.candidates(url, source: source).map { render($0) }
        let expected = publicOnly.candidates(url, source: source).map { render($0) }
        if listed != expected {
            finding(
                "candidates from \(sourceApplication ?? "nil"): \(listed.map(show)), without private routes: "
                    + "\(expected.map(show))\n  table: \(describe(specs, configuration))", url)
        }
    }
    // One task for every send of the input: a task per send costs more than the sends.
    typealias Answers = (sent: [[UInt8]], all: [[[UInt8]]])
    let responses = blocking {
        var responses: [(full: Answers, publicOnly: Answers)] = []
        for (url, sourceApplication) in links {
            var answers: [Answers] = []
            for router in [full, publicOnly] {
                let sent = await Connection.send(
                    fromPublicURL: url, sourceApplication: sourceApplication, router: router)
                let all = await Connection.sendAll(
                    fromPublicURL: url, sourceApplication: sourceApplication, router: router)
                answers.append((render(sent), all.map(render)))
            }
            responses.append((answers[0], answers[1]))
        }
        return responses
    }
    for ((url, sourceApplication), (sent, expected)) in zip(links, responses) {
        if sent.sent != expected.sent {
            finding(
                "send from \(sourceApplication ?? "nil"): \(show(sent.sent)), without private routes: "
                    + "\(show(expected.sent))\n  table: \(describe(specs, configuration))", url)
        }
        // `send` answers what `sendAll` answers last.
        if sent.all.last != sent.sent {
            finding(
                "send from \(sourceApplication ?? "nil"): \(show(sent.sent)), the last of sendAll's answers: "
                    + "\(sent.all.last.map(show) ?? "none")\n  table: \(describe(specs, configuration))", url)
        }
        if sent.all != expected.all {
            finding(
                "sendAll from \(sourceApplication ?? "nil"): \(sent.all.map(show)), without private routes: "
                    + "\(expected.all.map(show))\n  table: \(describe(specs, configuration))", url)
        }
    }
    return 0
}

/// The table and configuration, for a finding.
private func describe(_ specs: [InvisibleRoutes.Spec], _ configuration: Router.Configuration) -> String {
    "Configuration(schemes: \(configuration.schemes.sorted()), hosts: \(configuration.hosts.sorted()), "
        + "caseSensitive: \(configuration.caseSensitive)), routes:\n    "
        + specs.map(\.description).joined(separator: "\n    ")
}

/// A parameter list as bytes, decoded and raw, so canonically equivalent spellings differ.
private func render(_ params: Parameters) -> [[UInt8]] {
    params.flatMap { parameter in
        [
            Array(parameter.name.utf8), Array(parameter.value.utf8),
            Array((params.raw(parameter.name) ?? "-").utf8),
        ]
    }
}

private func render(_ match: RouteMatch?) -> [[UInt8]] {
    guard let match else { return [Array("no match".utf8)] }
    return [Array(match.route.pattern.utf8), Array((match.route.name ?? "-").utf8)] + render(match.params)
}

private func render(_ response: Response) -> [[UInt8]] {
    let request = response.request
    var fields: [[UInt8]] = [
        Array("\(response.status)".utf8), Array((request.route?.pattern ?? "no route").utf8),
        Array((request.route?.name ?? "-").utf8), Array(request.path.utf8), Array(request.url.utf8),
        Array((response.location ?? "no location").utf8), Array((request.fragment ?? "no fragment").utf8),
        Array("\(request.isExternal)".utf8),
    ]
    fields.append(contentsOf: render(request.params))
    for (key, value) in response.data.sorted(by: { $0.key < $1.key }) {
        fields.append(Array(key.utf8))
        fields.append(Array("\(value)".utf8))
    }
    return fields
}

private func show(_ fields: [[UInt8]]) -> String {
    fields.map { String(decoding: $0, as: UTF8.self).debugDescription }.joined(separator: " ")
}
