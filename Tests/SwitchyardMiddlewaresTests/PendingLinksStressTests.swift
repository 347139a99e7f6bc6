import Foundation
import Testing

@testable import SwitchyardMiddlewares

/// ``PendingLinks`` under concurrency: holds during a delivery, holds from inside a delivery's own
/// sends, cancellation, and many tasks holding while others deliver, where every link must be
/// delivered exactly once.
@Suite("PendingLinks stress")
struct PendingLinksStressTests {
    /// The `n` of every link a controller ran for, in the order the controllers ran.
    actor Recorder {
        private(set) var values: [Int] = []

        func record(_ request: Request) {
            values.append(request.params.get("n") ?? -1)
        }
    }

    /// How many holders have finished, so deliverers keep delivering until the last one has, and
    /// how many links deliveries have sent so far.
    actor Progress {
        private(set) var finished = 0
        private(set) var delivered = 0

        func finish() {
            finished += 1
        }

        func deliver(_ count: Int) {
            delivered += count
        }
    }

    static func router(_ recorder: Recorder, also: (@Sendable (Request) async throws -> Void)? = nil) throws
        -> Router
    {
        try Router(
            routes: [
                Route("/links/:n(int)", isPublic: true) { request in
                    await recorder.record(request)
                    try await also?(request)
                    return Response(request: request)
                }
            ],
            configuration: .init(schemes: ["mailapp"]))
    }

    static func n(_ response: Response) -> Int {
        response.request.params.get("n") ?? -1
    }

    @Test func linksHeldByOtherTasksDuringADeliveryAreDeliveredByIt() async throws {
        let pending = try PendingLinks()
        let recorder = Recorder()
        let router = try Self.router(recorder) { request in
            // A detached task is not part of the delivery, like a link arriving from the OS.
            guard request.params["n"] == "1" else { return }
            try await Task.detached { try await pending.hold("/links/3") }.value
        }
        try await pending.hold("/links/1")
        try await pending.hold(fromPublicURL: "mailapp://links/2", sourceApplication: nil)
        #expect(await pending.deliver(router: router).map(Self.n) == [1, 2, 3])
        #expect(await pending.count == 0)
    }

    // A regression would loop forever rather than fail: the time limit turns it into a failure.
    @Test(.timeLimit(.minutes(1)), arguments: [false, true])
    func aLinkHeldAgainFromItsOwnDeliveryWaitsForTheNext(withFile: Bool) async throws {
        let file = withFile ? try temporaryDirectory().appendingPathComponent("pending.jsonl") : nil
        let pending = try PendingLinks(file: file)
        let recorder = Recorder()
        // Holds every link it is given again: a delivery that sent what it holds would never end.
        let router = try Self.router(recorder) { request in try await pending.hold(request.url) }
        try await pending.hold("/links/1")
        try await pending.hold("/links/2")
        #expect(await pending.deliver(router: router).map(Self.n) == [1, 2])
        #expect(await pending.count == 2)
        #expect(await pending.deliver(router: router).map(Self.n) == [1, 2])
        #expect(await recorder.values == [1, 2, 1, 2])
    }

    @Test func aCancelledDeliveryLeavesTheLinksHeld() async throws {
        let pending = try PendingLinks()
        let recorder = Recorder()
        let router = try Self.router(recorder)
        try await pending.hold("/links/1")
        let responses = await Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await pending.deliver(router: router)
        }.value
        #expect(responses.isEmpty)
        #expect(await pending.count == 1)
        #expect(await pending.deliver(router: router).map(Self.n) == [1])
    }

    static let holders = 8
    static let holdsPerHolder = 200
    static let deliverers = 4

    @Test(
        "Concurrent holds and deliveries deliver every link exactly once, in arrival order per delivery",
        arguments: [false, true])
    func concurrentHoldsAndDeliveries(withFile: Bool) async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = withFile ? directory.appendingPathComponent("pending.jsonl") : nil
        let total = Self.holders * Self.holdsPerHolder
        let pending = try PendingLinks(file: file, capacity: total)
        let recorder = Recorder()
        let router = try Self.router(recorder)
        let progress = Progress()

        let (deliveries, failures) = await withTaskGroup(of: ([[Int]], Int).self) { group in
            for holder in 0..<Self.holders {
                group.addTask {
                    var failures = 0
                    for index in 0..<Self.holdsPerHolder {
                        let n = holder * Self.holdsPerHolder + index
                        do {
                            if n.isMultiple(of: 2) {
                                try await pending.hold("/links/\(n)")
                            } else {
                                try await pending.hold(
                                    fromPublicURL: "mailapp://links/\(n)", sourceApplication: "a")
                            }
                        } catch {
                            failures += 1
                        }
                        // Regression (a flaky failure of "deliveries overlapped the holds" in a busy
                        // full test run): the holders could all finish before any deliverer ran.
                        // Halfway, each waits for a delivery, so deliveries overlap holds for sure.
                        if index == Self.holdsPerHolder / 2 {
                            while await progress.delivered == 0 { await Task.yield() }
                        }
                    }
                    await progress.finish()
                    return ([], failures)
                }
            }
            for _ in 0..<Self.deliverers {
                group.addTask {
                    var deliveries: [[Int]] = []
                    while await progress.finished < Self.holders {
                        let delivery = await pending.deliver(router: router).map(Self.n)
                        await progress.deliver(delivery.count)
                        deliveries.append(delivery)
                        await Task.yield()
                    }
                    return (deliveries, 0)
                }
            }
            return await group.reduce(into: ([[Int]](), 0)) {
                $0.0 += $1.0; $0.1 += $1.1
            }
        }
        let last = await pending.deliver(router: router).map(Self.n)
        #expect(failures == 0)

        let delivered = deliveries.flatMap { $0 } + last
        #expect(delivered.count == total, "no link lost or delivered twice")
        #expect(Set(delivered) == Set(0..<total))
        #expect(await recorder.values.sorted() == Array(0..<total), "each controller ran once per link")
        #expect(deliveries.contains { !$0.isEmpty }, "deliveries overlapped the holds")
        for delivery in deliveries + [last] {
            for holder in 0..<Self.holders {
                let own = delivery.filter { $0 / Self.holdsPerHolder == holder }
                #expect(own == own.sorted(), "a delivery sends one holder's links in the order held")
            }
        }
        #expect(await pending.count == 0)
        if let file {
            #expect(try lines(of: file).isEmpty)
            #expect(try await PendingLinks(file: file).count == 0)
        }
    }
}
