import Foundation
import Switchyard
import Testing

/// The snippets of `Sources/Routing/Switchyard.docc/NavigationStacks.md` that Linux builds: the
/// routes, the stacks they open, the navigation value and restoration with `sendStack`. The
/// SwiftUI and UIKit blocks, Apple-only, are in `NavigationStacksAppleSnippets.swift`;
/// restoration through `PendingLinks` is in `SwitchyardMiddlewaresTests`, which can import it.
enum NavigationStacksSnippets {
    /// The screens of the mail app; the inbox is the root, beneath every stack.
    enum Screen: Hashable, Sendable {
        case inbox
        case folder(String)
        case message(Int)
        case drafts
        case draft(Int)
        case team(String)
        case file(String)
    }

    enum Screens {
        /// A controller that answers with the screen `make` builds from the link's parameters.
        static func show(_ make: @escaping @Sendable (Parameters) throws -> Screen) -> Controller {
            { request in Response(request: request, data: ["screen": try make(request.params)]) }
        }
    }

    /// `teams` of the article: the teams the user belongs to.
    actor Teams {
        private var names: Set<String>
        init(_ names: Set<String>) { self.names = names }
        func isMember(of team: String) -> Bool { names.contains(team) }
        func join(_ team: String) { names.insert(team) }
    }

    // Section "Declaring parents": the mail app's router.
    static func makeRouter(teams: Teams) throws -> Router {
        let member = Policy("member") { request in
            await teams.isMember(of: request.params["team"] ?? "")
                ? .verified : .failed(Response(request: request, status: .forbidden))
        }
        let router = try Router(
            routes: [
                Route("/inbox", name: "inbox", isPublic: true, controller: Screens.show { _ in .inbox }),
                Route(
                    "/folders/:folder", name: "folder", isPublic: true,
                    controller: Screens.show { .folder($0["folder"] ?? "") }),
                Route(
                    "/folders/:folder/messages/:id(int)", name: "message", isPublic: true, parent: "folder",
                    controller: Screens.show { .message(try $0.require("id")) }),
                Route(
                    "/messages/:id(int)", name: "inboxMessage", isPublic: true, parent: "inbox",
                    controller: Screens.show { .message(try $0.require("id")) }),
                Route("/m/:id(int)", isPublic: true) { request in  // the short links of emails
                    .redirect(request, to: "/messages/\(try request.params.require("id", as: Int.self))")
                },
                Route("/drafts", name: "drafts", controller: Screens.show { _ in .drafts }),  // private
                Route(
                    "/drafts/:id(int)", name: "draft", isPublic: true, parent: "drafts",
                    controller: Screens.show { .draft(try $0.require("id")) }),
                Route(
                    "/teams/:team", name: "team", isPublic: true, policies: [member],
                    controller: Screens.show { .team($0["team"] ?? "") }),
                Route(
                    "/teams/:team/files/:file", name: "file", isPublic: true, parent: "team",
                    controller: Screens.show { .file($0["file"] ?? "") }),
            ],
            configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))
        return router
    }

    /// One level of a navigation stack: its screen, and the link that opened it (the URL its route
    /// answered, with its source), kept for state restoration.
    struct Level: Hashable, Sendable {
        let screen: Screen
        let link: InterruptedLink
    }

    /// What a scene shows: the levels above its root screen, the inbox.
    struct StackNavigation: Equatable, Sendable {
        var path: [Level] = []

        /// Shows the levels of `stack` that answered with a 2xx, in place of what is shown; a stack
        /// without one (a link that failed) changes nothing.
        mutating func show(stack: [Response]) {
            let answered = stack.filter(\.status.isSuccess)
            guard !answered.isEmpty else { return }
            path = answered.compactMap { response in
                guard let screen = response.data["screen"] as? Screen, screen != .inbox else { return nil }
                return Level(screen: screen, link: InterruptedLink(response.request))
            }
        }

        /// The links to keep for state restoration, root first.
        var links: [InterruptedLink] { path.map(\.link) }
    }
}

