import Foundation
import Testing

@testable import SwitchyardMiddlewares

/// Issue 6, item 3: ``History`` under thousands of concurrent sends, with rotation happening
/// all along: every line on disk is one whole JSON entry, none is lost before rotation drops a
/// file, and the ring buffer holds the newest entries. Run under the thread sanitizer by
/// `scripts/tsan`.
@Suite("History stress")
struct HistoryStressTests {
    static let tasks = 50
    static let sendsPerTask = 40

    @Test("Concurrent sends leave whole, parseable lines and a full ring buffer")
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
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<Self.tasks {
                group.addTask {
                    for send in 0..<Self.sendsPerTask {
                        let id = task * Self.sendsPerTask + send
                        if id.isMultiple(of: 2) {
                            _ = await Connection.send("/messages/\(id)?token=secret\(id)", router: router)
                        } else {
                            _ = await Connection.send(
                                fromPublicURL: "/drafts/\(id)", sourceApplication: "app\(task)",
                                router: router)
                        }
                    }
                }
            }
        }
        let total = Self.tasks * Self.sendsPerTask
        #expect(await history.failedWrites == 0)
        #expect(await history.recent().count == 64)
        let decoder = JSONDecoder()
        var entries: [History.Entry] = []
        for url in history.files where FileManager.default.fileExists(atPath: url.path) {
            for line in try lines(of: url) {
                entries.append(try decoder.decode(History.Entry.self, from: Data(line.utf8)))
            }
        }
        #expect(
            history.files.filter { FileManager.default.fileExists(atPath: $0.path) }.count > 1, "rotation ran"
        )
        #expect(entries.count == total, "no line lost or torn")
        #expect(!entries.contains { $0.url.contains("secret") }, "tokens are redacted")
        for entry in entries {
            let expected = entry.url.hasPrefix("/messages/") ? 200 : 404
            #expect(entry.status == expected, "\(entry.url)")
        }
    }
}
