import Testing

@testable import SwitchyardPolicies

/// ``RateLimit/perSourceApplication(capacity:refillEvery:includesApp:clock:)`` with a hand-moved clock.
struct RateLimitTests {
    static func router(_ limit: Policy) throws -> Router {
        try Router(
            policies: [limit],
            routes: [Route("/open", isPublic: true) { request in Response(request: request) }],
            configuration: .init(schemes: ["mailapp"]))
    }

    static func open(_ router: Router, from application: String?) async -> Int {
        await Connection.send(fromPublicURL: "mailapp://open", sourceApplication: application, router: router)
            .status.code
    }

    @Test func eachSourceApplicationHasItsOwnBucket() async throws {
        let clock = ManualClock()
        let router = try Self.router(
            RateLimit.perSourceApplication(capacity: 2, refillEvery: .seconds(10)) { clock.now })
        #expect(await Self.open(router, from: "com.a") == 200)
        #expect(await Self.open(router, from: "com.a") == 200)
        #expect(await Self.open(router, from: "com.a") == 429)
        #expect(await Self.open(router, from: "com.b") == 200, "another app is not affected")
        #expect(await Self.open(router, from: nil) == 200)
        #expect(await Self.open(router, from: nil) == 200)
        #expect(await Self.open(router, from: nil) == 429, "apps that report no name share one bucket")
    }

    @Test func tokensComeBackOnePerInterval() async throws {
        let clock = ManualClock()
        let router = try Self.router(
            RateLimit.perSourceApplication(capacity: 3, refillEvery: .seconds(10)) { clock.now })
        for _ in 0..<3 { #expect(await Self.open(router, from: "com.a") == 200) }
        #expect(await Self.open(router, from: "com.a") == 429)

        clock.advance(by: .seconds(9))
        #expect(await Self.open(router, from: "com.a") == 429, "not yet a whole interval")
        clock.advance(by: .seconds(1))
        #expect(await Self.open(router, from: "com.a") == 200)
        #expect(await Self.open(router, from: "com.a") == 429, "exactly one token came back")

        clock.advance(by: .seconds(25))
        #expect(await Self.open(router, from: "com.a") == 200)
        #expect(await Self.open(router, from: "com.a") == 200)
        #expect(await Self.open(router, from: "com.a") == 429, "two whole intervals, two tokens")

        clock.advance(by: .seconds(5))
        #expect(await Self.open(router, from: "com.a") == 200, "the half interval left over counts")

        clock.advance(by: .seconds(3600))
        for _ in 0..<3 { #expect(await Self.open(router, from: "com.a") == 200) }
        #expect(await Self.open(router, from: "com.a") == 429, "never more than the capacity")
    }

    @Test func aRefusalSaysWhenToRetry() async throws {
        let clock = ManualClock()
        let router = try Self.router(
            RateLimit.perSourceApplication(capacity: 1, refillEvery: .seconds(10)) { clock.now })
        _ = await Self.open(router, from: "com.a")
        clock.advance(by: .seconds(4))
        let response = await Connection.send(
            fromPublicURL: "mailapp://open", sourceApplication: "com.a", router: router)
        #expect(response.status == .tooManyRequests)
        #expect(response.data[RateLimit.retryAfterKey] as? Duration == .seconds(6))
    }

    @Test func appRequestsAreNotLimitedUnlessAsked() async throws {
        let clock = ManualClock()
        let free = try Self.router(
            RateLimit.perSourceApplication(capacity: 1, refillEvery: .seconds(10)) { clock.now })
        for _ in 0..<5 { #expect(await Connection.send("/open", router: free).status == .ok) }

        let limited = try Self.router(
            RateLimit.perSourceApplication(capacity: 1, refillEvery: .seconds(10), includesApp: true) {
                clock.now
            })
        #expect(await Connection.send("/open", router: limited).status == .ok)
        #expect(await Connection.send("/open", router: limited).status == .tooManyRequests)
    }

    @Test func concurrentRequestsNeverGetMoreThanTheCapacity() async throws {
        let clock = ManualClock()
        let router = try Self.router(
            RateLimit.perSourceApplication(capacity: 50, refillEvery: .seconds(10)) { clock.now })
        let codes = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<500 { group.addTask { await Self.open(router, from: "com.a") } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(codes.filter { $0 == 200 }.count == 50)
        #expect(codes.filter { $0 == 429 }.count == 450)
    }

    @Test func fullBucketsArePrunedAndEmptyOnesKept() async {
        let clock = ManualClock()
        let buckets = TokenBuckets(capacity: 1, interval: .seconds(10)) { clock.now }
        #expect(await buckets.take(for: .external(sourceApplication: "com.early")) == nil)
        clock.advance(by: .seconds(5))
        for index in 0..<TokenBuckets.pruneThreshold {
            #expect(await buckets.take(for: .external(sourceApplication: "com.app\(index)")) == nil)
        }
        #expect(await buckets.count == TokenBuckets.pruneThreshold + 1)
        clock.advance(by: .seconds(5))  // com.early is full again; the others are still empty
        #expect(await buckets.take(for: .external(sourceApplication: "com.late")) == nil)
        #expect(await buckets.count == TokenBuckets.pruneThreshold + 1, "com.early went, com.late came")
        #expect(
            await buckets.take(for: .external(sourceApplication: "com.app0")) == .seconds(5), "still empty")
    }

    @Test func theDefaultClockMovesForward() async throws {
        let first = RateLimit.continuousClock()
        try await Task.sleep(for: .milliseconds(5))
        #expect(RateLimit.continuousClock() > first)
    }
}
