import Testing

@testable import SwitchyardPolicies

/// Issue 6, item 3: the rate limit's buckets under thousands of concurrent sends. With the clock
/// stopped, each source application gets exactly `capacity` tokens however the sends interleave:
/// one more or one fewer would mean a lost update. Run under the thread sanitizer by `scripts/tsan`.
@Suite("Rate limit stress")
struct RateLimitStressTests {
    static let applications = 20
    static let sendsPerApplication = 100
    static let capacity = 37

    @Test("Each source application gets exactly its capacity; in-app sends are never limited")
    func exactTokens() async throws {
        let clock = ManualClock()
        let limit = RateLimit.perSourceApplication(capacity: Self.capacity, refillEvery: .seconds(60)) {
            clock.now
        }
        let router = try Router(
            policies: [limit],
            routes: [Route("/messages/:id", isPublic: true) { request in Response(request: request) }])
        let outcomes = await withTaskGroup(of: (String, Int).self) { group in
            for application in 0..<Self.applications {
                for send in 0..<Self.sendsPerApplication {
                    group.addTask {
                        let response = await Connection.send(
                            fromPublicURL: "/messages/\(send)",
                            sourceApplication: "com.example.app\(application)",
                            router: router)
                        return ("com.example.app\(application)", response.status.code)
                    }
                }
            }
            for send in 0..<500 {
                group.addTask {
                    ("app", await Connection.send("/messages/\(send)", router: router).status.code)
                }
            }
            return await group.reduce(into: [String: [Int: Int]]()) {
                $0[$1.0, default: [:]][$1.1, default: 0] += 1
            }
        }
        #expect(outcomes["app"] == [200: 500])
        for application in 0..<Self.applications {
            let statuses = outcomes["com.example.app\(application)"]
            #expect(statuses == [200: Self.capacity, 429: Self.sendsPerApplication - Self.capacity])
        }
    }
}
