import Testing

@testable import Switchyard

/// Architecture, "Requests, responses, policies and middleware" and "The pipeline" step 8: thrown
/// errors become responses in one place; details only in-app.
@Suite("Pipeline: errors")
struct ErrorResponseTests {
    struct PaymentRequired: ResponseError {
        var status: Status { Status(code: 402, reason: "Payment Required") }
    }

    struct Unexpected: Error {}

    /// Where in the pipeline the error is thrown.
    enum Thrower: String, CaseIterable, Sendable {
        case middleware, policy, controller

        func route(throwing error: any Error & Sendable) -> Route {
            switch self {
            case .middleware:
                Route(
                    "/r", isPublic: true, middlewares: [Middleware("m") { _ in throw error }],
                    controller: echo)
            case .policy:
                Route("/r", isPublic: true, policies: [Policy("p") { _ in throw error }], controller: echo)
            case .controller:
                Route("/r", isPublic: true) { _ in throw error }
            }
        }
    }

    static let cases: [(any Error & Sendable, Status)] = [
        (PaymentRequired(), Status(code: 402, reason: "Payment Required")),
        (RoutingError(.tooManyRequests, "slow down"), .tooManyRequests),
        (Unexpected(), .internalError),
        (CancellationError(), .cancelled),
    ]

    @Test("a ResponseError keeps its status, anything else is 500", arguments: Thrower.allCases, 0..<4)
    func statusOfThrownErrors(thrower: Thrower, caseIndex: Int) async throws {
        let (error, status) = Self.cases[caseIndex]
        let router = try Router(routes: [thrower.route(throwing: error)])
        let app = await Connection.send("/r", router: router)
        #expect(app.status == status)
        #expect(app.error?.status == status)
        #expect(app.error != nil)
        let external = await Connection.send(
            fromPublicURL: "/r", sourceApplication: "com.example.x", router: router)
        #expect(external.status == status)
        #expect(external.data.isEmpty, "external responses carry no error details")
        #expect(external.error == nil)
    }

    @Test("in-app details name the problem")
    func detailsInApp() async throws {
        let router = try Router(routes: [
            Route("/messages/:id") { request in
                Response(request: request, data: ["id": try request.params.require("id", as: Int.self)])
            }
        ])
        let bad = await Connection.send("/messages/seven", router: router)
        #expect(bad.status == .badRequest)
        #expect(bad.error?.message.contains("id") == true)
        let good = await Connection.send("/messages/7", router: router)
        #expect(good.data["id"] as? Int == 7)
    }

    @Test("parser refusals: details in-app only", arguments: ["/a/%zz", "/a//b", "/a/%2e%2e"])
    func parserRefusals(url: String) async throws {
        let router = try router(["/a/:x"])
        let app = await Connection.send(url, router: router)
        #expect(app.status == .badRequest)
        #expect(app.error != nil)
        let external = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(external.status == .badRequest)
        #expect(external.data.isEmpty)
    }

    @Test("over a limit: 414, checked first")
    func uriTooLong() async throws {
        let router = try router(["/a/:x"], configuration: .init(limits: .init(urlBytes: 64)))
        let long = "/a/" + String(repeating: "%zz", count: 30)
        #expect(await Connection.send(long, router: router).status == .uriTooLong)
        #expect(await Connection.send("/a/fine", router: router).status == .ok)
    }
}
