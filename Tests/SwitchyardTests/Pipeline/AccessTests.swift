import Testing

@testable import Switchyard

/// Architecture, "The pipeline" step 4: an external request for a private route gets exactly the response a
/// missing route gets, and nothing of that route runs.
@Suite("Pipeline: access")
struct AccessTests {
    static let sourceApplications: [String?] = [nil, "com.example.other"]

    /// A router with a private route whose every stage is counted, and router-wide stages too.
    static func probeRouter(_ log: StageLog, notFound: Controller? = nil, withPrivateRoute: Bool = true)
        throws -> Router
    {
        let privateRoutes = Route.group(
            "/drafts", middlewares: [log.middleware("group middleware")],
            policies: [log.policy("group policy")],
            [
                Route(
                    "/:draft_id", middlewares: [log.middleware("route middleware")],
                    policies: [log.policy("route policy")], controller: log.controller())
            ])
        return try Router(
            middlewares: [log.middleware("router middleware")], policies: [log.policy("router policy")],
            routes: [Route("/inbox", isPublic: true, controller: echo)]
                + (withPrivateRoute ? privateRoutes : []),
            configuration: .init(schemes: ["mailapp"], notFound: notFound))
    }

    static let customNotFound: Controller = { request in
        Response(request: request, status: .notFound, data: ["screen": "missing", "path": request.path])
    }

    @Test("external private == missing, same router, default notFound", arguments: sourceApplications)
    func privateAnswersLikeMissing(sourceApplication: String?) async throws {
        let log = StageLog()
        let router = try Self.probeRouter(log)
        let hidden = await Connection.send(
            fromPublicURL: "mailapp://drafts/3?x=1", sourceApplication: sourceApplication, router: router)
        let missing = await Connection.send(
            fromPublicURL: "mailapp://nothing/3?x=1", sourceApplication: sourceApplication, router: router)
        #expect(hidden.status == .notFound)
        #expect(hidden.request.route == nil)
        #expect(hidden.request.params.isEmpty)
        #expect(hidden.data.isEmpty)
        #expect(hidden.location == nil)
        #expect(ResponseSnapshot(hidden).ignoringURL() == ResponseSnapshot(missing).ignoringURL())
        #expect(await log.entries == [])
    }

    @Test("external private == missing, custom notFound", arguments: sourceApplications)
    func privateAnswersLikeMissingWithCustomNotFound(sourceApplication: String?) async throws {
        let log = StageLog()
        let router = try Self.probeRouter(log, notFound: Self.customNotFound)
        let hidden = await Connection.send(
            fromPublicURL: "mailapp://drafts/3", sourceApplication: sourceApplication, router: router)
        let missing = await Connection.send(
            fromPublicURL: "mailapp://nothing/3", sourceApplication: sourceApplication, router: router)
        #expect(hidden.status == .notFound)
        #expect(hidden.data["screen"] as? String == "missing")
        #expect(hidden.data["path"] as? String == "/drafts/3")
        #expect(missing.data["path"] as? String == "/nothing/3")
        #expect(
            ResponseSnapshot(hidden).ignoringURL(dataKeys: ["path"])
                == ResponseSnapshot(missing).ignoringURL(dataKeys: ["path"]))
        #expect(await log.entries == [])
    }

    /// The strongest probe: the same URL against a router with the private route and one without
    /// it. Every observable part of the response, URL and path included, must be equal.
    @Test(
        "same URL, router with vs without the private route: identical responses",
        arguments: sourceApplications, [false, true])
    func sameURLWithAndWithoutPrivateRoute(sourceApplication: String?, customNotFound: Bool) async throws {
        let log = StageLog()
        let notFound = customNotFound ? Self.customNotFound : nil
        let with = try Self.probeRouter(log, notFound: notFound)
        let without = try Self.probeRouter(log, notFound: notFound, withPrivateRoute: false)
        for url in ["mailapp://drafts/3", "mailapp://drafts/3/?a=1&a=2#top", "mailapp:///drafts/%33"] {
            let hidden = await Connection.send(
                fromPublicURL: url, sourceApplication: sourceApplication, router: with)
            let missing = await Connection.send(
                fromPublicURL: url, sourceApplication: sourceApplication, router: without)
            #expect(ResponseSnapshot(hidden) == ResponseSnapshot(missing), "\(url)")
            #expect(with.match(url, source: .external(sourceApplication: sourceApplication)) == nil)
        }
        #expect(await log.entries == [])
    }

    @Test("in-app requests reach private routes and run every stage")
    func appReachesPrivateRoutes() async throws {
        let log = StageLog()
        let router = try Self.probeRouter(log)
        let response = await Connection.send("mailapp://drafts/3", router: router)
        #expect(response.status == .ok)
        #expect(response.request.params["draft_id"] == "3")
        #expect(
            await log.entries == [
                "router middleware", "group middleware", "route middleware", "router policy", "group policy",
                "route policy", "controller",
            ])
    }

    @Test("external requests reach public routes", arguments: sourceApplications)
    func externalReachesPublicRoutes(sourceApplication: String?) async throws {
        let router = try Self.probeRouter(StageLog())
        let response = await Connection.send(
            fromPublicURL: "mailapp://inbox", sourceApplication: sourceApplication, router: router)
        #expect(response.status == .ok)
        #expect(response.request.source == .external(sourceApplication: sourceApplication))
        #expect(response.request.sourceApplication == sourceApplication)
        #expect(response.request.isExternal)
    }
}
