import Switchyard
import Testing

/// Mirrors the Swift code of Sources/Routing/Switchyard.docc/Dispatch.md.
@Suite("Docs: Dispatch")
struct DispatchTests {
    /// `flags` of the article: the app's feature flags.
    actor Flags {
        private let on: Set<String>
        init(_ on: Set<String>) { self.on = on }
        func isOn(_ name: String) -> Bool { on.contains(name) }
    }

    /// `store` of the article: the titles of the posts it knows, by slug.
    actor Store {
        private let titles = ["7": "Seven wonders", "hello": "Hello"]
        func title(of slug: String) -> String? { titles[slug] }
    }

    /// `analytics` of the article: the paths it recorded.
    actor Analytics {
        private(set) var paths: [String] = []
        func record(_ path: String) { paths.append(path) }
    }

    /// What the stages of a test did, in order.
    actor Log {
        private(set) var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
    }

    // Section "Candidates": the blog router every section uses.
    static func makeRouter(flags: Flags, store: Store = Store(), analytics: Analytics = Analytics())
        throws -> Router
    {
        let newReader = Policy("newReader") { _ in
            await flags.isOn("newReader") ? .verified : .declined
        }
        let router = try Router(
            routes: [
                Route("/posts/:id(int)", name: "analytics", isPublic: true, continueNext: true) { request in
                    await analytics.record(request.path)
                    return Response(request: request)
                },
                Route("/posts/:id(int)", name: "reader", isPublic: true, policies: [newReader]) { request in
                    Response(request: request, data: ["screen": "reader"])
                },
                Route("/posts/:slug", name: "post", isPublic: true) { request in
                    let slug = try request.params.require("slug", as: String.self)
                    guard let title = await store.title(of: slug) else { throw RouteDeclined() }
                    return Response(request: request, data: ["screen": "post", "title": title])
                },
                Route("/posts/*path", name: "archive") { request in  // private
                    Response(request: request, data: ["screen": "archive"])
                },
            ])
        return router
    }

    static let flagOn = Flags(["newReader"])
    static let flagOff = Flags([])

    @Test("Candidates: in precedence order, private routes left out from outside")
    func candidates() throws {
        let router = try Self.makeRouter(flags: Self.flagOn)
        let names = router.candidates("/posts/7").map(\.route.name)
        // ["analytics", "reader", "post", "archive"]
        let outside = router.candidates("/posts/7", source: .external(sourceApplication: nil))
        // outside.map(\.route.name) == ["analytics", "reader", "post"]: private routes left out
        #expect(names == ["analytics", "reader", "post", "archive"])
        #expect(outside.map(\.route.name) == ["analytics", "reader", "post"])
        #expect(router.match("/posts/7")?.route.name == "analytics", "the first candidate is the match")
        #expect(outside.first?.params["id"] == "7")
        #expect(router.candidates("/posts/hello").map(\.route.name) == ["post", "archive"])
        #expect(router.candidates("/nothing").isEmpty)
    }

    @Test("Candidates: a route two optional expansions fit is one candidate")
    func optionalExpansions() throws {
        let screen: Controller = { request in Response(request: request) }
        let router = try Router(routes: [
            Route("/a(/:x(int))(/:y)", name: "both", controller: screen),
            Route("/a/*rest", name: "glob", controller: screen),
        ])
        #expect(router.candidates("/a/1").map(\.route.name) == ["both", "glob"])
    }

    @Test("Chains: the routes of a chain do not see each other's data")
    func chainData() async throws {
        let tagging = Middleware("tagging") { request in request.adding(["tag": "first"]) }
        let router = try Router(routes: [
            Route("/c", middlewares: [tagging], continueNext: true) { request in
                Response(request: request, data: ["tag": request.data["tag"] ?? "none"])
            },
            Route("/c") { request in Response(request: request, data: ["tag": request.data["tag"] ?? "none"])
            },
        ])
        let answers = await Connection.sendAll("/c", data: ["sent": 1], router: router)
        #expect(answers.map { $0.data["tag"] as? String } == ["first", "none"])
        #expect(answers.map { $0.request.data["sent"] as? Int } == [1, 1])
    }