/// Opens a saved stack again from its last link, with the source it came with: `sendStack`
/// rebuilds the levels beneath it from the routes, and each answers again.
func reopenStack(_ links: [InterruptedLink], router: Router) async -> [Response] {
    guard let last = links.last else { return [] }
    switch last.source {
    case .app:
        return await Connection.sendStack(last.url, router: router)
    case .external(let sourceApplication):
        return await Connection.sendStack(
            fromPublicURL: last.url, sourceApplication: sourceApplication, router: router)
    case .content:
        return await Connection.sendStack(contentLink: last.url, router: router)
    }
}

@Suite("Docs: Navigation Stacks")
struct NavigationStacksTests {
    typealias Screen = NavigationStacksSnippets.Screen
    typealias Screens = NavigationStacksSnippets.Screens
    typealias StackNavigation = NavigationStacksSnippets.StackNavigation

    static func makeRouter(member: Bool = false) throws -> Router {
        try NavigationStacksSnippets.makeRouter(teams: NavigationStacksSnippets.Teams(member ? ["acme"] : []))
    }

    @Test("Declaring parents: the route table shows each route's parent")
    func routeTable() throws {
        let router = try Self.makeRouter()
        let expected = """
            NAME          ACCESS   PATTERN                             PARENT  MIDDLEWARES  POLICIES
            inbox         public   /inbox                              -       -            -
            folder        public   /folders/:folder                    -       -            -
            message       public   /folders/:folder/messages/:id(int)  folder  -            -
            inboxMessage  public   /messages/:id(int)                  inbox   -            -
            -             public   /m/:id(int)                         -       -            -
            drafts        private  /drafts                             -       -            -
            draft         public   /drafts/:id(int)                    drafts  -            -
            team          public   /teams/:team                        -       -            member
            file          public   /teams/:team/files/:file            team    -            -
            """
        #expect(router.routeTable == expected)
    }

