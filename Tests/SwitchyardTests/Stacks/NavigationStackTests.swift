import Foundation
import Testing

@testable import Switchyard

/// `Connection.sendStack` and `Router.stack(for:source:)`, rule by rule, in-app and from outside,
/// through the real pipeline.
@Suite("Stacks: a link opens at the right depth")
struct NavigationStackTests {
    static let screen: Controller = { Response(request: $0, data: ["screen": $0.route?.name ?? "?"]) }
    static let deny = Policy("deny") { .failed(Response(request: $0, status: .forbidden)) }
    static let decline = Middleware("decline") { _ in throw RouteDeclined() }

    static func router(maxRedirects: Int = 5, notFoundStatus: Status = .notFound) throws -> Router {
        try Router(
            routes: [
                Route("/inbox", name: "inbox", isPublic: true, controller: screen),
                Route("/folders/:folder", name: "folder", isPublic: true, controller: screen),
                Route(
                    "/folders/:folder/messages/:id(int)", name: "message", isPublic: true, parent: "folder",
                    controller: screen),
                Route(
                    "/messages/:id(int)", name: "inboxMessage", isPublic: true, parent: "inbox",
                    controller: screen),
                Route("/drafts", name: "drafts", controller: screen),
                Route("/drafts/:id", name: "draft", isPublic: true, parent: "drafts", controller: screen),
                Route(
                    "/locked/:folder", name: "locked", isPublic: true, policies: [deny], controller: screen),
                Route(
                    "/locked/:folder/items/:id", name: "lockedItem", isPublic: true, parent: "locked",
                    controller: screen),
                Route("/archive", name: "archive", isPublic: true, parent: "inbox", controller: screen),
                Route(
                    "/archive/:year(int)", name: "year", isPublic: true, parent: "archive", controller: screen
                ),
                Route("/old/:id", name: "old", isPublic: true) {
                    .redirect($0, to: "/messages/\($0.params["id"] ?? "")", data: ["from": "old"])
                },
                Route("/teams/special", name: "special", isPublic: true, controller: screen),
                Route("/teams/:team", name: "team", isPublic: true, controller: screen),
                Route(
                    "/teams/:team/members", name: "members", isPublic: true, parent: "team",
                    controller: screen),
                Route("/years/:year(int)", name: "yearPage", isPublic: true, controller: screen),
                Route(
                    "/years/:year/notes", name: "notes", isPublic: true, parent: "yearPage",
                    controller: screen),
                Route("/shy/:x", name: "shy", isPublic: true, middlewares: [decline], controller: screen),
                Route("/shy/:x/child", name: "shyChild", isPublic: true, parent: "shy", controller: screen),
            ],
            configuration: .init(
                schemes: ["mailapp"], hosts: ["mail.example.com"], maxRedirects: maxRedirects,
                notFound: { Response(request: $0, status: notFoundStatus, data: ["screen": "fallback"]) }))
    }

