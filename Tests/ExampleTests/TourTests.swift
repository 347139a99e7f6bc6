import Switchyard
import Testing

@testable import Example

/// Runs the Example's scripted tour (what `swift run Example` prints) and checks every row.
@Suite("Example: tour")
struct TourTests {
    /// The expected status of each row, in order, with the start of its URL so a reordered tour
    /// fails with a readable message.
    static let expected: [(source: Source, url: String, status: Status)] = [
        (Tour.chat, "https://mail.example.com/messages/7", .ok),
        (.app, "mailapp://sign-in/complete", .ok),
        (.app, "mailapp://", .ok),
        (Tour.unknownApp, "mailapp://msg/7", .ok),
        (Tour.chat, "mailapp://u/grace", .ok),
        (.app, "mailapp://drafts/2", .ok),
        (Tour.chat, "mailapp://drafts/2", .notFound),
        (Tour.chat, "mailapp://no/such/page", .notFound),
        (Tour.chat, "mailapp://compose", .forbidden),
        (Tour.calendar, "mailapp://compose", .ok),
        (Tour.unknownApp, "mailapp://messages/%zz", .badRequest),
        (Tour.chat, "mailapp://inbox?al_applink_data=", .ok),
        (Tour.unknownApp, "mailapp://inbox?q=xxx", .uriTooLong),
        (.app, "mailapp://settings/notifications", .ok),
        (Tour.unknownApp, "mailapp://sign-in?next=https", .badRequest),
    ]

    @Test("every row of the tour has its expected status, source and URL")
    func statuses() async throws {
        let rows = try await Tour().run()
        #expect(rows.count == Self.expected.count)
        for (row, expected) in zip(rows, Self.expected) {
            #expect(row.step.url.hasPrefix(expected.url), "\(row.step.url.prefix(60))")
            #expect(row.step.source == expected.source, "\(expected.url)")
            #expect(row.response.request.source == expected.source, "source kept: \(expected.url)")
            #expect(row.status == expected.status, "\(expected.url): \(row.result)")
        }
    }

    @Test("the tour's rows show the screens they claim")
    func screens() async throws {
        let rows = try await Tour().run()
        try #require(rows.count == Self.expected.count)
        let message = try #require(Mailbox.message(7))
        #expect(rows[0].response.screen == .signIn(next: "/messages/7"), "signed out: sign-in with next")
        #expect(rows[1].response.screen == .message(message), "sign-in continued to next")
        #expect(rows[2].response.screen == .inbox(Mailbox.messages, backTo: nil))
        #expect(rows[3].response.screen == .message(message), "rewritten")
        #expect(rows[3].response.request.path == "/messages/7")
        #expect(rows[4].response.screen == .profile(try #require(Mailbox.profile("grace"))))
        #expect(rows[5].response.screen == .draft(try #require(Mailbox.draft(2))))
        #expect(rows[9].response.screen == .compose(to: "grace"))
        #expect(rows[11].response.screen == .inbox(Mailbox.messages, backTo: "Chat"), "App Links")
        #expect(rows[13].response.screen == .settings(section: "notifications"))
    }

    @Test("a private route from outside answers exactly like a missing one")
    func privateLooksMissing() async throws {
        let rows = try await Tour().run()
        try #require(rows.count == Self.expected.count)
        let hidden = rows[6].response
        let missing = rows[7].response
        #expect(hidden.status == missing.status)
        #expect(hidden.data.isEmpty && missing.data.isEmpty)
        #expect(hidden.request.route == nil && missing.request.route == nil)
        #expect(hidden.request.params.isEmpty && hidden.location == nil)
        #expect(rows[6].result.hasPrefix("not found") && rows[7].result.hasPrefix("not found"))
    }

    @Test("the History observer saw every row, in order")
    func history() async throws {
        let tour = try Tour()
        let rows = await tour.run()
        let entries = await tour.history.recent()
        #expect(entries.map(\.status) == rows.map(\.status.code))
        #expect(entries.map(\.source) == rows.map(\.step.source))
    }

    @Test("the table is aligned: every row has its STATUS where the header has it")
    func table() async throws {
        let rows = try await Tour().run()
        let lines = Tour.table(rows).split(separator: "\n").map(String.init)
        #expect(lines.count == rows.count + 1)
        let header = try #require(lines.first)
        let statusColumn = try #require(header.range(of: "STATUS")).lowerBound.utf16Offset(in: header)
        for (line, row) in zip(lines.dropFirst(), rows) {
            let cell = line.dropFirst(statusColumn).prefix(row.status.description.count)
            #expect(cell == row.status.description[...], "\(line.prefix(80))")
        }
        #expect(!lines.contains { $0.count > 400 }, "long URLs are shortened")
    }
}
