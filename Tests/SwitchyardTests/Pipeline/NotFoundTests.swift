import Testing

@testable import Switchyard

/// Architecture, "The pipeline" step 3: no match → the `notFound` controller, by default a plain 404.
@Suite("Pipeline: not found")
struct NotFoundTests {
    @Test(
        "default notFound: 404, no route; in-app, the error alone (InAppErrorMessageTests), external, no data",
        arguments: ["/nowhere", "/inbox/extra", "/"])
    func defaultNotFound(url: String) async throws {
        let router = try router(["/inbox"])
        let response = await Connection.send(url, router: router)
        #expect(response.status == .notFound)
        #expect(response.data.count == 1)
        #expect(response.error?.status == .notFound)
        #expect(response.request.route == nil)
        #expect(response.request.url == url)
        let external = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(external.status == .notFound)
        #expect(external.data.isEmpty)
    }

    @Test("custom notFound gets the request with its path, query and in-app data")
    func customNotFound() async throws {
        let notFound: Controller = { request in
            Response(
                request: request, status: .notFound,
                data: [
                    "path": request.path, "q": request.query["q"] ?? "-", "user": request.data["user"] ?? "-",
                ])
        }
        let router = try router(["/inbox"], configuration: .init(notFound: notFound))
        let response = await Connection.send("/search/?q=cats", data: ["user": "ada"], router: router)
        #expect(response.status == .notFound)
        #expect(response.data["path"] as? String == "/search")
        #expect(response.data["q"] as? String == "cats")
        #expect(response.data["user"] as? String == "ada")
    }

    @Test("a custom notFound may answer with another status")
    func customNotFoundStatus() async throws {
        let gone = Status(code: 410, reason: "Gone")
        let router = try router(
            ["/inbox"], configuration: .init(notFound: { Response(request: $0, status: gone) }))
        #expect(await Connection.send("/old", router: router).status == gone)
        #expect(await Connection.send("/inbox", router: router).status == .ok)
    }

    @Test("an error thrown by the notFound controller becomes a response")
    func throwingNotFound() async throws {
        let router = try router(
            ["/inbox"], configuration: .init(notFound: { _ in throw RoutingError(.forbidden, "no") }))
        let app = await Connection.send("/old", router: router)
        #expect(app.status == .forbidden)
        #expect(app.error?.message == "no")
        let external = await Connection.send(fromPublicURL: "/old", sourceApplication: nil, router: router)
        #expect(external.status == .forbidden)
        #expect(external.data.isEmpty)
    }

    @Test("the parser's refusals do not reach the notFound controller")
    func refusalsSkipNotFound() async throws {
        let log = StageLog()
        let router = try router(["/inbox"], configuration: .init(notFound: log.controller("notFound")))
        #expect(await Connection.send("/a/%zz", router: router).status == .badRequest)
        #expect(await Connection.send("/a/../b", router: router).status == .badRequest)
        #expect(await log.entries == [])
        #expect(await Connection.send("/a", router: router).status == .ok)
        #expect(await log.entries == ["notFound"])
    }
}