    @Test("Candidates: explain ends with the list")
    func explain() throws {
        let router = try Self.makeRouter(flags: Self.flagOn)
        let trace = router.explain("/posts/7")
        let expected = """
            candidates, in the order they run (the next when one declines, or continues):
              1. /posts/:id(int) (analytics), continueNext
              2. /posts/:id(int) (reader)
              3. /posts/:slug (post)
              4. /posts/*path (archive)
            """
        #expect(trace.hasSuffix(expected), "\(trace)")
        let single = router.explain("/posts/hello", source: .external(sourceApplication: nil))
        #expect(!single.contains("candidates, in the order"), "one candidate: no list")
    }

    @Test("Declining: the next candidate runs; none left is not found")
    func declining() async throws {
        let router = try Self.makeRouter(flags: Self.flagOff)
        let post = await Connection.send("/posts/7", router: router)
        // flag off: post.data["screen"] as? String == "post" (reader declined)
        let old = await Connection.send("/posts/2009-launch", router: router)
        // old.data["screen"] as? String == "archive" (post declined)
        let probe = await Connection.send(
            fromPublicURL: "/posts/2009-launch", sourceApplication: nil, router: router)
        // probe.status == .notFound: from outside, no candidate is left

        #expect(post.status == .ok)
        #expect(post.data["screen"] as? String == "post")
        #expect(post.data["title"] as? String == "Seven wonders")
        #expect(post.request.route?.name == "post")
        #expect(old.data["screen"] as? String == "archive")
        #expect(old.request.route?.name == "archive")
        #expect(probe.status == .notFound)
        #expect(probe.request.route == nil)
    }

    @Test("Declining: the flag on, the reader answers")
    func flagOn() async throws {
        let router = try Self.makeRouter(flags: Self.flagOn)
        let reader = await Connection.send("/posts/7", router: router)
        #expect(reader.data["screen"] as? String == "reader")
        #expect(reader.request.route?.name == "reader")
    }

