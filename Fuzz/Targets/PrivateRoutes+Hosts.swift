// The `private-routes` target's links with hosts (see PrivateRoutesFuzz.swift): the
// configurations an input picks from and the routers built with each, the host-scoped routes,
// the links an input builds and the check of protocol-relative ones.

extension PrivateRoutes {
    /// Web hosts the routers serve: an exact host, and wildcards that serve the hosts with
    /// parameters below (a route's host pattern must be served).
    static let servedHosts: Set<String> = [
        "mail.example.com", "*.example.com", "example.org", "*.example.org",
    ]

    /// Every combination of the options that change how a link is read; the first is the default
    /// configuration, which an input that ends early gets.
    static let configurations: [Router.Configuration] = [
        Router.Configuration.EmptySegments.refuse, .keep, .squeeze,
    ].flatMap { emptySegments in
        [String?.none, "https"].flatMap { protocolRelativeScheme in
            [Router.Configuration.RepeatedQueryItems.first, .last].map { repeatedQueryItems in
                Router.Configuration(
                    schemes: ["mailapp", "ksr"], hosts: servedHosts, notFound: notFoundController,
                    hostSchemes: ["ksr"], emptySegments: emptySegments,
                    protocolRelativeScheme: protocolRelativeScheme, repeatedQueryItems: repeatedQueryItems)
            }
        }
    }

    /// A configuration's options, for a finding.
    static func describe(_ configuration: Router.Configuration) -> String {
        "emptySegments: .\(configuration.emptySegments), protocolRelativeScheme: "
            + "\(configuration.protocolRelativeScheme ?? "nil"), repeatedQueryItems: .\(configuration.repeatedQueryItems)"
    }

    /// Every route, public and private, with the parents `parent` gives.
    static func routes(parent: (String) -> String?) -> [Route] {
        FuzzTable.entries.map { entry in
            route(
                entry.pattern, name: entry.name, isPublic: entry.isPublic, parent: parent(entry.name),
                priority: entry.priority, continueNext: continuing.contains(entry.name),
                constraints: FuzzTable.constraints(of: entry))
        }
            + chainHeads.map { head in
                route(
                    head.pattern, name: head.name, isPublic: head.isPublic, parent: parent(head.name),
                    priority: 1,
                    continueNext: true, constraints: [:])
            } + hostRoutes(parent: parent)
    }

    /// The router under test and the one built from its public routes alone, which is what an
    /// external request must find, with the same stages and configuration.
    struct Routers {
        let full: Router
        let publicOnly: Router
        let configuration: Router.Configuration
    }

    /// One pair for each of ``configurations``, built once.
    static let routers: [Routers] = configurations.map { configuration in
        let publicNames = Set(routes { _ in nil }.filter(\.isPublic).compactMap(\.name))
        let build = { (routes: [Route]) in
            try! Router(
                rewrites: [
                    Rewrite("/old-admin/:panel", to: "/admin/:panel"), Rewrite("/me", to: "/users/7/edit"),
                ],
                middlewares: [
                    Middleware("router") { request in
                        notePrivateStage(request)
                        expectData(request, [], in: .routerMiddleware)
                        if Decline.declines(.routerMiddleware, request) { throw RouteDeclined() }
                        return request.adding(["router": request.route?.name ?? "none"])
                    }
                ],
                policies: [
                    Policy("router") { request in
                        notePrivateStage(request)
                        expectData(request, ["router", "route"], in: .routerPolicy)
                        return Decline.declines(.routerPolicy, request) ? .declined : .verified
                    }
                ],
                routes: routes, configuration: configuration)
        }
        return Routers(
            full: build(routes { parents[$0] }),
            publicOnly: build(routes { nearestParent(of: $0, among: publicNames) }.filter(\.isPublic)),
            configuration: configuration)
    }

    /// Names the link of a `/home/:code(siteLang)` route's host: checked at the route's end with
    /// its own host parameters, so a failing value leaves the link to the routes after it.
    static let siteLanguage = Constraint.custom("siteLang") { code, link in
        link.hostParameters["lang"].map { $0.utf8.elementsEqual(code.utf8) } ?? false
    }
    static let languages = Constraint.oneOf(["en", "fr", "de"])

