import Synchronization

/// Fuzz target `private-routes`: an external request whose URL reaches a private route gets
/// exactly the not-found response (status, data, location, no route, no parameters) and nothing
/// of that route runs, through the real pipeline (rewrites, router and route stages, redirects).
let externalPrivateRuns = Atomic<Int>(0)

/// Counts a stage of a private route running for an external request: always a finding.
func notePrivateStage(_ request: Request) {
    if request.isExternal, request.route?.isPublic == false { externalPrivateRuns.add(1, ordering: .relaxed) }
}

let notFoundController: Controller = { request in
    Response(
        request: request, status: .notFound,
        data: ["path": request.path, "route": request.route?.name ?? "none", "params": request.params.count])
}

let accessRouter = try! Router(
    rewrites: [Rewrite("/old-admin/:panel", to: "/admin/:panel"), Rewrite("/me", to: "/users/7/edit")],
    middlewares: [
        Middleware("router") {
            notePrivateStage($0); return $0
        }
    ],
    policies: [
        Policy("router") {
            notePrivateStage($0); return .verified
        }
    ],
    routes: FuzzTable.entries.map { entry in
        Route(
            entry.pattern, name: entry.name, isPublic: entry.isPublic,
            middlewares: [
                Middleware("route") {
                    notePrivateStage($0); return $0
                }
            ],
            policies: [
                Policy("route") {
                    notePrivateStage($0); return .verified
                }
            ],
            constraints: FuzzTable.constraints(of: entry), priority: entry.priority
        ) { request in
            notePrivateStage(request)
            return try await FuzzTable.controller(entry.name)(request)
        }
    },
    configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"], notFound: notFoundController))

/// One fuzzer input (see ``FuzzEntry``); a finding ends the process.
func fuzzPrivateRoutes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    var url = input.url()
    if input.pick(8) == 0 { url = input.pick(["/old-admin/x", "/me", "/go?to=/admin", "/go?to=/me"]) }
    let sourceApplication = input.pick([nil, "com.apple.mobilesafari", "com.example.mail"])
    check(url, sourceApplication)
    return 0
}

private func check(_ url: String, _ sourceApplication: String?) {
    let response = blocking {
        await Connection.send(fromPublicURL: url, sourceApplication: sourceApplication, router: accessRouter)
    }
    let description = "\(url) from \(sourceApplication ?? "nil")"
    if externalPrivateRuns.load(ordering: .relaxed) != 0 {
        finding("a private route's stage ran", description)
    }
    if response.request.route?.isPublic == false {
        finding("the response carries a private route", description)
    }
    if !response.request.isExternal { finding("the request lost its external source", description) }
    if response.error != nil { finding("error details reached an external caller", description) }
    if accessRouter.match(url, source: .external(sourceApplication: sourceApplication))?.route.isPublic
        == false
    {
        finding("match(source: .external) returned a private route", description)
    }

    // Private routes do not exist for an external request: a URL that reaches one in-app gets
    // what the public routes give it, so exactly the not-found response when none matches it
    // (when a public one does, `invisible-routes` checks the answer).
    var tracer = SilentTracer()
    guard case .matched(let match, _) = accessRouter.storage.resolve(url, source: .app, tracer: &tracer),
        !match.route.isPublic,
        case .unmatched(let resolved) = accessRouter.storage.resolve(
            url, source: .external(sourceApplication: sourceApplication), tracer: &tracer)
    else { return }
    let path = resolved.path
    let expected: [String: String] = ["path": path, "route": "none", "params": "0"]
    let actual = response.data.mapValues { "\($0)" }
    guard response.status == .notFound, actual == expected, response.location == nil,
        response.request.route == nil, response.request.params.isEmpty, response.request.path == path
    else {
        finding(
            "private \(match.route.pattern): \(response.status) \(actual) \(String(describing: response.location))",
            description)
    }
}
