import Foundation
import Testing

@testable import Switchyard

/// Declining every candidate of a path costs the walk that found the first candidate, one walk
/// that enumerates the rest, and each candidate's chain: never one walk per candidate, which
/// would make k candidates cost k walks (quadratic in the path length for the table below).
///
/// Counted, not timed: every constrained edge the walks try calls the counting constraint once.
struct LinearDeclineTests {
    /// Counts the calls of a constraint from any task.
    final class Counter: @unchecked Sendable {
        // `@unchecked Sendable` is safe: `value` is only read and written while holding `lock`.
        private let lock = NSLock()
        private var count = 0

        func increment() {
            lock.lock()
            defer { lock.unlock() }
            count += 1
        }

        var value: Int {
            lock.lock()
            defer { lock.unlock() }
            return count
        }
    }

    /// Routes `/:p1(counted)/…/:pk(counted)/*rest` for k = 0 ..< depth, every one declining:
    /// the path of `depth` segments reaches all of them, the deepest first.
    static func router(depth: Int, counter: Counter, ran: StageLog) throws -> Router {
        let counted = Constraint.custom("counted") { _ in
            counter.increment()
            return true
        }
        let routes = (0..<depth).map { k in
            Route(
                (0..<k).map { "/:p\($0)(counted)" }.joined() + "/*rest", name: "k\(k)", isPublic: true,
                constraints: k == 0 ? [:] : ["counted": counted]
            ) { request in
                await ran.record(request.route?.name ?? "-")
                throw RouteDeclined()
            }
        }
        return try Router(routes: routes)
    }

    @Test("Declining every candidate: constraint calls stay within two walks", arguments: [8, 16, 32, 63])
    func linear(depth: Int) async throws {
        let counter = Counter()
        let ran = StageLog()
        let router = try Self.router(depth: depth, counter: counter, ran: ran)
        let path = String(repeating: "/s", count: depth)

        let enumerated = router.candidates(path)
        #expect(enumerated.count == depth)
        let oneWalk = counter.value
        #expect(oneWalk == depth - 1, "one enumeration tries each constrained edge once")

        let response = await Connection.send(path, router: router)
        #expect(response.status == .notFound)
        #expect(await ran.count == depth, "every candidate ran its chain")
        let pipeline = counter.value - oneWalk
        // The first walk (depth - 1 edges down to the deepest route) plus one enumeration.
        #expect(pipeline == 2 * oneWalk, "\(pipeline) constraint calls for \(depth) candidates")
    }
}
