import Testing

@testable import Switchyard

/// Issue 6, item 3 (core part): thousands of concurrent sends from many tasks through one
/// router with a stateful observer and policy; every response is the one a lone send gets.
/// Run under the thread sanitizer by `scripts/tsan`.
@Suite("Concurrency stress (core)")
struct ConcurrencyStressTests {
    /// Counts responses per status; an actor, as observers must be `Sendable`.
    actor Tally: RouteObserver {
        private(set) var byStatus: [Int: Int] = [:]

        func didRespond(_ response: Response, duration: Duration) async {
            byStatus[response.status.code, default: 0] += 1
        }

        var total: Int { byStatus.values.reduce(0, +) }
    }

    /// One request and the response it must get.
    struct Probe: Sendable {
        let url: String
        let external: Bool
        let status: Status
        let id: String?
    }

    static let tasks = 64
    static let sendsPerTask = 64

    static func probe(_ index: Int) -> Probe {
        switch index % 6 {
        case 0: Probe(url: "/messages/\(index)", external: false, status: .ok, id: "\(index)")
        case 1:
            Probe(url: "mailapp://messages/\(index)?x=\(index)", external: true, status: .ok, id: "\(index)")
        case 2: Probe(url: "/drafts/\(index)", external: true, status: .notFound, id: nil)
        case 3: Probe(url: "/drafts/\(index)", external: false, status: .ok, id: "\(index)")
        case 4: Probe(url: "/messages/%zz\(index)", external: index % 2 == 0, status: .badRequest, id: nil)
        default: Probe(url: "/go?to=/messages/\(index)", external: true, status: .ok, id: "\(index)")
        }
    }

    @Test("Concurrent sends get the responses lone sends get; the observer sees every one")
    func concurrentSends() async throws {
        let tally = Tally()
        let router = try Router(
            policies: [
                Policy("id") { request in
                    request.params["id"] == "-1"
                        ? .failed(Response(request: request, status: .forbidden)) : .verified
                }
            ],
            routes: [
                Route("/messages/:id(int)", isPublic: true) { request in
                    Response(request: request, data: ["id": request.params["id"] ?? "-"])
                },
                Route("/drafts/:id") { request in
                    Response(request: request, data: ["id": request.params["id"] ?? "-"])
                },
                Route("/go", isPublic: true) { request in .redirect(request, to: request.query["to"] ?? "/")
                },
            ],
            configuration: .init(schemes: ["mailapp"], observers: [tally]))
        let mismatches = await withTaskGroup(of: [String].self) { group in
            for task in 0..<Self.tasks {
                group.addTask {
                    var wrong: [String] = []
                    for send in 0..<Self.sendsPerTask {
                        let probe = Self.probe(task * Self.sendsPerTask + send)
                        let response =
                            probe.external
                            ? await Connection.send(
                                fromPublicURL: probe.url, sourceApplication: "app\(task)", router: router)
                            : await Connection.send(probe.url, router: router)
                        let id = response.data["id"] as? String
                        if response.status != probe.status || id != probe.id
                            || response.request.isExternal != probe.external
                        {
                            wrong.append("\(probe.url): \(response.status) \(id ?? "nil")")
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
        let total = Self.tasks * Self.sendsPerTask
        #expect(await tally.total == total)
        #expect(await tally.byStatus[404] == (0..<total).filter { $0 % 6 == 2 }.count)
    }

    @Test("Callback sends from many tasks each call their handler exactly once")
    func concurrentCallbacks() async throws {
        let router = try Router(routes: [Route("/messages/:id", isPublic: true, controller: echo)])
        let count = 2000
        let received = await withCheckedContinuation { (continuation: CheckedContinuation<[Int], Never>) in
            let collector = Collector(expected: count, continuation)
            for index in 0..<count {
                let handler: @Sendable (Response) -> Void = { response in
                    Task { await collector.add(Int(response.request.params["id"] ?? "") ?? -1) }
                }
                if index.isMultiple(of: 2) {
                    Connection.send("/messages/\(index)", router: router, responseHandler: handler)
                } else {
                    Connection.send(
                        fromPublicURL: "/messages/\(index)", sourceApplication: nil, router: router,
                        responseHandler: handler)
                }
            }
        }
        #expect(received.sorted() == Array(0..<count))
    }

    actor Collector {
        private var values: [Int] = []
        private let expected: Int
        private var continuation: CheckedContinuation<[Int], Never>?

        init(expected: Int, _ continuation: CheckedContinuation<[Int], Never>) {
            self.expected = expected
            self.continuation = continuation
        }

        func add(_ value: Int) {
            values.append(value)
            if values.count == expected {
                continuation?.resume(returning: values)
                continuation = nil
            }
        }
    }
}
