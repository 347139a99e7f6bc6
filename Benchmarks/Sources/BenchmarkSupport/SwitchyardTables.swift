import Switchyard

/// A router whose route `/accounts/:account_id/folders/:folder_id/messages/:message_id` runs
/// `stages` stages: half identity middlewares, half policies that verify; what is measured is the
/// framework's cost per stage, not the stages' work.
public enum SendRouter {
    /// The URL the benchmarks send: a 3-parameter route, one value percent-escaped.
    public static let url = "/accounts/acct-3/folders/Archive%202024/messages/77121"
    /// The route it reaches.
    public static let pattern = "/accounts/:account_id/folders/:folder_id/messages/:message_id"

    /// The router, with `stages` stages on the measured route.
    public static func make(stages: Int) throws -> Router {
        let middlewares = (0..<stages / 2).map { index in Middleware("middleware\(index)") { $0 } }
        let policies = (0..<(stages - stages / 2)).map { index in Policy("policy\(index)") { _ in .verified }
        }
        return try Router(routes: [
            Route("/accounts/:account_id") { Response(request: $0) },
            Route("/accounts/:account_id/folders/:folder_id") { Response(request: $0) },
            Route(pattern, middlewares: middlewares, policies: policies) { Response(request: $0) },
        ])
    }
}

/// The router of `Stack:Depth3`: ``SendRouter``'s three routes, each the parent of the next, so
/// ``SendRouter/url`` opens a stack of three (account, folder, message).
public enum StackRouter {
    /// The routes' names, root first.
    public static let names = ["account", "folder", "message"]

    /// The router: no stages, parents by name.
    public static func make() throws -> Router {
        try Router(routes: [
            Route("/accounts/:account_id", name: "account") { Response(request: $0) },
            Route("/accounts/:account_id/folders/:folder_id", name: "folder", parent: "account") {
                Response(request: $0)
            },
            Route(SendRouter.pattern, name: "message", parent: "folder") { Response(request: $0) },
        ])
    }
}

/// The router of `Send:Decline3`: ``SendRouter/url`` has four candidates, and the first three
/// decline (a policy, a controller, a middleware), so the fourth answers.
public enum DeclineRouter {
    /// The route that answers.
    public static let pattern = "/accounts/*rest"

    /// The router, its four routes in registration order.
    public static func make() throws -> Router {
        try Router(routes: [
            Route(
                "/accounts/:account_id/folders/:folder_id/messages/:message_id(int)",
                policies: [Policy("declines") { _ in .declined }]
            ) { Response(request: $0) },
            Route("/accounts/:account_id/folders/:folder_id/messages/:message_id") { _ in
                throw RouteDeclined()
            },
            Route(
                "/accounts/:account_id/folders/*rest",
                middlewares: [Middleware("declines") { _ in throw RouteDeclined() }]
            ) { Response(request: $0) },
            Route(pattern) { Response(request: $0) },
        ])
    }
}

/// The router of `Send:DeclineGroup3`: four routes of ``SendRouter/pattern``'s one shape, the
/// first three declining (a policy, a controller, a middleware), so the fourth answers. Nothing
/// but that group can follow it, so after a decline the next routes are chosen without a walk.
public enum DeclineGroupRouter {
    /// The router, its four routes in registration order; the first three continue, so that
    /// routes of one shape may follow them.
    public static func make() throws -> Router {
        try Router(routes: [
            Route(
                SendRouter.pattern, name: "policy", policies: [Policy("declines") { _ in .declined }],
                continueNext: true
            ) { Response(request: $0) },
            Route(SendRouter.pattern, name: "controller", continueNext: true) { _ in throw RouteDeclined() },
            Route(
                SendRouter.pattern, name: "middleware",
                middlewares: [Middleware("declines") { _ in throw RouteDeclined() }], continueNext: true
            ) { Response(request: $0) },
            Route(SendRouter.pattern, name: "answer") { Response(request: $0) },
        ])
    }
}

/// Generated route tables: for k = 0, 1, …, the four routes `/s<k>/list`, `/s<k>/:id`,
/// `/s<k>/:id/edit` and `/s<k>/:id/items/:item_id`, cut at the requested count.
public enum GeneratedRoutes {
    /// A static and a two-parameter request that every generated table of 10 routes or more
    /// routes the same way.
    public static let probes: [(kind: String, probe: (path: String, pattern: String))] = [
        ("Static", ("/s1/list", "/s1/list")),
        ("Param", ("/s1/4711/items/42", "/s1/:id/items/:item_id")),
    ]

