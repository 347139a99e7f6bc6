import Testing

@testable import Switchyard

/// `Response.failure(_:_:_:)`, the public way to answer a failure: the reason reaches in-app
/// callers only, through the real pipeline, as the router's own failures do.
@Suite("Pipeline: failure responses")
struct FailureResponseTests {
    /// The doc comment's policy, on a public route.
    static func router() throws -> Router {
        try Router(
            routes: [
                Route(
                    "/beta", isPublic: true,
                    policies: [
                        Policy("beta") { request in
                            request.data["beta"] as? Bool == true
                                ? .verified
                                : .failed(.failure(request, .forbidden, "the beta is off for this account"))
                        }
                    ]
                ) { Response(request: $0) }
            ],
            configuration: .init(schemes: ["mailapp"]))
    }

    static let sources: [(url: String, external: Bool)] = [
        ("/beta", false), ("mailapp://beta", false), ("mailapp://beta", true),
    ]

    @Test(arguments: sources)
    func theReasonReachesInAppCallersOnly(url: String, external: Bool) async throws {
        let router = try Self.router()
        let response =
            external
            ? await Connection.send(fromPublicURL: url, sourceApplication: "com.other.app", router: router)
            : await Connection.send(url, router: router)
        #expect(response.status == .forbidden)
        if external {
            #expect(response.error == nil)
            #expect(response.data.isEmpty, "an external caller learns the status and nothing else")
        } else {
            #expect(response.error == RoutingError(.forbidden, "the beta is off for this account"))
            #expect(response.data.count == 1)
        }
    }

    @Test func aPolicyThatPassesLetsTheControllerRun() async throws {
        let router = try Router(
            middlewares: [Middleware("beta") { $0.adding(["beta": true]) }],
            routes: try Self.router().routes)
        #expect(await Connection.send("/beta", router: router).status == .ok)
    }
}