    @Test("Declining: each candidate starts from the request the router built; nothing is undone")
    func declineResets() async throws {
        let log = Log()
        let everywhere = Middleware("everywhere") { request in
            await log.add("router middleware for \(request.route?.name ?? "-")")
            return request
        }
        let tagging = Middleware("tagging") { request in
            await log.add("tagged")
            return request.adding(["tag": "first"])
        }
        let router = try Router(
            middlewares: [everywhere],
            routes: [
                Route("/a/:id(int)", name: "first", middlewares: [tagging]) { _ in throw RouteDeclined() },
                Route("/a/:id", name: "second") { request in
                    Response(request: request, data: ["tag": request.data["tag"] ?? "none"])
                },
            ])
        let response = await Connection.send("/a/1", data: ["sent": true], router: router)
        #expect(response.request.route?.name == "second")
        #expect(response.data["tag"] as? String == "none", "the declined route's middleware data is gone")
        #expect(response.request.data["sent"] as? Bool == true, "the data the URL was sent with is kept")
        #expect(response.request.params["id"] == "1")
        #expect(
            await log.lines == [
                "router middleware for first", "tagged", "router middleware for second",
            ], "router-wide stages run again; the declined route's are not undone")
    }

    @Test("Declining: RouteDeclined from the notFound controller answers 404")
    func declinedFromNotFound() async throws {
        let router = try Router(
            routes: [Route("/a") { _ in throw RouteDeclined() }],
            configuration: .init(notFound: { _ in throw RouteDeclined() }))
        #expect(await Connection.send("/a", router: router).status == .notFound)
        #expect(await Connection.send("/b", router: router).status == .notFound)
    }

    @Test("Chains and broadcast: send returns the last answer, sendAll every answer")
    func chains() async throws {
        let analytics = Analytics()
        let router = try Self.makeRouter(flags: Self.flagOn, analytics: analytics)
        let answers = await Connection.sendAll("/posts/7", router: router)
        // flag on: answers.map { $0.request.route?.name } == ["analytics", "reader"]
        let screen = await Connection.send("/posts/7", router: router)
        // screen.data["screen"] as? String == "reader"

        #expect(answers.map { $0.request.route?.name } == ["analytics", "reader"])
        #expect(answers.map(\.status) == [.ok, .ok])
        #expect(screen.data["screen"] as? String == "reader")
        #expect(await analytics.paths == ["/posts/7", "/posts/7"])
    }

    @Test("Chains: when every candidate after a success declines, the success is the answer")
    func successThenDeclines() async throws {
        let router = try Self.makeRouter(flags: Self.flagOff)
        let outside = await Connection.send(
            fromPublicURL: "/posts/99", sourceApplication: nil, router: router)
        #expect(outside.status == .ok)
        #expect(outside.request.route?.name == "analytics")
        #expect(outside.data.isEmpty)
        let all = await Connection.sendAll(fromPublicURL: "/posts/99", sourceApplication: nil, router: router)
        #expect(all.map { $0.request.route?.name } == ["analytics"])
        // In-app, the private archive takes it after the two declines.
        let inApp = await Connection.sendAll("/posts/99", router: router)
        #expect(inApp.map { $0.request.route?.name } == ["analytics", "archive"])
        // No candidate at all: the one not-found answer.
        let none = await Connection.sendAll("/nothing", router: router)
        #expect(none.map(\.status) == [.notFound])
    }

    @Test("Chains: only a 2xx answer continues; a 303 ends the chain and is followed")
    func chainEnds() async throws {
        let router = try Router(routes: [
            Route("/x/:id", continueNext: true) { request in Response(request: request, status: .forbidden) },
            Route("/x/:id") { request in Response(request: request, data: ["ran": true]) },
            Route("/y/:id", continueNext: true) { request in Response(request: request) },
            Route("/y/:id", continueNext: true) { request in Response.redirect(request, to: "/z") },
            Route("/y/:id") { request in Response(request: request, data: ["ran": true]) },
            Route("/z", continueNext: true) { request in Response(request: request, data: ["z": 1]) },
            Route("/z") { request in Response(request: request, data: ["z": 2]) },
        ])
        let refused = await Connection.sendAll("/x/1", router: router)
        #expect(refused.map(\.status) == [.forbidden])
        let redirected = await Connection.sendAll("/y/1", router: router)
        #expect(redirected.map { $0.request.path } == ["/y/1", "/z", "/z"])
        #expect(redirected.map { $0.data["z"] as? Int } == [nil, 1, 2])
        let last = await Connection.send("/y/1", router: router)
        #expect(last.data["z"] as? Int == 2)
    }

    @Test("Chains and broadcast: Khala's notify-many")
    func broadcast() async throws {
        let events = try Router(routes: [
            Route("/events/sync", continueNext: true) { request in
                Response(request: request, data: ["module": "mail"])
            },
            Route("/events/sync", continueNext: true) { request in
                Response(request: request, data: ["module": "calendar"])
            },
            Route("/events/sync") { request in
                Response(request: request, data: ["module": "contacts"])
            },
        ])
        let notified = await Connection.sendAll("/events/sync", router: events)
        // notified.map { $0.data["module"] as? String } == ["mail", "calendar", "contacts"]
        #expect(notified.map { $0.data["module"] as? String } == ["mail", "calendar", "contacts"])
        let last = await Connection.send("/events/sync", router: events)
        #expect(last.data["module"] as? String == "contacts")
    }

    @Test("Chains: a route of the same shape after one without continueNext is refused")
    func chainRule() {
        let error = #expect(throws: RouteTableError.self) {
            try Router(routes: [
                Route("/events/sync") { request in Response(request: request) },
                Route("/events/sync") { request in Response(request: request) },
            ])
        }
        #expect(
            error?.description
                == "route table error for \"/events/sync\": it could never run: it has the same shape as \"/events/sync\" (parameter names aside), which was registered first and has no continueNext"
        )
    }

    // Section "Redirects that carry data".
    static func makeCampaigns() throws -> Router {
        let campaigns = try Router(
            routes: [
                Route("/promo/:campaign", isPublic: true) { request in
                    let campaign = try request.params.require("campaign", as: String.self)
                    return Response.redirect(request, to: "/compose", data: ["campaign": campaign])
                },
                Route("/compose", isPublic: true, schemes: ["mailapp"]) { request in
                    Response(request: request, data: ["campaign": request.data["campaign"] ?? "none"])
                },
            ],
            configuration: .init(schemes: ["mailapp"]))
        return campaigns
    }

    @Test("Redirects that carry data")
    func redirectData() async throws {
        let campaigns = try Self.makeCampaigns()
        let opened = await Connection.send(
            fromPublicURL: "mailapp://promo/spring", sourceApplication: nil, router: campaigns)
        // opened.data["campaign"] as? String == "spring", opened.request.url == "mailapp://compose"
        let forged = await Connection.send(
            fromPublicURL: "mailapp://compose?campaign=free", sourceApplication: nil, router: campaigns)
        // forged.data["campaign"] as? String == "none": a query item is not data

        #expect(opened.status == .ok)
        #expect(opened.data["campaign"] as? String == "spring")
        #expect(opened.request.url == "mailapp://compose")
        #expect(opened.request.isExternal, "the source is kept")
        #expect(forged.data["campaign"] as? String == "none")
        // Without the link's scheme, an outside bare path does not reach the scoped route.
        let bare = await Connection.send(fromPublicURL: "/compose", sourceApplication: nil, router: campaigns)
        #expect(bare.status == .notFound)
    }

    @Test("Redirects: data merged over the sent data, accumulating over hops")
    func redirectMerge() async throws {
        let router = try Router(routes: [
            Route("/a") { request in Response.redirect(request, to: "/b", data: ["hop": 1, "from": "a"]) },
            Route("/b") { request in Response.redirect(request, to: "/c", data: ["hop": 2]) },
            Route("/c") { request in Response(request: request) },
        ])
        let response = await Connection.send("/a", data: ["user": "ada", "hop": 0], router: router)
        #expect(response.request.path == "/c")
        #expect(response.request.data["user"] as? String == "ada")
        #expect(response.request.data["hop"] as? Int == 2)
        #expect(response.request.data["from"] as? String == "a")
    }

    @Test("Redirects: a bare path keeps a web link's scheme and host")
    func redirectWebHost() async throws {
        let router = try Router(
            routes: [
                Route("/promo", isPublic: true) { request in Response.redirect(request, to: "/compose") },
                Route("/compose", isPublic: true, hosts: ["mail.example.com"]) { request in
                    Response(request: request)
                },
            ],
            configuration: .init(hosts: ["mail.example.com"]))
        let response = await Connection.send(
            fromPublicURL: "https://mail.example.com/promo", sourceApplication: nil, router: router)
        #expect(response.status == .ok)
        #expect(response.request.url == "https://mail.example.com/compose")
    }

    @Test("Redirects: maxRedirects 0 returns the 303 with its data")
    func maxRedirectsZero() async throws {
        let campaigns = try Self.makeCampaigns()
        let manual = try Router(
            routes: campaigns.routes, configuration: .init(schemes: ["mailapp"], maxRedirects: 0))
        let hop = await Connection.send("/promo/spring", router: manual)
        // hop.status == .seeOther, hop.location == "/compose", hop.data["campaign"] as? String == "spring"
        #expect(hop.status == .seeOther)
        #expect(hop.location == "/compose")
        #expect(hop.data["campaign"] as? String == "spring")

        let scripted = try Router(
            routes: [Route("/x") { request in Response.redirect(request, to: "javascript:alert(1)") }],
            configuration: .init(maxRedirects: 0))
        #expect(await Connection.send("/x", router: scripted).status == .badRequest)
    }

    // Section "Forwarding safely": the app's one router.
    enum AppRouter {
        static let shared: Router = try! Router(
            routes: [
                Route("/open", isPublic: true, query: ["url": .any]) { request in
                    // Sent while an outside link's request runs: sent as that outside link.
                    await Connection.send(request.query["url"] ?? "/", router: AppRouter.shared)
                },
                Route("/resume", isPublic: true) { _ in
                    // A URL the app chose itself, not one read from the request.
                    await Connection.send("/drafts/last", router: AppRouter.shared, trusted: true)
                },
                Route("/drafts/last") { request in  // private
                    Response(request: request, data: ["screen": "draft"])
                },
                // Not in the article: the other ways a stage may re-send.
                Route("/via/:how", isPublic: true, query: ["url": .any]) { request in
                    let url = request.query["url"] ?? "/"
                    switch request.params["how"] ?? "" {
                    case "task":
                        return await Task { await Connection.send(url, router: AppRouter.shared) }.value
                    case "async-let":
                        async let forwarded = Connection.send(url, router: AppRouter.shared)
                        return await forwarded
                    case "group":
                        return await withTaskGroup(of: Response.self) { group in
                            group.addTask { await Connection.send(url, router: AppRouter.shared) }
                            return await group.next()!
                        }
                    case "callback":
                        return await withCheckedContinuation { continuation in
                            Connection.send(url, router: AppRouter.shared) {
                                continuation.resume(returning: $0)
                            }
                        }
                    case "all":
                        let answers = await Connection.sendAll(url, router: AppRouter.shared)
                        return answers[answers.count - 1]
                    default:
                        return await Task.detached { await Connection.send(url, router: AppRouter.shared) }
                            .value
                    }
                },
            ],
            configuration: .init(schemes: ["mailapp"]))
    }

    @Test("Forwarding safely: a re-send inside an outside link's request stays outside")
    func forwarding() async {
        let smuggled = await Connection.send(
            fromPublicURL: "mailapp://open?url=/drafts/last", sourceApplication: nil,
            router: AppRouter.shared)
        // smuggled.status == .notFound: the private route does not exist for an outside link
        let resumed = await Connection.send(
            fromPublicURL: "mailapp://resume", sourceApplication: nil, router: AppRouter.shared)
        // resumed.data["screen"] as? String == "draft"

        #expect(smuggled.status == .notFound)
        #expect(smuggled.request.isExternal)
        #expect(resumed.status == .ok)
        #expect(resumed.data["screen"] as? String == "draft")
        // In-app, the same forwarding route reaches the private route.
        let inApp = await Connection.send("mailapp://open?url=/drafts/last", router: AppRouter.shared)
        #expect(inApp.data["screen"] as? String == "draft")
    }

    @Test(
        "Forwarding safely: tasks, async let, task groups, callbacks and sendAll keep the source",
        arguments: ["task", "async-let", "group", "callback", "all"])
    func forwardingFromChildren(how: String) async {
        let response = await Connection.send(
            fromPublicURL: "mailapp://via/\(how)?url=/drafts/last", sourceApplication: nil,
            router: AppRouter.shared)
        #expect(response.status == .notFound)
        #expect(response.request.isExternal)
    }

    @Test("Forwarding safely: a detached task does not inherit the source (the documented caveat)")
    func forwardingDetached() async {
        let response = await Connection.send(
            fromPublicURL: "mailapp://via/detached?url=/drafts/last", sourceApplication: nil,
            router: AppRouter.shared)
        #expect(response.data["screen"] as? String == "draft", "why the article says not to")
    }
}