    @Test("Declaring parents: a group's parent, by the name as written")
    func groupParent() throws {
        let screen: Controller = { request in Response(request: request) }
        let settings = try Router(
            routes: [Route("/settings", name: "settings", controller: screen)]
                + Route.group(
                    "/settings", parent: "settings",
                    [
                        Route("/notifications", name: "notifications", controller: screen),
                        Route("/app-icon", name: "appIcon", controller: screen),
                    ]))
        // settings.stack(for: "/settings/app-icon").map(\.route.name) == ["settings", "settings.appIcon"]
        #expect(
            settings.stack(for: "/settings/app-icon").map(\.route.name) == ["settings", "settings.appIcon"])
        #expect(settings.routes.map(\.parent) == [nil, "settings", "settings"])
    }

    @Test("Mistakes are found at init: a group-prefixed name, with the hint")
    func groupPrefixedParent() {
        let screen: Controller = { request in Response(request: request) }
        do {
            _ = try Router(
                routes: [Route("/settings", name: "settings", controller: screen)]
                    + Route.group(
                        "/settings",
                        [
                            Route("/privacy", name: "privacy", parent: "settings", controller: screen),
                            Route("/privacy/sites", name: "sites", parent: "privacy", controller: screen),
                        ]))
            Issue.record("a parent named as the group does not name it must be refused")
        } catch {
            print(error)  // … did you mean 'settings.privacy'? …
            #expect(
                "\(error)"
                    == "route table error for \"/settings/privacy/sites\": parent 'privacy' is not the name of a "
                    + "route; did you mean 'settings.privacy'? A group prefixes its routes' names, and parent: "
                    + "takes the name as the router has it")
        }
    }

    @Test("Mistakes are found at init: a cycle, a parameter the child lacks", arguments: [0, 1])
    func otherMistakes(_ index: Int) {
        let screen: Controller = { request in Response(request: request) }
        let tables: [[Route]] = [
            [
                Route("/a", name: "a", parent: "b", controller: screen),
                Route("/b", name: "b", parent: "a", controller: screen),
            ],
            [
                Route("/folders/:folder", name: "folder", controller: screen),
                Route("/messages/:id", name: "message", parent: "folder", controller: screen),
            ],
        ]
        let expected = [
            """
            route table error for "/a": parents form a cycle: /a (a) → /b (b) → /a (a); a route's ancestors must end at a route without a parent
            """,
            """
            route table error for "/messages/:id": its parent 'folder' (/folders/:folder) needs the parameter 'folder', which this route does not have, so its link could not build the parent's
            """,
        ]
        #expect(throws: RouteTableError.self) { try Router(routes: tables[index]) }
        do {
            _ = try Router(routes: tables[index])
        } catch {
            #expect("\(error)" == expected[index])
        }
    }

    @Test("Sending a stack: the link first, its ancestors beneath it, root first")
    func sendStack() async throws {
        let router = try Self.makeRouter()
        let stack = await Connection.sendStack("mailapp://folders/work/messages/42", router: router)
        // stack.map(\.request.url) == ["mailapp://folders/work", "mailapp://folders/work/messages/42"]
        // stack.map { $0.data["screen"] as? Screen } == [.folder("work"), .message(42)]
        #expect(stack.map(\.request.url) == ["mailapp://folders/work", "mailapp://folders/work/messages/42"])
        #expect(stack.map { $0.data["screen"] as? Screen } == [.folder("work"), .message(42)])
        #expect(stack.allSatisfy { $0.request.source == .app })
        let web = await Connection.sendStack(
            "https://mail.example.com:8443/folders/work/messages/42?utm_source=mail#reply", router: router)
        #expect(
            web.map(\.request.url) == [
                "https://mail.example.com:8443/folders/work",
                "https://mail.example.com:8443/folders/work/messages/42?utm_source=mail#reply",
            ], "the link's scheme, host and port; no query or fragment")
    }

    @Test("Sending a stack: a private ancestor is left out of an external stack")
    func privateAncestor() async throws {
        let router = try Self.makeRouter()
        let inApp = await Connection.sendStack("https://mail.example.com/drafts/3", router: router)
        // inApp.map(\.request.route?.name) == ["drafts", "draft"]
        let outside = await Connection.sendStack(
            fromPublicURL: "https://mail.example.com/drafts/3", sourceApplication: nil, router: router)
        // outside.map(\.request.route?.name) == ["draft"]: the private drafts list is left out
        #expect(inApp.map(\.request.route?.name) == ["drafts", "draft"])
        #expect(outside.map(\.request.route?.name) == ["draft"])
        #expect(outside.allSatisfy { $0.request.source == .external(sourceApplication: nil) })
    }

    @Test("Sending a stack: an ancestor whose policy fails is left out")
    func failingPolicy() async throws {
        let teams = NavigationStacksSnippets.Teams([])
        let router = try NavigationStacksSnippets.makeRouter(teams: teams)
        let shared = await Connection.sendStack("mailapp://teams/acme/files/plan.pdf", router: router)
        // not a member of acme: shared.map(\.request.route?.name) == ["file"] (team answered 403)
        #expect(shared.map(\.request.route?.name) == ["file"])
        #expect(shared.map(\.status) == [.ok])
        await teams.join("acme")
        let member = await Connection.sendStack("mailapp://teams/acme/files/plan.pdf", router: router)
        // a member: ["team", "file"]
        #expect(member.map(\.request.route?.name) == ["team", "file"])
    }

    @Test("Sending a stack: a redirecting link stacks where it ends; a failing link is a stack of one")
    func redirectAndFailure() async throws {
        let router = try Self.makeRouter()
        let short = await Connection.sendStack("mailapp://m/42", router: router)
        // short.map(\.request.url) == ["mailapp://inbox", "mailapp://messages/42"]
        let broken = await Connection.sendStack("mailapp://folders/work/messages/latest", router: router)
        // broken.map(\.status) == [.notFound]: no ancestor is sent
        #expect(short.map(\.request.url) == ["mailapp://inbox", "mailapp://messages/42"])
        #expect(short.map(\.request.route?.name) == ["inbox", "inboxMessage"])
        #expect(broken.map(\.status) == [.notFound])
        let manual = await Connection.sendStack(
            "mailapp://m/42",
            router: try Router(
                routes: router.routes,
                configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"], maxRedirects: 0)))
        #expect(manual.map(\.status) == [.seeOther], "maxRedirects: 0: the 303 alone")
    }

    @Test("Sending a stack: ancestors get sendStack's data")
    func data() async throws {
        let router = try Self.makeRouter()
        let stack = await Connection.sendStack(
            "mailapp://folders/work/messages/42", data: ["presenter": "widget"], router: router)
        #expect(stack.map { $0.request.data["presenter"] as? String } == ["widget", "widget"])
    }

    @Test("The dry run: no stage runs, so it cannot see the policy")
    func dryRun() throws {
        let router = try Self.makeRouter()
        let plan = router.stack(for: "mailapp://teams/acme/files/plan.pdf")
        // plan.map(\.route.name) == ["team", "file"]: a dry run cannot know the policy refuses
        let outsidePlan = router.stack(
            for: "https://mail.example.com/drafts/3", source: .external(sourceApplication: nil))
        // outsidePlan.map(\.route.name) == ["draft"]
        #expect(plan.map(\.route.name) == ["team", "file"])
        #expect(outsidePlan.map(\.route.name) == ["draft"])
        #expect(plan.first?.params["team"] == "acme")
    }

    @Test("The dry run: explain names the stack")
    func explain() throws {
        let router = try Self.makeRouter()
        let trace = router.explain(
            "https://mail.example.com/drafts/3", source: .external(sourceApplication: nil))
        let expected = """
            stack: sendStack puts the answers of these routes beneath this link, root first:
              https://mail.example.com/drafts (drafts): left out: no route takes it from external
            """
        #expect(trace.hasSuffix(expected), "\(trace)")
        let member = router.explain("mailapp://teams/acme/files/plan.pdf")
        #expect(member.hasSuffix("\n  mailapp://teams/acme (team): if it answers with a 2xx"), "\(member)")
    }

    @Test("Showing a stack: the same link twice leaves one screen; the root is not a level")
    func showing() async throws {
        let router = try Self.makeRouter()
        let link = "mailapp://folders/work/messages/42"
        var navigation = StackNavigation()
        navigation.show(stack: await Connection.sendStack(link, router: router))
        navigation.show(stack: await Connection.sendStack(link, router: router))
        // navigation.path.map(\.screen) == [.folder("work"), .message(42)]: one screen each, not two
        #expect(navigation.path.map(\.screen) == [.folder("work"), .message(42)])
        let shown = navigation
        navigation.show(
            stack: await Connection.sendStack("mailapp://folders/work/messages/latest", router: router))
        #expect(navigation == shown, "a link that failed changes nothing")
        navigation.show(stack: await Connection.sendStack("mailapp://m/7", router: router))
        // navigation.path.map(\.screen) == [.message(7)]: the inbox is the root, not a level
        #expect(navigation.path.map(\.screen) == [.message(7)])
        #expect(navigation.links == [InterruptedLink(url: "mailapp://messages/7", source: .app)])
    }

    @Test("State restoration: the links saved, the stack opened again from the last")
    func restoration() async throws {
        let router = try Self.makeRouter()
        for (url, external) in [
            ("mailapp://folders/work/messages/42", false), ("mailapp://m/7", false),
            ("https://mail.example.com/drafts/3", true), ("https://mail.example.com/drafts/3", false),
        ] {
            var navigation = StackNavigation()
            navigation.show(
                stack: external
                    ? await Connection.sendStack(
                        fromPublicURL: url, sourceApplication: "com.example.chat", router: router)
                    : await Connection.sendStack(url, router: router))
            // Kept in @SceneStorage, or in the scene's stateRestorationActivity:
            let saved = try JSONEncoder().encode(navigation.links)
            // At the next launch:
            let links = try JSONDecoder().decode([InterruptedLink].self, from: saved)
            var restored = StackNavigation()
            restored.show(stack: await reopenStack(links, router: router))
            // restored == navigation
            #expect(restored == navigation, "\(url)")
            #expect(!restored.path.isEmpty)
        }
        #expect(await reopenStack([], router: router).isEmpty)
    }
}
