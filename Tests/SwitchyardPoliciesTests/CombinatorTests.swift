import Testing

@testable import SwitchyardPolicies

/// ``Policy/all(_:name:)``, ``Policy/any(_:name:)``, ``Policy/not(_:status:name:)`` and
/// ``Policy/named(_:)``, counting which policies ran.
struct CombinatorTests {
    struct Boom: Error {}

    static func run(_ policy: Policy, _ controller: Counter) async throws -> Response {
        let router = try Router(routes: [
            Route("/x", policies: [policy], controller: countingController(controller))
        ])
        return await Connection.send("/x", router: router)
    }

    @Test func allStopsAtTheFirstFailure() async throws {
        let ran = Counter()
        let controller = Counter()
        let policy = Policy.all([
            counting("a", ran, verified: true), counting("b", ran, verified: false),
            counting("c", ran, verified: true),
        ])
        let response = try await Self.run(policy, controller)
        #expect(response.status == .forbidden)
        #expect(response.data["by"] as? String == "b", "the failing policy's own response")
        #expect(await ran.labels == ["a", "b"], "c never ran")
        #expect(await controller.value == 0)
        #expect(policy.name == "all(a, b, c)")
    }

    @Test func allPassesWhenEveryPolicyPasses() async throws {
        let ran = Counter()
        let controller = Counter()
        let policy = Policy.all([counting("a", ran, verified: true), counting("b", ran, verified: true)])
        #expect(try await Self.run(policy, controller).status == .ok)
        #expect(await ran.labels == ["a", "b"])
        #expect(try await Self.run(Policy.all([]), controller).status == .ok)
        #expect(await controller.value == 2)
    }

    @Test func anyStopsAtTheFirstPass() async throws {
        let ran = Counter()
        let controller = Counter()
        let policy = Policy.any([
            counting("a", ran, verified: false), counting("b", ran, verified: true),
            counting("c", ran, verified: true),
        ])
        #expect(try await Self.run(policy, controller).status == .ok)
        #expect(await ran.labels == ["a", "b"])
        #expect(await controller.value == 1)
    }

    @Test func anyFailsWithTheFirstFailure() async throws {
        let ran = Counter()
        let controller = Counter()
        let policy = Policy.any([counting("a", ran, verified: false), counting("b", ran, verified: false)])
        let response = try await Self.run(policy, controller)
        #expect(response.status == .forbidden)
        #expect(response.data["by"] as? String == "a")
        #expect(await ran.labels == ["a", "b"])
        #expect(try await Self.run(Policy.any([]), controller).status == .forbidden, "nothing to pass")
        #expect(await controller.value == 0)
    }

    @Test func notInvertsAndUsesItsStatus() async throws {
        let ran = Counter()
        let controller = Counter()
        #expect(try await Self.run(.not(counting("a", ran, verified: false)), controller).status == .ok)
        let refused = try await Self.run(
            .not(counting("b", ran, verified: true), status: .notFound), controller)
        #expect(refused.status == .notFound)
        #expect(await controller.value == 1)
        #expect(Policy.not(counting("a", ran, verified: true)).name == "not(a)")
    }

    @Test func thrownErrorsNeverCountAsAPass() async throws {
        let controller = Counter()
        let ran = Counter()
        let throwing = Policy("boom") { _ in throw Boom() }
        let cases: [Policy] = [
            .not(throwing),
            .any([throwing, counting("after", ran, verified: true)]),
            .all([throwing, counting("after", ran, verified: true)]),
        ]
        for policy in cases {
            #expect(try await Self.run(policy, controller).status == .internalError)
        }
        #expect(await controller.value == 0)
        #expect(await ran.value == 0)
    }

    @Test func combinatorsNest() async throws {
        let ran = Counter()
        let controller = Counter()
        // (a and not b) or c  with a = pass, b = pass, c = fail: fails.
        let policy = Policy.any([
            .all([counting("a", ran, verified: true), .not(counting("b", ran, verified: true))]),
            counting("c", ran, verified: false),
        ])
        #expect(try await Self.run(policy, controller).status == .forbidden)
        #expect(await ran.labels == ["a", "b", "c"])
    }

    @Test func namedRenamesForSkipping() async throws {
        let ran = Counter()
        let controller = Counter()
        let gate = counting("gate", ran, verified: false).named("renamed")
        #expect(gate.name == "renamed")
        let router = try Router(
            policies: [gate],
            routes: [
                Route("/open", skipping: ["renamed"], controller: countingController(controller)),
                Route("/closed", controller: countingController(controller)),
            ])
        #expect(await Connection.send("/open", router: router).status == .ok)
        #expect(await Connection.send("/closed", router: router).status == .forbidden)
        #expect(await ran.value == 1, "the skipped route did not run the policy")
        #expect(await controller.value == 1)
    }

    @Test func laterPoliciesDoNotRunAfterABuiltInFails() async throws {
        let ran = Counter()
        let controller = Counter()
        let router = try Router(
            policies: [SourcePolicies.allowList(["com.ok"]), counting("router", ran, verified: true)],
            routes: [
                Route(
                    "/x", isPublic: true,
                    policies: [
                        ParameterPolicies.requireQuery("id", .int), counting("route", ran, verified: true),
                    ],
                    controller: countingController(controller))
            ], configuration: .init(schemes: ["mailapp"]))
        #expect(
            await Connection.send(
                fromPublicURL: "mailapp://x?id=1", sourceApplication: "com.no", router: router
            ).status == .forbidden)
        #expect(await ran.value == 0)
        #expect(
            await Connection.send(
                fromPublicURL: "mailapp://x?id=a", sourceApplication: "com.ok", router: router
            ).status == .badRequest)
        #expect(await ran.labels == ["router"])
        #expect(
            await Connection.send(
                fromPublicURL: "mailapp://x?id=1", sourceApplication: "com.ok", router: router
            ).status == .ok)
        #expect(await ran.labels == ["router", "router", "route"])
        #expect(await controller.value == 1)
    }
    /// A decline passes through every combinator as a decline: never a pass, never a failure
    /// unless a failure came first.
    @Test(
        "Combinators pass a decline on",
        arguments: [
            ("all(decline, pass)", "fallback"), ("all(pass, decline)", "fallback"),
            ("all(fail, decline)", "403"), ("any(decline, pass)", "guarded"),
            ("any(decline, fail)", "fallback"), ("any(fail, decline)", "403"),
            ("not(decline)", "fallback"),
        ])
    func declinesPassThrough(_ combination: String, _ expected: String) async throws {
        let pass = Policy("pass") { _ in .verified }
        let fail = Policy("fail") { .failed(Response(request: $0, status: .forbidden)) }
        let decline = Policy("decline") { _ in .declined }
        let policies = ["pass": pass, "fail": fail, "decline": decline]
        let inner = combination.drop { $0 != "(" }.dropFirst().dropLast()
        let parts = inner.split(separator: ", ").map { policies[String($0)]! }
        let policy =
            combination.hasPrefix("all")
            ? Policy.all(parts) : combination.hasPrefix("any") ? Policy.any(parts) : Policy.not(parts[0])
        let router = try Router(routes: [
            Route("/x/:id(int)", name: "guarded", policies: [policy]) { Response(request: $0) },
            Route("/x/:id", name: "fallback") { Response(request: $0) },
        ])
        let response = await Connection.send("/x/1", router: router)
        let outcome = response.status == .ok ? response.request.route?.name ?? "-" : "\(response.status.code)"
        #expect(outcome == expected)
    }
}