    /// A link, who sends it, and the stack: each level's route name and the URL it was sent as.
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        let external: Bool
        let levels: [(route: String, url: String)]
        var testDescription: String { (external ? "external " : "") + url }
    }

    static let link = "mailapp://folders/7/messages/42"
    static let cases: [Case] = [
        // The parent's URL: reverse routed from the child's parameters, the link's scheme and host.
        Case(url: link, external: false, levels: [("folder", "mailapp://folders/7"), ("message", link)]),
        Case(url: link, external: true, levels: [("folder", "mailapp://folders/7"), ("message", link)]),
        Case(
            url: "https://mail.example.com:8443/folders/a%20b/messages/42?x=1#top", external: true,
            levels: [
                ("folder", "https://mail.example.com:8443/folders/a%20b"),
                ("message", "https://mail.example.com:8443/folders/a%20b/messages/42?x=1#top"),
            ]),
        Case(
            url: "/folders/7/messages/42", external: false,
            levels: [("folder", "/folders/7"), ("message", "/folders/7/messages/42")]),
        // Up the chain, root first.
        Case(
            url: "mailapp://archive/2024", external: false,
            levels: [
                ("inbox", "mailapp://inbox"), ("archive", "mailapp://archive"),
                ("year", "mailapp://archive/2024"),
            ]),
        // A private ancestor: kept in-app, left out from outside.
        Case(
            url: "mailapp://drafts/3", external: false,
            levels: [("drafts", "mailapp://drafts"), ("draft", "mailapp://drafts/3")]),
        Case(url: "mailapp://drafts/3", external: true, levels: [("draft", "mailapp://drafts/3")]),
        // An ancestor whose policy fails, that declines, whose URL another route takes, or whose
        // URL cannot be built: left out.
        Case(
            url: "mailapp://locked/a/items/1", external: false,
            levels: [("lockedItem", "mailapp://locked/a/items/1")]),
        Case(url: "mailapp://shy/a/child", external: false, levels: [("shyChild", "mailapp://shy/a/child")]),
        Case(
            url: "mailapp://teams/special/members", external: false,
            levels: [("members", "mailapp://teams/special/members")]),
        Case(
            url: "mailapp://teams/acme/members", external: false,
            levels: [("team", "mailapp://teams/acme"), ("members", "mailapp://teams/acme/members")]),
        Case(
            url: "mailapp://years/abc/notes", external: false,
            levels: [("notes", "mailapp://years/abc/notes")]),
        // A redirecting link stacks where it ends.
        Case(
            url: "mailapp://old/5", external: false,
            levels: [("inbox", "mailapp://inbox"), ("inboxMessage", "mailapp://messages/5")]),
        // A route without a parent is a stack of one.
        Case(url: "mailapp://inbox", external: false, levels: [("inbox", "mailapp://inbox")]),
    ]

    static func send(_ url: String, external: Bool, router: Router, data: [String: any Sendable] = [:]) async
        -> [Response]
    {
        external
            ? await Connection.sendStack(
                fromPublicURL: url, sourceApplication: "com.example.chat", router: router)
            : await Connection.sendStack(url, data: data, router: router)
    }

    @Test("The stack, root first, the link's own answer last", arguments: cases)
    func stack(_ stackCase: Case) async throws {
        let router = try Self.router()
        let stack = await Self.send(stackCase.url, external: stackCase.external, router: router)
        #expect(stack.map { $0.request.route?.name ?? "-" } == stackCase.levels.map(\.route))
        #expect(stack.map(\.request.url) == stackCase.levels.map(\.url))
        #expect(stack.allSatisfy { $0.status.isSuccess })
        let source: Source = stackCase.external ? .external(sourceApplication: "com.example.chat") : .app
        #expect(stack.allSatisfy { $0.request.source == source }, "every level has the link's source")
        // The dry run names the same routes, except that it cannot see policies and declines.
        let plan = router.stack(for: stackCase.url, source: source).map { $0.route.name ?? "-" }
        if !["mailapp://locked/a/items/1", "mailapp://shy/a/child", "mailapp://old/5"].contains(stackCase.url)
        {
            #expect(plan == stackCase.levels.map(\.route))
        }
    }

    @Test(
        "A link answered with anything but a 2xx is a stack of one: no ancestor is sent",
        arguments: [
            "mailapp://folders/7/messages/abc", "mailapp://nowhere", "mailapp://folders/7/messages/%zz",
        ])
    func notSuccess(_ url: String) async throws {
        let router = try Self.router(notFoundStatus: .ok)
        let stack = await Connection.sendStack(url, router: router)
        #expect(stack.count == 1)
        #expect(stack.first?.request.route == nil)
    }

    @Test("sendStack(fromPublicURL:) takes a Foundation URL too, as send and sendAll do")
    func foundationURL() async throws {
        let url = try #require(URL(string: Self.link))
        let stack = await Connection.sendStack(
            fromPublicURL: url, sourceApplication: nil, router: try Self.router())
        #expect(stack.map { $0.request.route?.name } == ["folder", "message"])
        #expect(stack.allSatisfy { $0.request.isExternal })
    }

    @Test("maxRedirects: 0: the link's answer is the 303, so the stack is that one answer")
    func noRedirects() async throws {
        let stack = await Connection.sendStack("mailapp://old/5", router: try Self.router(maxRedirects: 0))
        #expect(stack.map(\.status) == [.seeOther])
    }

    @Test("An ancestor the notFound controller answers, even with a 2xx, is left out")
    func fallbackAncestor() async throws {
        let router = try Self.router(notFoundStatus: .ok)
        let stack = await Connection.sendStack(
            fromPublicURL: "mailapp://drafts/3", sourceApplication: nil, router: router)
        #expect(stack.map { $0.request.route?.name } == ["draft"])
    }

    @Test("Ancestors get sendStack's data, not a redirect's; the link's answer keeps the redirect's")
    func data() async throws {
        let stack = await Self.send(
            "mailapp://old/5", external: false, router: try Self.router(), data: ["presenter": "root"])
        #expect(stack.count == 2)
        #expect(stack[0].request.data["presenter"] as? String == "root")
        #expect(stack[0].request.data["from"] == nil, "an ancestor never sees the redirect's data")
        #expect(stack[1].request.data["from"] as? String == "old")
        #expect(stack[1].request.data["presenter"] as? String == "root")
    }

    @Test(
        "The dry run: ancestors the router matches for the source, then the link; empty when it matches nothing"
    )
    func dryRun() throws {
        let router = try Self.router()
        #expect(router.stack(for: Self.link).map(\.route.name) == ["folder", "message"])
        #expect(router.stack(for: "mailapp://drafts/3").map(\.route.name) == ["drafts", "draft"])
        #expect(
            router.stack(for: "mailapp://drafts/3", source: .external(sourceApplication: nil)).map(
                \.route.name)
                == ["draft"])
        #expect(router.stack(for: "mailapp://nowhere").isEmpty)
        #expect(router.stack(for: "mailapp://inbox").map(\.route.name) == ["inbox"])
        #expect(router.stack(for: Self.link).first?.params["folder"] == "7")
    }

    @Test("routeTable shows each route's parent; explain names the stack")
    func describes() throws {
        let router = try Self.router()
        let table = router.routeTable.split(separator: "\n")
        #expect(table[0].contains("PARENT"))
        #expect(
            table.contains { $0.contains("/folders/:folder/messages/:id(int)") && $0.contains(" folder ") })
        let explained = router.explain("mailapp://drafts/3", source: .external(sourceApplication: nil))
        #expect(
            explained.contains(
                "stack: sendStack puts the answers of these routes beneath this link, root first:"))
        #expect(explained.contains("mailapp://drafts (drafts): left out: no route takes it from external"))
        #expect(router.explain(Self.link).contains("mailapp://folders/7 (folder): if it answers with a 2xx"))
        #expect(!router.explain("mailapp://inbox").contains("stack:"))
        let flat = try Router(routes: [Route("/a", controller: Self.screen)])
        #expect(!flat.routeTable.contains("PARENT"), "no column for a table without parents")
    }
}