/// Mirrors the Swift code of the section "From Khala, HTRouter, Shepherd and JLRoutes" of
/// Sources/Routing/Switchyard.docc/MigratingFromYukina.md.
@Suite("Docs: Migrating from Khala, HTRouter, Shepherd and JLRoutes")
struct MigratingFromOtherRoutersTests {
    /// `users` of the article: the ids the profile handler knows.
    actor Users {
        func contains(_ id: Int) -> Bool { id == 7 }
    }

    static func makeRouter(users: Users = Users()) throws -> Router {
        let onboarded = Policy("onboarded") { request in
            request.data["user"] != nil
                ? .verified
                : .failed(Response.redirect(request, to: "/welcome", data: ["next": request.path]))
        }
        let router = try Router(routes: [
            Route("/user/:id(int)", isPublic: true, policies: [onboarded]) { request in
                let id = try request.params.require("id", as: Int.self)
                guard await users.contains(id) else { throw RouteDeclined() }  // JLRoutes' `return NO`
                return Response(request: request, data: ["handler": "profile"])
            },
            Route("/user/*rest", isPublic: true) { request in  // the fallback
                Response(request: request, data: ["handler": "fallback"])
            },
            Route("/welcome", isPublic: true) { request in
                Response(request: request, data: ["next": request.data["next"] ?? "/"])
            },
        ])
        return router
    }

    @Test("a handler that passes, its fallback, and a redirecting interceptor")
    func dispatch() async throws {
        let router = try Self.makeRouter()
        let known = await Connection.send("/user/7", data: ["user": "ada"], router: router)
        // known.data["handler"] as? String == "profile"
        let unknown = await Connection.send("/user/8", data: ["user": "ada"], router: router)
        // unknown.data["handler"] as? String == "fallback": the profile route declined
        let signedOut = await Connection.send("/user/7", router: router)
        // signedOut.data["next"] as? String == "/user/7": the interceptor redirected, with its data

        #expect(known.data["handler"] as? String == "profile")
        #expect(unknown.data["handler"] as? String == "fallback")
        #expect(unknown.request.route?.pattern == "/user/*rest")
        #expect(signedOut.status == .ok)
        #expect(signedOut.request.path == "/welcome")
        #expect(signedOut.data["next"] as? String == "/user/7")
    }
}
