import Foundation
import Testing

@testable import Switchyard

/// Issue 6, item 1: an external caller probing private routes learns nothing. Each probe's
/// response is compared, field by field (``Fingerprint``), with the response the same caller gets
/// from a router that has no such route at all.
struct PrivateRouteProbingTests {
    static func configuration(_ notFound: Controller?) -> Router.Configuration {
        Router.Configuration(schemes: ["mailapp"], hosts: ["mail.example.com"], notFound: notFound)
    }

    static func privateRoutes(_ log: SecurityLog) -> [Route] {
        let controller: Controller = { request in
            await log.record("controller \(request.route?.pattern ?? "-")")
            return Response(request: request, data: ["secret": "yes"])
        }
        let watch = Middleware("watch") { request in
            await log.record("middleware \(request.route?.pattern ?? "-")")
            return request
        }
        return [
            Route("/admin", middlewares: [watch], controller: controller),
            Route("/admin/:panel", controller: controller),
            Route("/drafts/:draft_id(int)", controller: controller),
            Route("/settings/*rest", controller: controller),
            Route("/users/:id/impersonate", isPublic: false, controller: controller),
        ]
            + Route.group(
                "/internal", isPublic: false, middlewares: [watch],
                [
                    Route("/debug", isPublic: true, controller: controller),
                    Route("/flags/:flag", controller: controller),
                ])
    }

    static func publicRoutes() -> [Route] {
        [
            Route("/messages", isPublic: true, controller: echo),
            Route("/users/:id(int)", isPublic: true, controller: echo),
            Route("/go", isPublic: true) { request in .redirect(request, to: request.query["to"] ?? "/") },
        ]
    }

    /// URLs that reach a private route in-app, in every form a caller might try.
    static let privateURLs = [
        "/admin", "/admin/", "/admin?x=1#y", "mailapp://admin", "MAILAPP:///admin",
        "https://mail.example.com/admin", "https://MAIL.EXAMPLE.COM:443/admin/", "/%61dmin",
        "/%61%64%6D%69%6E",
        "/admin/users", "/admin/a%2Fb", "/drafts/7", "/drafts/-1", "/drafts/007", "/settings/a",
        "/settings/a/b/c", "/users/7/impersonate", "/users/abc/impersonate", "/internal/debug",
        "/internal/flags/x", "mailapp://internal/flags/x?y=z",
    ]

    /// Hostile spellings from issue 6: whatever they give, it is what a missing route gives.
    static let variants = [
        "/Admin", "//admin", "/x/../admin", "/%2e%2e/admin", "/admin;x", "/admin%0a", "/%EF%BB%BFadmin",
        "/admin%2F", "/admin/.", "/./admin", "/admin%00", "/adm%69n/", "/ADMIN", "/drafts/7%0a",
        "/drafts/%37", "/settings", "/internal",
    ]

    @Test(
        "An external probe of a private route is answered exactly as a missing route",
        arguments: privateURLs + variants, probeSources)
    func probe(_ url: String, sourceApplication: String?) async throws {
        for notFound in [nil, revealingNotFound] {
            let log = SecurityLog()
            let router = try Router(
                routes: Self.publicRoutes() + Self.privateRoutes(log),
                configuration: Self.configuration(notFound))
            let missing = try Router(routes: [], configuration: Self.configuration(notFound))
            let publicOnly = try Router(
                routes: Self.publicRoutes(), configuration: Self.configuration(notFound))
            let probed = await Connection.send(
                fromPublicURL: url, sourceApplication: sourceApplication, router: router)
            let expected = await Connection.send(
                fromPublicURL: url, sourceApplication: sourceApplication, router: missing)
            #expect(Fingerprint(probed) == Fingerprint(expected))
            if !url.hasPrefix("/go") {
                let other = await Connection.send(
                    fromPublicURL: url, sourceApplication: sourceApplication, router: publicOnly)
                #expect(Fingerprint(probed) == Fingerprint(other))
            }
            #expect(await log.entries.isEmpty, "nothing of a private route runs")
            #expect(router.match(url, source: .external(sourceApplication: sourceApplication)) == nil)
        }
    }

    /// The `URL` overload and the callback form take the same path as the `String` form.
    @Test(
        "Every external send form answers a private route exactly as a missing route",
        arguments: privateURLs, probeSources)
    func everySendForm(_ url: String, sourceApplication: String?) async throws {
        let log = SecurityLog()
        let router = try Router(
            routes: Self.publicRoutes() + Self.privateRoutes(log),
            configuration: Self.configuration(revealingNotFound))
        let missing = try Router(routes: [], configuration: Self.configuration(revealingNotFound))
        let expected = await Connection.send(
            fromPublicURL: url, sourceApplication: sourceApplication, router: missing)
        if let foundationURL = URL(string: url) {
            let probed = await Connection.send(
                fromPublicURL: foundationURL, sourceApplication: sourceApplication, router: router)
            #expect(Fingerprint(probed) == Fingerprint(expected))
        }
        let called = await withCheckedContinuation { continuation in
            Connection.send(fromPublicURL: url, sourceApplication: sourceApplication, router: router) {
                continuation.resume(returning: $0)
            }
        }
        #expect(Fingerprint(called) == Fingerprint(expected))
        #expect(await log.entries.isEmpty, "nothing of a private route runs")
    }