    /// The first `count` generated routes.
    public static func make(_ count: Int) -> [Route] {
        (0..<count).map { index in
            let prefix = "/s\(index / 4)"
            let pattern =
                switch index % 4 {
                case 0: "\(prefix)/list"
                case 1: "\(prefix)/:id"
                case 2: "\(prefix)/:id/edit"
                default: "\(prefix)/:id/items/:item_id"
                }
            return Route(pattern) { Response(request: $0) }
        }
    }
}

/// The route patterns of 0.4 (a segment that mixes literals and a parameter, a glob with a tail)
/// in a small realistic table: the 10 generated routes plus a file server's five, one of them the
/// plain parameter the pattern competes with. ``probes`` match the generated table's
/// two-parameter request on the same router, so `Pattern:Param` and the pattern forms are
/// measured side by side.
public enum PatternRoutes {
    /// The requests, each with the route it reaches: ``GeneratedRoutes/probes``' `Param`, then
    /// one per pattern form.
    public static let probes: [(kind: String, probe: (path: String, pattern: String))] = [
        ("Param", ("/s1/4711/items/42", "/s1/:id/items/:item_id")),
        ("Suffix", ("/files/report.html", "/files/:name.html")),
        ("GlobTail", ("/media/a/b/c.ogg", "/media/*path.ogg")),
    ]

    /// The file server's routes: a parameter and a glob next to their pattern forms.
    public static let patterns = [
        "/files", "/files/:name", "/files/:name.html", "/media/*path", "/media/*path.ogg",
    ]

    /// The 10 generated routes, then ``patterns``.
    public static func make() -> [Route] {
        GeneratedRoutes.make(10) + patterns.map { Route($0) { Response(request: $0) } }
    }
}

/// The GitHub route set as web links, for what scopes and private routes cost: the same routes
/// unscoped, split over three hosts (exact, or with a parameter), or half private.
public enum LinkRouters {
    /// The three hosts the scoped table is split over.
    public static let hosts = ["api.example.com", "docs.example.com", "www.example.com"]

    static var workload: Workload {
        guard let workload = Workloads.named("GitHubAll") else {
            preconditionFailure("no GitHubAll workload")
        }
        return workload
    }

    /// `https://<host>/<path>` for every probe of the workload; with `scoped`, the host the
    /// probe's route is scoped to, else the first host.
    public static func urls(scoped: Bool) -> [(url: String, pattern: String)] {
        let workload = workload
        return workload.probes.compactMap { probe in
            guard let expected = probe.expected else { return nil }
            let host = scoped ? hosts[expected % hosts.count] : hosts[0]
            return ("https://\(host)\(probe.path)", workload.routes[expected])
        }
    }

    /// The routes unscoped, or route `i` scoped to `hosts[i % 3]`.
    public static func router(scoped: Bool) throws -> Router {
        let routes = workload.routes.enumerated().map { index, pattern in
            Route(pattern, isPublic: true, hosts: scoped ? [hosts[index % hosts.count]] : []) {
                Response(request: $0)
            }
        }
        return try Router(routes: routes, configuration: .init(hosts: Set(hosts)))
    }

    /// The host entries of the table scoped by host parameters: each of ``hosts`` under a
    /// `:tenant` label (the GitHub routes use `:org` in their paths, and a name may not be both).
    public static let parameterHosts = hosts.map { ":tenant.\($0)" }
    /// What the probes of that table give `tenant`.
    public static let tenant = "acme"

    /// The probes of ``urls(scoped:)`` (scoped) at the hosts that fill ``parameterHosts``:
    /// `https://acme.api.example.com/…`.
    public static func hostParameterURLs() -> [(url: String, pattern: String)] {
        urls(scoped: true).map { url, pattern in
            ("https://\(tenant).\(url.dropFirst("https://".count))", pattern)
        }
    }

    /// Route `i` scoped to `parameterHosts[i % 3]`; `*.example.com` serves them all.
    public static func hostParameterRouter() throws -> Router {
        let routes = workload.routes.enumerated().map { index, pattern in
            Route(pattern, isPublic: true, hosts: [parameterHosts[index % parameterHosts.count]]) {
                Response(request: $0)
            }
        }
        return try Router(routes: routes, configuration: .init(hosts: ["*.example.com"]))
    }

    /// The routes with every other one private, and the paths of the public ones' probes.
    public static func halfPrivate() throws -> (router: Router, paths: [(path: String, pattern: String)]) {
        let workload = workload
        let routes = workload.routes.enumerated().map { index, pattern in
            Route(pattern, isPublic: index % 2 == 0) { Response(request: $0) }
        }
        let paths = workload.probes.compactMap { probe -> (String, String)? in
            guard let expected = probe.expected, expected % 2 == 0 else { return nil }
            return (probe.path, workload.routes[expected])
        }
        return (try Router(routes: routes), paths)
    }
}
