import Testing

@testable import Switchyard

/// `parent:` mistakes are found when the router is created, with a message that names the route
/// and the reason; `Route.group(parent:)` gives its routes a parent.
@Suite("Stacks: parents checked at Router.init")
struct RouteParentErrorTests {
    static let screen: Controller = { Response(request: $0) }

    /// Routes, the pattern the error names, and phrases of its reason.
    struct Mistake: Sendable, CustomTestStringConvertible {
        let name: String
        let routes: [Route]
        let pattern: String
        let reason: [String]
        var testDescription: String { name }
    }

    static let mistakes: [Mistake] = [
        Mistake(
            name: "an unknown parent",
            routes: [Route("/a", name: "a", parent: "nope", controller: screen)], pattern: "/a",
            reason: [
                "parent 'nope' is not the name of a route; parent: takes another route's name as written"
            ]),
        Mistake(
            name: "a group prefixes its routes' names, not the names parent: refers to",
            routes: Route.group(
                "/admin",
                [
                    Route("/users", name: "users", controller: screen),
                    Route("/users/:id", name: "user", parent: "users", controller: screen),
                ]), pattern: "/admin/users/:id",
            reason: [
                "parent 'users' is not the name of a route; did you mean 'admin.users'?"
            ]),
        Mistake(
            name: "a route that is its own parent",
            routes: [Route("/a", name: "a", parent: "a", controller: screen)], pattern: "/a",
            reason: ["parents form a cycle: /a (a) → /a (a)"]),
        Mistake(
            name: "a cycle of three, every route named",
            routes: [
                Route("/a", name: "a", parent: "b", controller: screen),
                Route("/b", name: "b", parent: "c", controller: screen),
                Route("/c", name: "c", parent: "a", controller: screen),
            ], pattern: "/a",
            reason: [
                "parents form a cycle: /a (a) → /b (b) → /c (c) → /a (a)",
                "must end at a route without a parent",
            ]),
        Mistake(
            name: "a chain leading into a cycle names the cycle",
            routes: [
                Route("/x", name: "x", parent: "a", controller: screen),
                Route("/a", name: "a", parent: "b", controller: screen),
                Route("/b", name: "b", parent: "a", controller: screen),
            ], pattern: "/a", reason: ["parents form a cycle: /a (a) → /b (b) → /a (a)"]),
        Mistake(
            name: "a parent's parameter the child lacks",
            routes: [
                Route("/folders/:folder", name: "folder", controller: screen),
                Route("/messages/:id", name: "message", parent: "folder", controller: screen),
            ], pattern: "/messages/:id",
            reason: ["its parent 'folder' (/folders/:folder) needs the parameter 'folder'", "does not have"]),
        Mistake(
            name: "parameters match by name, not position",
            routes: [
                Route("/folders/:folder", name: "folder", controller: screen),
                Route("/folders/:box/messages/:id", name: "message", parent: "folder", controller: screen),
            ], pattern: "/folders/:box/messages/:id", reason: ["needs the parameter 'folder'"]),
    ]

    @Test("A parent mistake is a RouteTableError naming the route and the reason", arguments: mistakes)
    func refused(_ mistake: Mistake) {
        do {
            _ = try Router(routes: mistake.routes)
            Issue.record("accepted")
        } catch {
            #expect(error.pattern == mistake.pattern)
            #expect(error.kind == .route)
            for phrase in mistake.reason {
                #expect(error.reason.contains(phrase), "\(error.reason)")
            }
        }
    }

    @Test("Accepted: optional parent parameters the child lacks, a child with more parameters, a deep chain")
    func accepted() throws {
        let router = try Router(routes: [
            Route("/docs(/:version)", name: "docs", controller: Self.screen),
            Route("/guides/:slug", name: "guide", parent: "docs", controller: Self.screen),
            Route("/guides/:slug/:section", name: "section", parent: "guide", controller: Self.screen),
        ])
        #expect(router.routes.map(\.parent) == [nil, "docs", "guide"])
        #expect(router.stack(for: "/guides/intro/setup").map(\.route.name) == ["docs", "guide", "section"])
    }

    @Test(
        "Route.group(parent:) gives every route without a parent of its own that parent, by the name the router has"
    )
    func groupParent() throws {
        let routes =
            [
                Route("/inbox", name: "inbox", controller: Self.screen),
                Route("/folders/:folder", name: "folder", controller: Self.screen),
            ]
            + Route.group(
                "/mail", parent: "inbox",
                [
                    Route("/starred", name: "starred", controller: Self.screen),
                    Route(
                        "/folders/:folder/flagged", name: "flagged", parent: "folder", controller: Self.screen
                    ),
                ])
        let router = try Router(routes: routes)
        #expect(router.routes.map(\.parent) == [nil, nil, "inbox", "folder"])
        #expect(router.routes.map(\.name) == ["inbox", "folder", "mail.starred", "mail.flagged"])
        #expect(router.stack(for: "/mail/folders/7/flagged").map(\.route.name) == ["folder", "mail.flagged"])
        #expect(router.stack(for: "/mail/starred").map(\.route.name) == ["inbox", "mail.starred"])
    }
}
