import Switchyard
import Testing

@testable import Example

/// The tour's last rows, sent with `sendStack`: each level of the stack, and how the table prints
/// it (the root on the row's line, each level above it on a `↳ above it` line).
@Suite("Example: tour stacks")
struct TourStackTests {
    /// A stack row: where it is in the tour, and each level's route, URL and result, root first.
    struct StackRow: Sendable, CustomTestStringConvertible {
        let index: Int
        let source: Source
        let url: String
        let levels: [(route: String, url: String, result: String)]

        var testDescription: String { "row \(index): \(url) from \(source)" }
    }

    static let preview = "https://mail.example.com/drafts/2/preview"
    static let previewResult = #"preview of draft 2: "Ideas for the offsite", shared with grace, linus"#

    static let rows: [StackRow] = [
        StackRow(
            index: 39, source: .app, url: "mailapp://folders/work/messages/8",
            levels: [
                (
                    "folder", "mailapp://folders/work",
                    "folder work: 2 messages via mailapp://folders/work — sendStack, the root: the folder, "
                        + "its URL built from the link's :folder"
                ),
                (
                    "folderMessage", "mailapp://folders/work/messages/8",
                    #"message 8: "Quarterly report" from linus — the link's own answer, above its folder"#
                ),
            ]),
        StackRow(
            index: 40, source: Tour.chat, url: "https://mail.example.com/messages/7",
            levels: [
                (
                    "inbox", "https://mail.example.com/inbox",
                    "inbox: 3 messages via https://mail.example.com/inbox — from Chat: the inbox is public, "
                        + "so it stays beneath, on the link's scheme and host"
                ),
                (
                    "thread", "https://mail.example.com/messages/7",
                    #"thread of message 7: "Lunch on Friday?" from grace, 0 replies — message 7 above it: "#
                        + #"every candidate of /messages/7 has parent: "inbox""#
                ),
            ]),
        StackRow(
            index: 41, source: Tour.chat, url: preview,
            levels: [
                (
                    "drafts.preview", preview,
                    previewResult + " — a shared draft from Chat: its parent, the drafts list, is private, "
                        + "so sendStack left it out and the preview is the whole stack"
                )
            ]),
        StackRow(
            index: 42, source: .app, url: preview,
            levels: [
                (
                    "drafts.index", "https://mail.example.com/drafts",
                    "drafts: 2 via https://mail.example.com/drafts — the app's own Drafts screen opening it: "
                        + "the private drafts list is the root"
                ),
                ("drafts.preview", preview, previewResult + " — the preview above it"),
            ]),
        StackRow(
            index: 43, source: .content, url: preview,
            levels: [
                (
                    "drafts.preview", preview,
                    previewResult + " — the same link in a message body, sent as content: the drafts list is "
                        + "private, so the preview is again the whole stack"
                )
            ]),
    ]

    @Test("each stack row opens its levels, root first, with the link's source", arguments: rows)
    func levels(expected: StackRow) async throws {
        let rows = try await Tour().run()
        try #require(rows.count == TourTests.expected.count)
        let row = rows[expected.index]
        #expect(row.step.kind == .sendStack)
        #expect(row.step.url == expected.url)
        #expect(row.step.source == expected.source)
        #expect(row.answers.map { $0.request.route?.name } == expected.levels.map(\.route))
        #expect(row.answers.map(\.request.url) == expected.levels.map(\.url))
        #expect(row.answers.allSatisfy { $0.status == .ok })
        #expect(row.answers.allSatisfy { $0.request.source == expected.source }, "external stays external")
        #expect(row.answers.indices.map(row.result(at:)) == expected.levels.map(\.result))
    }

    @Test("the table prints the root on the row's line and each level above it on a ↳ line")
    func table() async throws {
        let rows = try await Tour().run()
        try #require(rows.count == TourTests.expected.count)
        #expect(Self.rows.last?.index == rows.count - 1, "the stack rows are the tour's last")
        let lines = Tour.table(rows).split(separator: "\n").map(String.init)
        // Their lines are the table's last.
        let printed = Self.rows.flatMap { row in
            row.levels.indices.map { level in (row: row, level: level) }
        }
        try #require(lines.count > printed.count)
        for (line, expected) in zip(lines.suffix(printed.count), printed) {
            let first = expected.level == 0
            let source = first ? expected.row.source.description : ""
            #expect(line.hasPrefix(source + " "), "\(line.prefix(60))")
            #expect(line.contains(first ? expected.row.url : "  ↳ above it"), "\(line.prefix(80))")
            #expect(line.contains(" 200 OK "))
            #expect(line.hasSuffix("  " + expected.row.levels[expected.level].result))
        }
    }
}
