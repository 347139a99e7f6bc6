import Testing

@testable import Switchyard

/// Architecture, "The pipeline" step 11: observers see every final response with its duration.
@Suite("Pipeline: observers")
struct ObserverTests {
    @Test("every outcome is observed once, by every observer, with a duration")
    func everyOutcome() async throws {
        let first = RecordingObserver()
        let second = RecordingObserver()
        let router = try Router(
            routes: [
                Route("/ok", isPublic: true, controller: echo),
                Route("/private", controller: echo),
                Route(
                    "/fails", isPublic: true,
                    policies: [Policy("no") { .failed(Response(request: $0, status: .forbidden)) }],
                    controller: echo),
                Route("/throws", isPublic: true) { _ in throw CancellationError() },
                Route("/loop", isPublic: true) { .redirect($0, to: "/loop") },
                Route("/away", isPublic: true) { .redirect($0, to: "https://elsewhere.example.org/") },
                Route("/slow", isPublic: true) { request in
                    try await Task.sleep(for: .milliseconds(30))
                    return Response(request: request)
                },
            ],
            configuration: .init(limits: .init(urlBytes: 100), observers: [first, second]))
        let cases: [(String, Status)] = [
            ("/ok", .ok), ("/private", .notFound), ("/missing", .notFound), ("/a/%zz", .badRequest),
            ("/" + String(repeating: "x", count: 200), .uriTooLong), ("/fails", .forbidden),
            ("/throws", .cancelled), ("/loop", .loopDetected), ("/away", .seeOther), ("/slow", .ok),
        ]
        for (url, _) in cases {
            _ = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        }
        for observer in [first, second] {
            let seen = await observer.observations
            #expect(seen.map(\.status) == cases.map(\.1))
            #expect(seen.allSatisfy { $0.duration >= .zero })
            #expect(try #require(seen.last).duration >= .milliseconds(30), "the duration covers the stages")
        }
    }

    @Test("observers see responses of responseHandler sends too")
    func responseHandlerObserved() async throws {
        let observer = RecordingObserver()
        let router = try router(["/a"], configuration: .init(observers: [observer]))
        let response = await withCheckedContinuation { continuation in
            Connection.send("/a", router: router) { continuation.resume(returning: $0) }
        }
        #expect(response.status == .ok)
        #expect(await observer.observations.map(\.url) == ["/a"])
    }
}
