@testable import Switchyard

/// Records which stages ran, in order, across tasks: tests count side effects with it.
actor StageLog {
    private(set) var entries: [String] = []

    func record(_ entry: String) {
        entries.append(entry)
    }

    var count: Int { entries.count }

    /// A middleware that records `name` and passes the request on.
    nonisolated func middleware(_ name: String) -> Middleware {
        Middleware(name) { request in
            await self.record(name)
            return request
        }
    }

    /// A policy that records `name` and verifies, or fails with 403 and `["by": name]`.
    nonisolated func policy(_ name: String, verifies: Bool = true) -> Policy {
        Policy(name) { request in
            await self.record(name)
            return verifies
                ? .verified : .failed(Response(request: request, status: .forbidden, data: ["by": name]))
        }
    }

    /// A controller that records `name` and answers 200 with the route's pattern.
    nonisolated func controller(_ name: String = "controller") -> Controller {
        { request in
            await self.record(name)
            return Response(request: request, data: ["pattern": request.route?.pattern ?? "-"])
        }
    }
}

/// Sees final responses; tests read what it saw.
actor RecordingObserver: RouteObserver {
    struct Observation: Sendable {
        let status: Status
        let url: String
        let duration: Duration
    }

    private(set) var observations: [Observation] = []

    func didRespond(_ response: Response, duration: Duration) async {
        observations.append(
            Observation(status: response.status, url: response.request.url, duration: duration))
    }
}

/// Holds a stage until the test opens it, so a test can cancel a task while a stage is waiting.
///
/// The wait does not throw on cancellation: the stage returns normally afterwards, so only the
/// pipeline's own between-stage check can turn the request into 499.
actor Gate {
    private var isOpen = false
    private var entered = false
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private var enteredWaiters: [CheckedContinuation<Void, Never>] = []

    /// Called by the stage: waits until ``open()``.
    func pass() async {
        entered = true
        enteredWaiters.forEach { $0.resume() }
        enteredWaiters = []
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Returns once a stage is waiting in ``pass()``.
    func waitUntilEntered() async {
        if entered { return }
        await withCheckedContinuation { enteredWaiters.append($0) }
    }

    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters = []
    }
}
