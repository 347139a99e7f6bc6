import Foundation
import Testing

@testable import SwitchyardMiddlewares

/// ``PendingLinks``: delivery with sources and data, the file (its lines, reloads, at-most-once,
/// corrupt and torn lines), time-to-live and capacity. Init errors are in `PendingLinksErrorTests`,
/// concurrency in `PendingLinksStressTests`.
struct PendingLinksTests {
    static let start = Date(timeIntervalSince1970: 1_700_000_000.5)

    /// A wall clock tests set by hand.
    final class Clock: @unchecked Sendable {
        // `@unchecked Sendable` is safe: `date` is only read and written while holding `lock`.
        private let lock = NSLock()
        private var date: Date

        init(_ date: Date = PendingLinksTests.start) {
            self.date = date
        }

        var now: Date {
            lock.lock()
            defer { lock.unlock() }
            return date
        }

        func advance(_ seconds: Double) {
            lock.lock()
            defer { lock.unlock() }
            date += seconds
        }
    }

    /// `/public/:n` answers links from anywhere, `/private/:n` only in-app ones; both answer with
    /// the request's `note` data, so tests see what reached the controller.
    static let router = try! Router(
        routes: [
            Route("/public/:n", isPublic: true) {
                Response(request: $0, data: ["note": $0.data["note"] ?? "-"])
            },
            Route("/private/:n") { Response(request: $0, data: ["note": $0.data["note"] ?? "-"]) },
        ],
        configuration: .init(schemes: ["mailapp"]))

    static func links(
        _ file: URL?, timeToLive: Duration = .seconds(600), capacity: Int = 16, clock: Clock = Clock()
    ) throws -> PendingLinks {
        try PendingLinks(file: file, timeToLive: timeToLive, capacity: capacity, now: { clock.now })
    }

    static func file() throws -> URL {
        try temporaryDirectory().appendingPathComponent("pending-links.jsonl")
    }

    /// The URLs of the links in a file, in file order.
    static func urls(in file: URL) throws -> [String] {
        try lines(of: file).map { PendingLink(line: Data($0.utf8), decoder: JSONDecoder())?.url ?? "?" }
    }

    /// The URLs, statuses, sources and notes of responses, one string each.
    static func summary(_ responses: [Response]) -> [String] {
        responses.map { "\($0.request.url) \($0.status.code) \($0.request.source) \($0.data["note"] ?? "")" }
    }