    /// The routes scoped by host or scheme, public and private, each of them before or after a
    /// route of the other kind that a link reaches too: an exact host before a host with
    /// parameters before a wildcard, a host-carrying scheme (`ksr`), a group's host parameter
    /// narrowed to an exact host, query conditions read through ``Router/Configuration/repeatedQueryItems``,
    /// and a constraint that reads the link.
    static func hostRoutes(parent: (String) -> String?) -> [Route] {
        func scoped(
            _ pattern: String, _ name: String, isPublic: Bool, schemes: Set<String> = [],
            hosts: Set<String> = [],
            query: [String: Constraint] = [:], constraints: [String: Constraint] = [:], priority: Int = 0
        ) -> Route {
            route(
                pattern, name: name, isPublic: isPublic, parent: parent(name), schemes: schemes, hosts: hosts,
                query: query, priority: priority, continueNext: continuing.contains(name),
                constraints: constraints)
        }
        let mobile = ":lang(language).m.example.com"
        return [
            scoped("/", "hostHome", isPublic: true, hosts: [":sub.example.com"]),
            scoped("/wiki/*title", "article", isPublic: true, hosts: [":sub.example.com"]),
            scoped("/wiki/:title", "aWikiPage", isPublic: false, hosts: ["a.example.com"]),
            scoped("/wiki/talk/:title", "talk", isPublic: false, hosts: ["*.example.com"]),
            scoped(
                "/wiki/*title", "mobileArticle", isPublic: true, hosts: [mobile],
                constraints: ["language": languages]),
            scoped(
                "/users/:id(int)", "mobileUser", isPublic: false, hosts: [mobile],
                constraints: ["language": languages]),
            scoped("/admin(/:panel)", "hostAdmin", isPublic: false, hosts: [":sub.example.com"]),
            scoped(
                "/home/:code(siteLang)", "siteHome", isPublic: true, hosts: [":lang.m.example.com"],
                constraints: ["siteLang": siteLanguage]),
            scoped("/home/:code", "homeAny", isPublic: false, hosts: ["*.example.com"], priority: 1),
            scoped(
                "/search", "searchDebug", isPublic: false, hosts: ["*.example.com"],
                query: ["debug": .oneOf(["1"])],
                priority: 1),
            scoped(
                "/search", "searchAnon", isPublic: true, hosts: ["*.example.com"], query: ["token": .absent]),
            scoped("/search", "search", isPublic: true, hosts: ["*.example.com"]),
            scoped(
                "/projects/:id(int)/:slug", "ksrProject", isPublic: true, schemes: ["ksr"],
                hosts: ["www.example.com"]),
            scoped("/projects/:id(int)/:slug/manage", "ksrManage", isPublic: false, schemes: ["ksr"]),
            scoped("/projects/:id/:slug/manage", "projectManage", isPublic: true, hosts: ["*.example.com"]),
            scoped("/inbox/:id", "mailInbox", isPublic: false, schemes: ["mailapp"]),
            scoped("/inbox/*rest", "inbox", isPublic: true),
        ]
            + Route.group(
                "", hosts: [":lang.example.org"], constraints: ["lang": languages],
                [
                    scoped("/p/:page", "orgPage", isPublic: true),
                    scoped("/p/:page/edit", "orgEdit", isPublic: false, hosts: ["en.example.org"]),
                    scoped("/secret", "orgSecret", isPublic: false),
                ])
    }

    static let hostRouteNames = hostRoutes { _ in nil }.compactMap(\.name)

    /// Hosts the links name: served or not, with and without parameter values the constraints
    /// take, and spellings a browser reads as another host or refuses.
    static let linkHosts = [
        "mail.example.com", "a.example.com", "b.example.com", "en.m.example.com", "fr.m.example.com",
        "xx.m.example.com", "m.example.com", "www.example.com", "example.com", "a.b.example.com",
        "en.example.org", "fr.example.org", "it.example.org", "example.org", "EN.M.Example.COM",
        "%61.example.com", "en.m.example.com.", "evil.com", "a.example.com:8443", "xn--a.example.com",
    ]
    /// The origins of links: web, a scheme that carries a host, one that does not, and the
    /// protocol-relative form content links use.
    static let linkSchemes = [
        "https://", "http://", "HTTPS://", "ksr://", "KSR://", "mailapp://", "//", "//",
    ]
    static let hostSegments = [
        "wiki", "talk", "", "", "dev", "null", "admin", "x", "users", "42", "home", "en", "fr", "search", "p",
        "edit", "secret", "projects", "1", "manage", "inbox", "go", "deep",
    ]
    static let hostQueries = [
        "?debug=1", "?debug=0&debug=1", "?debug=1&debug=0", "?token", "?token=", "?q=a",
        "?to=/admin&to=/users/1",
        "?to=/users/1&to=/admin", "?to=//a.example.com/admin", "?to=https://a.example.com/admin",
        "?to=ksr://www.example.com/projects/1/x/manage",
    ]
}

/// A protocol-relative link (`//host/path`) from outside is a 400, as the OS never delivers one;
/// in content it is its absolute spelling with the configured scheme, or a 400 without one, and
/// `candidates` lists for it what it lists for the absolute spelling (the first finding of this
/// target: `candidates` and `explain` once ignored `protocolRelativeScheme`).
func checkProtocolRelative(
    _ url: String, _ source: Source, _ routers: PrivateRoutes.Routers, _ response: Response,
    _ description: String
) {
    guard case .content = source, let scheme = routers.configuration.protocolRelativeScheme else {
        if response.status != .badRequest || response.request.route != nil {
            finding("a protocol-relative link got \(response.status), not 400", description)
        }
        return
    }
    let absolute = blocking { await Connection.send(contentLink: scheme + ":" + url, router: routers.full) }
    if !same(response, absolute) {
        finding(
            "a protocol-relative link in content: \(fingerprint(response)); as \(scheme):\(url): "
                + fingerprint(absolute), description)
    }
    let names = { (url: String) in routers.full.candidates(url, source: source).map { $0.route.name ?? "-" } }
    if names(url) != names(scheme + ":" + url) {
        finding(
            "candidates of a protocol-relative link in content: \(names(url)); as \(scheme):\(url): "
                + "\(names(scheme + ":" + url))", description)
    }
}

extension FuzzInput {
    /// A link with a host (web, `ksr`, or protocol-relative), or a custom-scheme link whose text
    /// after `//` is a path segment; its path may have empty segments.
    mutating func hostLink() -> String {
        var link = pick(PrivateRoutes.linkSchemes) + pick(PrivateRoutes.linkHosts)
        for _ in 0..<pick(5) {
            link += "/" + (pick(6) == 0 ? segment(Vocabulary.segments) : pick(PrivateRoutes.hostSegments))
        }
        if pick(6) == 0 { link += "/" }
        if pick(3) == 0 { link += pick(PrivateRoutes.hostQueries) }
        if pick(8) == 0 { link += "#top" }
        return link
    }
}
