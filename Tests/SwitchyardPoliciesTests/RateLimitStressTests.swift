import Testing

@testable import SwitchyardPolicies

/// Issue 6, item 3: the rate limit's buckets under thousands of concurrent sends. With the clock
/// stopped, each source application gets exactly `capacity` tokens however the sends interleave,
/// and after the clock moves on exactly the tokens it refilled: one more or one fewer would mean
/// a lost update. Every response is checked. Run under the thread sanitizer by `scripts/tsan`.
@Suite("Rate limit stress")
struct RateLimitStressTests {
    static let applications = 20
    static let sendsPerApplication = 100
    static let appSends = 500
    static let capacity = 37
    static let interval = Duration.seconds(60)

    /// One send's outcome, as the test saw it.
    struct Outcome: Sendable {
        let sender: String
        let status: Int
        /// Problems with this response beyond its status.
        let problems: [String]
    }

    /// `nil` stands for the usual case of no reported source application: all of them share one
    /// bucket.
    static func sourceApplication(_ application: Int) -> String? {
        application == 0 ? nil : "com.example.app\(application)"
    }

    static func send(_ url: String, from sender: Sender, router: Router) async -> Outcome {
        let response = await sender.send(url, router: router)
        var problems: [String] = []
        switch response.status {
        case .ok:
            if response.request.params["id"] != url.split(separator: "/").last.map(String.init) {
                problems.append("\(url): parameters \(response.request.params.map(\.value))")
            }
            if response.data["ran"] as? Bool != true { problems.append("\(url): the controller did not run") }
        case .tooManyRequests:
            if response.data[RateLimit.retryAfterKey] as? Duration != interval {
                problems.append(
                    "\(url): retryAfter \(String(describing: response.data[RateLimit.retryAfterKey]))")
            }
            if response.data["ran"] != nil { problems.append("\(url): the controller ran for a 429") }
        default: problems.append("\(url): unexpected \(response.status)")
        }
        return Outcome(sender: sender.description, status: response.status.code, problems: problems)
    }

    /// Sends `perApplication` URLs from every source application, and `appSends` in-app, all at
    /// once, one task each; returns the statuses per sender.
    static func burst(_ router: Router, perApplication: Int, appSends: Int, round: Int) async
        -> (statuses: [String: [Int: Int]], problems: [String])
    {
        await withTaskGroup(of: Outcome.self) { group in
            for application in 0..<applications {
                for index in 0..<perApplication {
                    group.addTask {
                        await send(
                            "/messages/\(round)-\(application)-\(index)",
                            from: .external(sourceApplication(application)),
                            router: router)
                    }
                }
            }
            for index in 0..<appSends {
                group.addTask { await send("/messages/\(round)-app-\(index)", from: .app, router: router) }
            }
            return await group.reduce(into: ([:], [])) { result, outcome in
                result.statuses[outcome.sender, default: [:]][outcome.status, default: 0] += 1
                result.problems += outcome.problems
            }
        }
    }

    @Test(
        "Each source application gets exactly its tokens, before and after a refill; in-app sends are never limited"
    )
    func exactTokens() async throws {
        let clock = ManualClock()
        let limit = RateLimit.perSourceApplication(capacity: Self.capacity, refillEvery: Self.interval) {
            clock.now
        }
        let runs = Counter()
        let router = try Router(
            policies: [limit],
            routes: [
                Route("/messages/:id", isPublic: true) { request in
                    await runs.increment()
                    return Response(request: request, data: ["ran": true])
                }
            ])
        let first = await Self.burst(
            router, perApplication: Self.sendsPerApplication, appSends: Self.appSends, round: 1)
        #expect(first.problems.isEmpty, "\(first.problems.prefix(5))")
        #expect(first.statuses["app"] == [200: Self.appSends])
        for application in 0..<Self.applications {
            let statuses = first.statuses[Sender.external(Self.sourceApplication(application)).description]
            #expect(statuses == [200: Self.capacity, 429: Self.sendsPerApplication - Self.capacity])
        }

        // Three intervals later every bucket has regained exactly three tokens.
        clock.advance(by: Self.interval * 3)
        let second = await Self.burst(router, perApplication: 50, appSends: 100, round: 2)
        #expect(second.problems.isEmpty, "\(second.problems.prefix(5))")
        #expect(second.statuses["app"] == [200: 100])
        for application in 0..<Self.applications {
            #expect(
                second.statuses[Sender.external(Self.sourceApplication(application)).description] == [
                    200: 3, 429: 47,
                ])
        }
        let granted = (Self.capacity + 3) * Self.applications + Self.appSends + 100
        #expect(await runs.value == granted, "the controller ran once per granted send")
    }
}
