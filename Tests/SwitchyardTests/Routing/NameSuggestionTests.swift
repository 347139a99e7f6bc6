import Testing

@testable import Switchyard

/// A mistyped name (a route for `path(for:)` and `url(for:)`, a `parent:`, a policy to skip)
/// gets `did you mean '…'?` when a known name is near it, by the one rule of `Suggestions`.
@Suite("Routing: did you mean, for mistyped names")
struct NameSuggestionTests {
    static let echo: Controller = { Response(request: $0) }

    /// `written`, `known`, and the distance when `known` is near, else `nil`.
    @Test(
        "near: within 1 edit, 2 for a name of 6 or more characters, and fewer edits than the name has",
        arguments: [
            ("artcle", "article", 1), ("artciles", "articles", 1), ("artcls", "articles", 2),
            ("arcls", "articles", nil), ("Article", "article", 1), ("inbx", "inbox", 1),
            ("inbxo", "inbox", 1), ("ibx", "inbox", nil), ("ix", "id", 1), ("xy", "id", nil),
            ("x", "a", nil), ("signin", "signIn", 1), ("mail.exmaple.com", "mail.example.com", 1),
        ] as [(String, String, Int?)])
    func near(written: String, known: String, distance: Int?) {
        #expect(Suggestions.distance(from: written, toNear: known) == distance)
    }

    @Test("nearest first, then in the order given, three at most, never the name itself")
    func nearestOrder() {
        #expect(
            Suggestions.nearest(to: "cat", in: ["cart", "cat", "bat", "hat", "mat", "cab"])
                == ["cart", "bat", "hat"])
        #expect(Suggestions.nearest(to: "artcls", in: ["articles", "artcle"]) == ["artcle", "articles"])
        #expect(Suggestions.didYouMean("inbx", in: ["inbox", "outbox"]) == "; did you mean 'inbox'?")
        #expect(Suggestions.didYouMean("ibx", in: ["inbox"]).isEmpty)
    }

    static func router() throws -> Router {
        try Router(
            routes: [
                Route("/articles/:id(int)", name: "article", controller: echo),
                Route("/messages/:id(int)", name: "message", controller: echo),
                Route("/messages/:id(int)/reply", name: "reply", controller: echo),
            ],
            configuration: .init(schemes: ["mailapp"]))
    }

    struct ArticleLink: Encodable, Sendable {
        var id: Int
    }

    static let unknownNames: [(name: String, message: String)] = [
        ("artcle", "no route is named 'artcle'; did you mean 'article'?"),
        ("mesage", "no route is named 'mesage'; did you mean 'message'?"),
        ("rply", "no route is named 'rply'; did you mean 'reply'?"),
        ("nope", "no route is named 'nope'"),
    ]

    @Test(
        "path(for:) and url(for:), dictionary and typed, suggest a route name near the one given",
        arguments: unknownNames)
    func unknownRouteName(name: String, message: String) throws {
        let router = try Self.router()
        let calls: [(String, () throws -> String)] = [
            ("path(for:)", { try router.path(for: name, ["id": "7"]) }),
            ("url(for:)", { try router.url(for: name, ["id": "7"]) }),
            ("typed path(for:)", { try router.path(for: name, ArticleLink(id: 7)) }),
            ("typed url(for:)", { try router.url(for: name, ArticleLink(id: 7)) }),
        ]
        for (label, call) in calls {
            #expect(throws: RoutingError(.internalError, message), "\(label)") { try call() }
        }
    }

    static let policies = [Policy("signIn") { _ in .verified }, Policy("rateLimit") { _ in .verified }]
    static let middlewares = [Middleware("session") { $0 }]

    /// Routes that `Router.init` refuses, the pattern the error names, and its whole reason.
    static let tableMistakes: [(label: String, routes: [Route], pattern: String, reason: String)] = [
        (
            "parent: one edit from a route's name, never the route's own (two edits)",
            [
                Route("/articles", name: "articles", controller: echo),
                Route("/articles/:id", name: "article", parent: "artcles", controller: echo),
            ],
            "/articles/:id", "parent 'artcles' is not the name of a route; did you mean 'articles'?"
        ),
        (
            "parent: near nothing keeps its hint",
            [Route("/a", name: "a", parent: "zzz", controller: echo)], "/a",
            "parent 'zzz' is not the name of a route; parent: takes another route's name as written"
        ),
        (
            "a group's parent:",
            [Route("/dashboard", name: "dashboard", controller: echo)]
                + Route.group(
                    "/admin", parent: "dashbord", [Route("/users", name: "users", controller: echo)]),
            "/admin/users", "parent 'dashbord' is not the name of a route; did you mean 'dashboard'?"
        ),
        (
            "skipping: a mistyped policy",
            [Route("/open", skipping: ["sigIn"], controller: echo)], "/open",
            "skips 'sigIn', which is not a router policy (the router's policies: 'signIn', 'rateLimit'; "
                + "its middlewares: 'session'); did you mean 'signIn'?"
        ),
        (
            "skipping: a policy near none",
            [Route("/open", skipping: ["audit"], controller: echo)], "/open",
            "skips 'audit', which is not a router policy (the router's policies: 'signIn', 'rateLimit'; "
                + "its middlewares: 'session')"
        ),
        (
            "skipping: a middleware's name",
            [Route("/open", skipping: ["session"], controller: echo)], "/open",
            "skips 'session', which is not a router policy (the router's policies: 'signIn', 'rateLimit'; "
                + "its middlewares: 'session'); 'session' is a middleware, and skipping: leaves out policies only"
        ),
    ]

    @Test(
        "Router.init suggests the name meant by parent:, a group's parent: and skipping:",
        arguments: tableMistakes)
    func tableMistake(label: String, routes: [Route], pattern: String, reason: String) {
        #expect(
            throws: RouteTableError(pattern: pattern, position: nil, reason: reason), "\(label)"
        ) {
            try Router(middlewares: Self.middlewares, policies: Self.policies, routes: routes)
        }
    }

    @Test("skipping: on a router with no policy and no middleware says so")
    func skippingWithoutPolicies() {
        #expect(
            throws: RouteTableError(
                pattern: "/open", position: nil,
                reason: "skips 'signIn', which is not a router policy (the router's policies: none; "
                    + "its middlewares: none)")
        ) {
            try Router(routes: [Route("/open", skipping: ["signIn"], controller: Self.echo)])
        }
    }
}
