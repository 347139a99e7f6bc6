import Foundation
import Testing

@testable import SwitchyardMiddlewares

/// Issue 6, item 3: ``History`` under thousands of concurrent sends, with rotation happening
/// all along: every response is the one a lone send gets, every line on disk is one whole JSON
/// entry, each send is recorded exactly once (none lost, none doubled, none torn) before rotation
/// could drop a file, and the ring buffer holds the newest entries. Run under the thread
/// sanitizer by `scripts/tsan`.
@Suite("History stress")
struct HistoryStressTests {
    static let tasks = 50
    static let sendsPerTask = 40

    /// One send: its URL, who sends it, and what History must record for it.
    struct Probe: Sendable, Hashable {
        let url: String
        let sourceApplication: String??
        let status: Int
        let recordedURL: String
    }

    static func probe(_ id: Int, task: Int) -> Probe {
        switch id % 4 {
        case 0:
            Probe(
                url: "/messages/\(id)?token=secret\(id)", sourceApplication: .none, status: 200,
                recordedURL: "/messages/\(id)?token=REDACTED")
        case 1:
            Probe(
                url: "/drafts/\(id)", sourceApplication: .some("app\(task)"), status: 404,
                recordedURL: "/drafts/\(id)")
        case 2:
            Probe(
                url: "mailapp://messages/\(id)", sourceApplication: .some(nil), status: 200,
                recordedURL: "mailapp://messages/\(id)")
        default:
            Probe(
                url: "/messages/%zz\(id)", sourceApplication: .some("app\(task)"), status: 400,
                recordedURL: "/messages/%zz\(id)")
        }
    }

    @Test("Concurrent sends get their responses and leave one whole line each, and a full ring buffer")
    func concurrentHistory() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("history.jsonl")
        let history = History(file: file, maxFileSize: 64 * 1024, maxFiles: 100, recentCapacity: 64)
        let router = try Router(
            routes: [
                Route("/messages/:id(int)", isPublic: true, controller: echo),
                Route("/drafts/:id", controller: echo),
            ],
            configuration: .init(observers: [history]))
        let wrong = await withTaskGroup(of: [String].self) { group in
            for task in 0..<Self.tasks {
                group.addTask {
                    var wrong: [String] = []
                    for send in 0..<Self.sendsPerTask {
                        let probe = Self.probe(task * Self.sendsPerTask + send, task: task)
                        let response: Response
                        if let sourceApplication = probe.sourceApplication {
                            response = await Connection.send(
                                fromPublicURL: probe.url, sourceApplication: sourceApplication, router: router
                            )
                        } else {
                            response = await Connection.send(probe.url, router: router)
                        }
                        if response.status.code != probe.status || response.request.url != probe.url {
                            wrong.append("\(probe.url): \(response.status)")
                        }
                    }
                    return wrong
                }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")

        let total = Self.tasks * Self.sendsPerTask
        #expect(await history.failedWrites == 0)
        // Files are listed newest first; read them oldest first, so lines are in recording order.
        let existing = history.files.filter { FileManager.default.fileExists(atPath: $0.path) }
        #expect(existing.count > 1, "rotation ran")
        let decoder = JSONDecoder()
        var entries: [History.Entry] = []
        for url in existing.reversed() {
            for line in try lines(of: url) {
                entries.append(try decoder.decode(History.Entry.self, from: Data(line.utf8)))
            }
        }
        #expect(entries.count == total, "no line lost, doubled or torn")
        let expected = (0..<Self.tasks).flatMap { task in
            (0..<Self.sendsPerTask).map { Self.probe(task * Self.sendsPerTask + $0, task: task) }
        }
        let recorded = Set(entries.map { "\($0.status) \($0.url) \($0.source)" })
        let sent = Set(
            expected.map { probe in
                let source: Source =
                    probe.sourceApplication.map { .external(sourceApplication: $0) } ?? .app
                return "\(probe.status) \(probe.recordedURL) \(source)"
            })
        #expect(recorded == sent, "each send recorded once, with its status, source and redacted URL")
        #expect(!entries.contains { $0.url.contains("secret") }, "tokens are redacted")
        let recent = await history.recent().map(\.url)
        #expect(recent == entries.suffix(64).map(\.url), "the ring buffer holds the newest 64, in order")
    }
}
