import Testing

@testable import SwitchyardPolicies

/// ``ConfirmationPolicy/external(confirm:)``.
struct ConfirmationPolicyTests {
    static func router(_ counter: Counter, confirm: @escaping @Sendable (Request) async throws -> Bool) throws
        -> Router
    {
        try Router(
            routes: [
                Route(
                    "/account/delete", isPublic: true,
                    policies: [ConfirmationPolicy.external(confirm: confirm)],
                    controller: countingController(counter))
            ], configuration: .init(schemes: ["mailapp"]))
    }

    static let cases: [(sender: Sender, answer: Bool, status: Int, asked: Bool)] = [
        (.app, false, 200, false),
        (.external("com.other"), true, 200, true),
        (.external("com.other"), false, 403, true),
        (.external(nil), false, 403, true),
    ]

    @Test(arguments: cases)
    func externalRequestsAreConfirmed(sender: Sender, answer: Bool, status: Int, asked: Bool) async throws {
        let controllerRuns = Counter()
        let questions = Counter()
        let router = try Self.router(controllerRuns) { request in
            await questions.increment(request.sourceApplication ?? "-")
            return answer
        }
        let response = await sender.send("/account/delete", router: router)
        #expect(response.status.code == status)
        #expect(await questions.value == (asked ? 1 : 0))
        #expect(await controllerRuns.value == (status == 200 ? 1 : 0), "declined: the controller never runs")
    }

    @Test func aCancelledConfirmationEndsWith499() async throws {
        let controllerRuns = Counter()
        let started = AsyncStream<Void>.makeStream()
        let router = try Self.router(controllerRuns) { _ in
            started.continuation.yield()
            try await Task.sleep(for: .seconds(60))
            return true
        }
        let task = Task {
            await Connection.send(
                fromPublicURL: "mailapp://account/delete", sourceApplication: nil, router: router)
        }
        var iterator = started.stream.makeAsyncIterator()
        await iterator.next()
        task.cancel()
        #expect(await task.value.status == .cancelled)
        #expect(await controllerRuns.value == 0)
    }

    @Test func anErrorFromConfirmIsNotAYes() async throws {
        struct AlertFailed: Error {}
        let controllerRuns = Counter()
        let router = try Self.router(controllerRuns) { _ in throw AlertFailed() }
        let response = await Connection.send(
            fromPublicURL: "mailapp://account/delete", sourceApplication: nil, router: router)
        #expect(response.status == .internalError)
        #expect(await controllerRuns.value == 0)
    }
}