    @Test(arguments: [false, true])
    func deliversInArrivalOrderWithTheirSources(withFile: Bool) async throws {
        let pending = try Self.links(withFile ? try Self.file() : nil)
        try await pending.hold("/private/1", data: ["note": "one"])
        try await pending.hold(fromPublicURL: "mailapp://private/2", sourceApplication: "com.other")
        try await pending.hold(fromPublicURL: "mailapp://public/3", sourceApplication: nil)
        try await pending.hold("mailapp://public/4")
        #expect(await pending.count == 4)

        let responses = await pending.deliver(router: Self.router)
        #expect(
            Self.summary(responses) == [
                "/private/1 200 app one",
                "mailapp://private/2 404 external(com.other) ",
                "mailapp://public/3 200 external -",
                "mailapp://public/4 200 app -",
            ], "an external link cannot reach a private route, held or not")
        #expect(await pending.count == 0)
    }

    @Test func inAppDataNeedNotBeEncodableAndReachesTheController() async throws {
        final class Presenter: Sendable {}
        let presenter = Presenter()
        let pending = try Self.links(try Self.file())
        try await pending.hold("/private/1", data: ["note": presenter])
        let responses = await pending.deliver(router: Self.router)
        #expect((responses.first?.data["note"] as? Presenter) === presenter)
    }

    static let written: [(external: Bool, sourceApplication: String?, line: String)] = [
        (false, nil, #"{"arrival":1700000000.5,"source":"app","url":"mailapp://public/1?a=b"}"#),
        (true, nil, #"{"arrival":1700000000.5,"source":"external","url":"mailapp://public/1?a=b"}"#),
        (
            true, "com.apple.mobilesafari",
            #"{"arrival":1700000000.5,"source":"external","sourceApplication":"com.apple.mobilesafari","url":"mailapp://public/1?a=b"}"#
        ),
    ]

    @Test(arguments: written)
    func holdWritesTheLineBeforeReturning(external: Bool, sourceApplication: String?, line: String)
        async throws
    {
        let file = try Self.file()
        let pending = try Self.links(file)
        #expect(try lines(of: file).isEmpty, "a missing file is created empty")
        if external {
            try await pending.hold(
                fromPublicURL: "mailapp://public/1?a=b", sourceApplication: sourceApplication)
        } else {
            try await pending.hold("mailapp://public/1?a=b", data: ["note": "secret"])
        }
        #expect(try lines(of: file) == [line], "in-app data is never written")
    }

    @Test func aNewInstanceDeliversWhatTheLastOneHeldWithoutInAppData() async throws {
        let file = try Self.file()
        let first = try Self.links(file)
        try await first.hold("/private/1", data: ["note": "memory only"])
        try await first.hold(fromPublicURL: "mailapp://private/2", sourceApplication: nil)
        try await first.hold(fromPublicURL: "mailapp://public/3", sourceApplication: "com.other")

        let second = try Self.links(file)
        #expect(await second.count == 3)
        #expect(
            Self.summary(await second.deliver(router: Self.router)) == [
                "/private/1 200 app -",
                "mailapp://private/2 404 external ",
                "mailapp://public/3 200 external(com.other) -",
            ])
    }

    @Test func eachLinkLeavesTheFileBeforeItIsSent() async throws {
        let file = try Self.file()
        let router = try Router(routes: [
            Route("/links/:n") { request in
                Response(request: request, data: ["file": try lines(of: file).joined(separator: "\n")])
            }
        ])
        let pending = try Self.links(file)
        for n in 1...3 {
            try await pending.hold("/links/\(n)")
        }
        let seen = await pending.deliver(router: router).map { $0.data["file"] as? String ?? "?" }
        #expect(seen.count == 3)
        #expect(!seen[0].contains("/links/1") && seen[0].contains("/links/2") && seen[0].contains("/links/3"))
        #expect(!seen[1].contains("/links/2") && seen[1].contains("/links/3"))
        #expect(seen[2].isEmpty)
        #expect(try lines(of: file).isEmpty)
        #expect(
            try await Self.links(file).deliver(router: router).isEmpty, "a relaunch delivers nothing again")
    }

    @Test(arguments: [false, true])
    func deliveringTwiceDeliversOnce(withFile: Bool) async throws {
        let pending = try Self.links(withFile ? try Self.file() : nil)
        try await pending.hold("/public/1")
        #expect(await pending.deliver(router: Self.router).count == 1)
        #expect(await pending.deliver(router: Self.router).isEmpty)
    }

    /// Seconds after the first hold at which a new instance loads the file, and the links it
    /// keeps of three held at 0, 100 and 300 seconds with a 600-second time-to-live. Negative: the
    /// clock was set back, and links that seem to arrive too far in the future are dropped too.
    static let reloads: [(after: Double, kept: [String])] = [
        (0, ["/public/0", "/public/100", "/public/300"]),
        (600, ["/public/0", "/public/100", "/public/300"]),
        (600.5, ["/public/100", "/public/300"]),
        (900, ["/public/300"]),
        (901, []),
        (-300, ["/public/0", "/public/100", "/public/300"]),
        (-350, ["/public/0", "/public/100"]),
        (-600.5, []),
    ]

    @Test(arguments: reloads)
    func expiredLinksAreDroppedAtLoad(after: Double, kept: [String]) async throws {
        let file = try Self.file()
        let clock = Clock()
        let first = try Self.links(file, clock: clock)
        for offset in [0.0, 100, 300] {
            clock.advance(offset - (clock.now.timeIntervalSince(Self.start)))
            try await first.hold("/public/\(Int(offset))")
        }
        let reloadClock = Clock(Self.start + after)
        let second = try Self.links(file, clock: reloadClock)
        #expect(try Self.urls(in: file) == kept, "expired lines are removed from the file too")
        #expect(await second.count == kept.count)
        #expect(await second.deliver(router: Self.router).map(\.request.url) == kept)
    }

    @Test func expiredLinksAreDroppedUnsentAtDelivery() async throws {
        let file = try Self.file()
        let clock = Clock()
        let pending = try Self.links(file, timeToLive: .seconds(60), clock: clock)
        try await pending.hold("/public/1")
        clock.advance(30)
        try await pending.hold(fromPublicURL: "mailapp://public/2", sourceApplication: nil)
        clock.advance(45)
        #expect(await pending.count == 1)
        #expect(await pending.deliver(router: Self.router).map(\.request.url) == ["mailapp://public/2"])
        #expect(try lines(of: file).isEmpty)
    }

    @Test func capacityDropsTheOldestFirstInMemoryAndInTheFile() async throws {
        let file = try Self.file()
        let pending = try Self.links(file, capacity: 3)
        for n in 1...5 {
            try await pending.hold("/public/\(n)")
        }
        #expect(await pending.count == 3)
        #expect(try Self.urls(in: file) == ["/public/3", "/public/4", "/public/5"])

        let smaller = try Self.links(file, capacity: 2)
        #expect(try Self.urls(in: file) == ["/public/4", "/public/5"])
        #expect(await smaller.deliver(router: Self.router).map(\.request.url) == ["/public/4", "/public/5"])
    }

    @Test func linesThatDoNotParseAreSkipped() async throws {
        let file = try Self.file()
        let text = """
            {"arrival":1700000000,"source":"app","url":"/public/1"}
            not json

            {"arrival":1700000000,"source":"app"}
            {"arrival":1700000000,"source":"martian","url":"/public/2"}
            {"arrival":"yesterday","source":"app","url":"/public/3"}
            ["/public/4"]
            {"arrival":1700000001,"source":"external","url":"mailapp://public/5","future":true}

            """
        try Data(text.utf8).write(to: file)
        let pending = try Self.links(file)
        #expect(
            try Self.urls(in: file) == ["/public/1", "mailapp://public/5"],
            "the file is rewritten without them")
        #expect(try lines(of: file).last?.hasSuffix(#""future":true}"#) == true, "unknown keys are kept")
        #expect(
            Self.summary(await pending.deliver(router: Self.router)) == [
                "/public/1 200 app -", "mailapp://public/5 200 external -",
            ])
    }

    @Test func aTornLastLineLosesOnlyItsLinkAndLaterHoldsAppendCleanly() async throws {
        let file = try Self.file()
        let text = """
            {"arrival":1700000000,"source":"app","url":"/public/1"}
            {"arrival":1700000000,"source":"external","url":"mailapp://public/2"}
            {"arrival":1700000000,"source":"app","url":"/pu
            """
        try Data(text.utf8).write(to: file)
        let first = try Self.links(file)
        #expect(await first.count == 2)
        try await first.hold("/public/4")
        #expect(try Self.urls(in: file) == ["/public/1", "mailapp://public/2", "/public/4"])

        let second = try Self.links(file)
        #expect(await second.count == 3)
        #expect(
            await second.deliver(router: Self.router).map(\.request.url) == [
                "/public/1", "mailapp://public/2", "/public/4",
            ])
    }

    @Test func aHoldThatCannotBeWrittenThrowsAndHoldsNothing() async throws {
        let file = try Self.file()
        let pending = try Self.links(file)
        try await pending.hold("/public/1")
        try FileManager.default.removeItem(at: file.deletingLastPathComponent())
        await #expect(throws: PendingLinksError.self) { try await pending.hold("/public/2") }
        #expect(await pending.count == 1)
    }

    @Test func aDeletedFileIsWrittenAgainFromMemory() async throws {
        let file = try Self.file()
        let pending = try Self.links(file)
        try await pending.hold("/public/1")
        try FileManager.default.removeItem(at: file)
        try await pending.hold("/public/2")
        #expect(try Self.urls(in: file) == ["/public/1", "/public/2"])
    }
}
