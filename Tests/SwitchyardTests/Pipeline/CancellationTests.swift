import Testing

@testable import Switchyard

/// Architecture, "The pipeline" step 10: cancelling the sending task stops the pipeline between
/// stages with 499.
@Suite("Pipeline: cancellation")
struct CancellationTests {
    @Test("cancel while a policy awaits: 499, later policies and the controller never run")
    func cancelDuringPolicy() async throws {
        let gate = Gate()
        let log = StageLog()
        let waiting = Policy("waits") { _ in
            await gate.pass()
            return .verified
        }
        let observer = RecordingObserver()
        let router = try Router(
            routes: [Route("/slow", policies: [waiting, log.policy("after")], controller: log.controller())],
            configuration: .init(observers: [observer]))
        let task = Task { await Connection.send("/slow", router: router) }
        await gate.waitUntilEntered()
        task.cancel()
        await gate.open()
        let response = await task.value
        #expect(response.status == .cancelled)
        #expect(await log.entries == [])
        #expect(await observer.observations.map(\.status) == [.cancelled])
    }

    @Test("cancel while a middleware awaits: policies and the controller never run")
    func cancelDuringMiddleware() async throws {
        let gate = Gate()
        let log = StageLog()
        let waiting = Middleware("waits") { request in
            await gate.pass()
            return request
        }
        let router = try Router(
            routes: [
                Route(
                    "/slow", isPublic: true, middlewares: [waiting, log.middleware("after")],
                    policies: [log.policy("policy")], controller: log.controller())
            ])
        let task = Task {
            await Connection.send(fromPublicURL: "/slow", sourceApplication: nil, router: router)
        }
        await gate.waitUntilEntered()
        task.cancel()
        await gate.open()
        let response = await task.value
        #expect(response.status == .cancelled)
        #expect(response.data.isEmpty, "no details for external requests")
        #expect(await log.entries == [])
    }

    @Test("a stage that throws CancellationError while sleeping gives 499")
    func cancelDuringSleep() async throws {
        let log = StageLog()
        let sleeping = Policy("sleeps") { _ in
            try await Task.sleep(for: .seconds(600))
            return .verified
        }
        let router = try Router(routes: [Route("/slow", policies: [sleeping], controller: log.controller())])
        let task = Task { await Connection.send("/slow", router: router) }
        try await Task.sleep(for: .milliseconds(20))
        task.cancel()
        let response = await task.value
        #expect(response.status == .cancelled)
        #expect(await log.entries == [])
    }

    @Test("cancel while the controller's redirect target is pending: the next hop answers 499")
    func cancelBetweenRedirectHops() async throws {
        let gate = Gate()
        let log = StageLog()
        let router = try Router(routes: [
            Route("/first") { request in
                await gate.pass()
                return .redirect(request, to: "/second")
            },
            Route("/second", controller: log.controller()),
        ])
        let task = Task { await Connection.send("/first", router: router) }
        await gate.waitUntilEntered()
        task.cancel()
        await gate.open()
        let response = await task.value
        #expect(response.status == .cancelled)
        #expect(response.request.url == "/second")
        #expect(await log.entries == [])
    }

    /// Regression: a cancelled task used to get 404 for unmatched URLs (default notFound) but 499
    /// for matched ones; now every URL answers 499.
    @Test(
        "an already cancelled task gets 499 for any URL",
        arguments: ["/r", "/missing", "/drafts/1"])
    func alreadyCancelled(url: String) async throws {
        let log = StageLog()
        let router = try Router(
            routes: [
                Route("/r", isPublic: true, controller: log.controller()),
                Route("/drafts/:id", controller: echo),
            ])
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return (
                await Connection.send(url, router: router),
                await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
            )
        }
        let (app, external) = await task.value
        #expect(app.status == .cancelled)
        #expect(external.status == .cancelled)
        #expect(await log.entries == [])
    }
}
