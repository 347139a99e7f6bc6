import Switchyard
import Testing

@testable import Example

/// What the tour's observers recorded: the analytics route's message links and the History
/// observer's responses, stack levels included.
@Suite("Example: tour records")
struct TourRecordsTests {
    @Test("the analytics route recorded every message link that showed a message, and nothing else")
    func analytics() async throws {
        let tour = try Tour()
        _ = await tour.run()
        let entries = await tour.analytics.entries
        // Row 0 (signed out) is missing: the sign-in policy's redirect ended the chain first.
        #expect(
            entries == [
                // Row 1: sign-in resumed Chat's link as Chat's, not as the app's.
                LinkAnalytics.Entry(path: "/messages/7", source: Tour.chat),
                LinkAnalytics.Entry(path: "/messages/7", source: Tour.unknownApp),
                LinkAnalytics.Entry(path: "/messages/8", source: Tour.chat),
                LinkAnalytics.Entry(path: "/messages/8", source: .app),
                LinkAnalytics.Entry(path: "/messages/9", source: .app),
                LinkAnalytics.Entry(path: "/messages/9", source: Tour.chat),
                LinkAnalytics.Entry(path: "/messages/9", source: Tour.chat),
                // The stack row from Chat: the link once; its ancestor, the inbox, is no message.
                LinkAnalytics.Entry(path: "/messages/7", source: Tour.chat),
            ])
    }

    /// What the History observer saw of each stack row, in order: the link first, as
    /// `sendStack` sends it, then each ancestor it sent, root first, kept in the stack or not.
    static let stackHistory: [[(url: String, status: Int)]] = [
        [("mailapp://folders/work/messages/8", 200), ("mailapp://folders/work", 200)],
        [("https://mail.example.com/messages/7", 200), ("https://mail.example.com/inbox", 200)],
        // From Chat the private drafts list answers 404 (the web-view fallback): left out.
        [("https://mail.example.com/drafts/2/preview", 200), ("https://mail.example.com/drafts", 404)],
        [("https://mail.example.com/drafts/2/preview", 200), ("https://mail.example.com/drafts", 200)],
        // Sent as content (a link in a message body), the private drafts list is left out too.
        [("https://mail.example.com/drafts/2/preview", 200), ("https://mail.example.com/drafts", 404)],
    ]

    @Test("the History observer saw every row, in order, and every level a stack row sent")
    func history() async throws {
        let tour = try Tour()
        let rows = await tour.run()
        let entries = await tour.history.recent()
        var stacks = Self.stackHistory[...]
        // The sign-in row sends twice: the app's own sign-in route, then the link it resumed. A
        // stack row sends the link, then each ancestor, all with the link's source.
        let sent = rows.flatMap { row -> [(status: Int, source: Source, url: String?)] in
            switch row.step.kind {
            case .signIn:
                return [(Status.ok.code, .app, nil), (row.status.code, row.response.request.source, nil)]
            case .sendStack:
                return (stacks.popFirst() ?? []).map { ($0.status, row.step.source, $0.url) }
            case .send, .sendAll:
                return [(row.status.code, row.step.source, nil)]
            }
        }
        #expect(stacks.isEmpty, "one stack row for each entry of stackHistory")
        #expect(entries.map(\.status) == sent.map(\.status))
        #expect(entries.map(\.source) == sent.map(\.source))
        for (entry, expected) in zip(entries, sent) where expected.url != nil {
            #expect(entry.url == expected.url)
        }
    }
}