    @Test("In-app, the same URLs do reach their private routes", arguments: privateURLs)
    func inApp(_ url: String) async throws {
        let log = SecurityLog()
        let router = try Router(
            routes: Self.publicRoutes() + Self.privateRoutes(log), configuration: Self.configuration(nil))
        let response = await Connection.send(url, router: router)
        #expect(response.status == .ok)
        #expect(response.request.route?.isPublic == false)
        #expect(await log.entries.contains { $0.hasPrefix("controller") })
    }

    /// 0.1 let the private route win the match and then answered not-found, which told a prober
    /// exactly which paths were private (`/files/secret/key` 404, `/files/other/key` 200). From
    /// 0.2 private routes do not exist for an external request.
    @Test(
        "Regression (private paths told apart by a public glob): external answers are those of the public routes alone",
        arguments: probeSources)
    func publicGlob(sourceApplication: String?) async throws {
        let log = SecurityLog()
        let publicRoutes = [
            Route("/*anything", isPublic: true, controller: echo),
            Route("/files/*path", isPublic: true, controller: echo),
        ]
        let router = try Router(
            routes: publicRoutes + Self.privateRoutes(log) + [Route("/files/secret/:name", controller: echo)],
            configuration: Self.configuration(revealingNotFound))
        let publicOnly = try Router(
            routes: publicRoutes, configuration: Self.configuration(revealingNotFound))
        for url in [
            "/admin", "/admin/x", "/settings/a/b", "/files/secret/key", "/internal/flags/x", "/files/a",
        ] {
            let probed = await Connection.send(
                fromPublicURL: url, sourceApplication: sourceApplication, router: router)
            let expected = await Connection.send(
                fromPublicURL: url, sourceApplication: sourceApplication, router: publicOnly)
            #expect(Fingerprint(probed) == Fingerprint(expected), "\(url)")
            #expect(probed.status == .ok, "\(url): a public glob answers it")
            #expect(probed.request.route?.isPublic == true, "\(url)")
        }
        let secret = await Connection.send(
            fromPublicURL: "/files/secret/key", sourceApplication: sourceApplication, router: router)
        #expect(secret.request.route?.pattern == "/files/*path")
        #expect(await log.entries.isEmpty, "no stage of a private route ran")
        // In-app, the private route still wins.
        let inApp = await Connection.send("/files/secret/key", router: router)
        #expect(inApp.request.route?.pattern == "/files/secret/:name")
    }

    @Test(
        "A redirect from a public route to a private one ends as not-found for an external caller",
        arguments: ["/admin", "mailapp://admin", "/drafts/7", "/settings/x", "/go?to=/admin", "/%61dmin"])
    func redirectToPrivate(_ target: String) async throws {
        let log = SecurityLog()
        let router = try Router(
            routes: Self.publicRoutes() + Self.privateRoutes(log),
            configuration: Self.configuration(revealingNotFound))
        let missing = try Router(routes: [], configuration: Self.configuration(revealingNotFound))
        let url = "/go?to=" + PercentEncoding.encodeQueryComponent(target)
        for sourceApplication in probeSources {
            let response = await Connection.send(
                fromPublicURL: url, sourceApplication: sourceApplication, router: router)
            #expect(response.status == .notFound)
            #expect(response.request.route == nil)
            #expect(response.request.sourceApplication == sourceApplication, "the redirect keeps the source")
            var final = target
            while final.hasPrefix("/go?to=") { final = String(final.dropFirst(7)) }
            let expected = await Connection.send(
                fromPublicURL: final, sourceApplication: sourceApplication, router: missing)
            #expect(Fingerprint(response) == Fingerprint(expected))
        }
        #expect(await log.entries.isEmpty)
        let inApp = await Connection.send(url, router: router)
        #expect(inApp.status == .ok, "in-app, the same redirect reaches the private route")
    }

    @Test("A rewrite from a public spelling to a private route does not open it", arguments: probeSources)
    func rewriteToPrivate(sourceApplication: String?) async throws {
        let log = SecurityLog()
        let rewrites = [
            Rewrite("/a/:panel", to: "/admin/:panel"), Rewrite("legacy") { $0 == "/old" ? "/admin" : nil },
        ]
        let router = try Router(
            rewrites: rewrites, routes: Self.publicRoutes() + Self.privateRoutes(log),
            configuration: Self.configuration(revealingNotFound))
        let missing = try Router(
            rewrites: rewrites, routes: [], configuration: Self.configuration(revealingNotFound))
        for url in ["/a/users", "/old"] {
            let probed = await Connection.send(
                fromPublicURL: url, sourceApplication: sourceApplication, router: router)
            let expected = await Connection.send(
                fromPublicURL: url, sourceApplication: sourceApplication, router: missing)
            #expect(Fingerprint(probed) == Fingerprint(expected), "\(url)")
            #expect(probed.status == .notFound)
        }
        #expect(await log.entries.isEmpty)
        #expect(await Connection.send("/a/users", router: router).status == .ok, "in-app the rewrite works")
    }
}
