import Foundation
import Testing

@testable import SwitchyardMiddlewares

/// ``History``: line format, redaction, the ring buffer, rotation and concurrent writes.
struct HistoryTests {
    static let fixedTime = Date(timeIntervalSince1970: 1_700_000_000.5)

    static func router(_ history: History) throws -> Router {
        try Router(
            routes: [
                Route("/items/:id", isPublic: true, controller: echo),
                Route("/private", controller: echo),
            ],
            configuration: .init(schemes: ["mailapp"], observers: [history]))
    }

    /// Decodes a line into raw JSON values, to check the exact keys written.
    static func object(_ line: String) throws -> [String: JSONValue] {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(line.utf8))
        guard case .object(let object) = value else { throw CocoaError(.coderReadCorrupt) }
        return object
    }

    @Test func writesOneLineWithEveryField() async throws {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent("history.jsonl")
        let history = History(file: file, now: { Self.fixedTime })
        let router = try Self.router(history)
        let response = await Connection.send(
            fromPublicURL: "mailapp://items/7?token=s3cret&page=2", sourceApplication: "com.other",
            router: router)
        #expect(response.status == .ok)

        let written = try lines(of: file)
        try #require(written.count == 1)
        let object = try Self.object(written[0])
        #expect(
            Set(object.keys) == [
                "time", "source", "sourceApplication", "url", "route", "status", "durationMs",
            ])
        #expect(object["time"] == .string("2023-11-14T22:13:20.500Z"))
        #expect(object["source"] == .string("external"))
        #expect(object["sourceApplication"] == .string("com.other"))
        #expect(object["url"] == .string("mailapp://items/7?token=REDACTED&page=2"))
        #expect(object["route"] == .string("/items/:id"))
        #expect(object["status"] == .integer(200))
        #expect(!written[0].contains("s3cret"))

        let entry = try JSONDecoder().decode(History.Entry.self, from: Data(written[0].utf8))
        #expect(entry.source == .external(sourceApplication: "com.other"))
        #expect(entry.durationMilliseconds >= 0)
        #expect(await history.recent().map(\.url) == ["mailapp://items/7?token=REDACTED&page=2"])
    }

    @Test func recordsAppRequestsAndMissesWithNulls() async throws {
        let history = History(file: nil)
        let router = try Self.router(history)
        _ = await Connection.send("/nowhere", router: router)
        _ = await Connection.send(fromPublicURL: "mailapp://private", sourceApplication: nil, router: router)
        let recent = await history.recent()
        #expect(recent.map(\.status) == [404, 404])
        #expect(recent.map(\.route) == [nil, nil], "a private route reached from outside is a miss")
        #expect(recent.map(\.source) == [.app, .external(sourceApplication: nil)])
        let line = try #require(String(data: try recent[1].jsonLine(), encoding: .utf8))
        #expect(line.hasSuffix("}\n"))
        let object = try Self.object(line)
        #expect(object["route"] == .null)
        #expect(object["sourceApplication"] == .null)
    }

    static let redactions: [(url: String, redacted: String)] = [
        ("mailapp://cb?code=123&state=x", "mailapp://cb?code=REDACTED&state=x"),
        ("mailapp://cb?Token=a&token=b&TOKEN=", "mailapp://cb?Token=REDACTED&token=REDACTED&TOKEN=REDACTED"),
        (
            "mailapp://cb?password=p&secret=s&access_token=t",
            "mailapp://cb?password=REDACTED&secret=REDACTED&access_token=REDACTED"
        ),
        ("mailapp://cb#access_token=abc&type=bearer", "mailapp://cb#access_token=REDACTED&type=bearer"),
        ("mailapp://cb?x=1#state=2", "mailapp://cb?x=1#state=2"),
        (
            "https://user:pass@mail.example.com/x?password=p",
            "https://REDACTED@mail.example.com/x?password=REDACTED"
        ),
        ("/a?pass%77ord=x&b=1", "/a?pass%77ord=REDACTED&b=1"),
        ("/a?tokens=1&x=token=1&secret", "/a?tokens=1&x=token=1&secret"),
        ("/reset/abc", "/reset/abc"),
        ("", ""),
    ]

    @Test(arguments: redactions)
    func redactsSensitiveValues(url: String, redacted: String) {
        #expect(History(file: nil).redact(url) == redacted)
    }

    @Test func redactedKeysAreConfigurable() {
        let history = History(file: nil, redactedKeys: ["sid"])
        #expect(history.redact("/a?sid=1&token=2") == "/a?sid=REDACTED&token=2")
    }

    @Test func theRingBufferKeepsTheLastEntriesOldestFirst() async throws {
        let history = History(file: nil, recentCapacity: 3)
        let router = try Self.router(history)
        for id in 1...5 {
            _ = await Connection.send("/items/\(id)", router: router)
        }
        #expect(await history.recent().map(\.url) == ["/items/3", "/items/4", "/items/5"])
    }

    @Test func rotatesBySizeAndKeepsTheNewestFiles() async throws {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent("history.jsonl")
        let history = History(file: file, maxFileSize: 1000, maxFiles: 3, recentCapacity: 1000)
        let router = try Self.router(history)
        for id in 0..<100 {
            _ = await Connection.send("/items/\(id)", router: router)
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == ["history.1.jsonl", "history.2.jsonl", "history.jsonl"])
        #expect(
            history.files.map(\.lastPathComponent) == ["history.jsonl", "history.1.jsonl", "history.2.jsonl"])

        var kept: [String] = []
        for url in history.files.reversed() {
            let size = try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
            #expect(size <= 1000 && size > 500, "\(url.lastPathComponent) is \(size) bytes")
            kept += try lines(of: url).map {
                try JSONDecoder().decode(History.Entry.self, from: Data($0.utf8)).url
            }
        }
        let all = await history.recent().map(\.url)
        #expect(all.count == 100)
        #expect(kept.count > 10 && kept.count < 100)
        #expect(Array(all.suffix(kept.count)) == kept, "the files hold the newest lines, in order, none lost")
    }

    @Test func thousandsOfConcurrentSendsWriteEveryLineWhole() async throws {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent("history.jsonl")
        let history = History(file: file, maxFileSize: 64 * 1024, maxFiles: 1000, recentCapacity: 10_000)
        let router = try Self.router(history)
        let count = 3000
        await withTaskGroup(of: Void.self) { group in
            for id in 0..<count {
                group.addTask {
                    _ = await Connection.send(
                        fromPublicURL: "mailapp://items/\(id)?token=t\(id)",
                        sourceApplication: "app\(id % 7)",
                        router: router)
                }
            }
        }
        var ids: [Int] = []
        var fileCount = 0
        for url in history.files where FileManager.default.fileExists(atPath: url.path) {
            fileCount += 1
            for line in try lines(of: url) {
                let entry = try JSONDecoder().decode(History.Entry.self, from: Data(line.utf8))
                #expect(entry.status == 200)
                #expect(entry.sourceApplication?.hasPrefix("app") == true)
                let id = try #require(Int(entry.url.dropFirst("mailapp://items/".count).prefix { $0 != "?" }))
                #expect(entry.url.hasSuffix("?token=REDACTED"))
                ids.append(id)
            }
        }
        #expect(fileCount > 1, "the test also exercises rotation")
        #expect(ids.count == count)
        #expect(Set(ids) == Set(0..<count))
        #expect(await history.failedWrites == 0)
        #expect(await history.recent().count == count)
    }

    @Test func appendsToAnExistingFileOnAFreshLine() async throws {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent("history.jsonl")
        try Data("{\"half\":".utf8).write(to: file)
        let history = History(file: file)
        _ = await Connection.send("/items/1", router: try Self.router(history))
        let written = try lines(of: file)
        #expect(written.count == 2)
        #expect(written[0] == "{\"half\":")
        #expect(try JSONDecoder().decode(History.Entry.self, from: Data(written[1].utf8)).url == "/items/1")
    }

    @Test func writeFailuresAreCountedNotThrown() async throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "no-such-\(UUID().uuidString)")
        let history = History(file: missing.appendingPathComponent("history.jsonl"))
        let response = await Connection.send("/items/1", router: try Self.router(history))
        #expect(response.status == .ok)
        #expect(await history.failedWrites == 1)
        #expect(await history.recent().count == 1)
    }

    @Test func rotatedNamesInsertTheIndexBeforeTheExtension() {
        let base = URL(fileURLWithPath: "/tmp/logs/history.jsonl")
        #expect(RotatingFile.path(of: base, index: 0).lastPathComponent == "history.jsonl")
        #expect(RotatingFile.path(of: base, index: 2).lastPathComponent == "history.2.jsonl")
        #expect(
            RotatingFile.path(of: URL(fileURLWithPath: "/tmp/log"), index: 1).lastPathComponent == "log.1")
    }
}
