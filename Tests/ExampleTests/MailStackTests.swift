import Switchyard
import Testing

@testable import Example

/// The mail app's navigation stacks: folders beneath their messages, the inbox beneath its
/// messages, and the private drafts list beneath a shared draft's preview, in-app and from outside.
@Suite("Example: navigation stacks")
struct MailStackTests {
    static let chat = Source.external(sourceApplication: "com.example.chat")

    /// A link, who sends it, and the stack it opens: each level's route (`nil` for none), the URL
    /// it was sent as, its status and its screen.
    struct Case: Sendable, CustomTestStringConvertible {
        let url: String
        let source: Source
        let levels: [(route: String?, url: String, status: Status, screen: Screen?)]

        var testDescription: String { "\(url) from \(source)" }
    }

    /// Written out rather than looked up, so a change to the mailbox fails here.
    static let message7 = Message(id: 7, from: "grace", subject: "Lunch on Friday?")
    static let message8 = Message(id: 8, from: "linus", subject: "Quarterly report")
    static let message9 = Message(id: 9, from: "ada", subject: "Notes from the meetup")
    static let inbox = Screen.inbox([message7, message8, message9], backTo: nil)
    static let work = Screen.folder("work", messages: [message8, message9])
    static let drafts = [
        Draft(id: 1, subject: "Re: Lunch on Friday?"),
        Draft(id: 2, subject: "Ideas for the offsite", sharedWith: ["grace", "linus"]),
    ]
    static let preview = "https://mail.example.com/drafts/2/preview"

    static let cases: [Case] = [
        // A message in a folder: the folder beneath, its URL built from the link's :folder.
        Case(
            url: "mailapp://folders/work/messages/8", source: .app,
            levels: [
                ("folder", "mailapp://folders/work", .ok, work),
                ("folderMessage", "mailapp://folders/work/messages/8", .ok, .message(message8)),
            ]),
        Case(
            url: "mailapp://folders/work/messages/8", source: chat,
            levels: [
                ("folder", "mailapp://folders/work", .ok, work),
                ("folderMessage", "mailapp://folders/work/messages/8", .ok, .message(message8)),
            ]),
        Case(
            url: "https://mail.example.com/folders/personal/messages/7#top", source: chat,
            levels: [
                (
                    "folder", "https://mail.example.com/folders/personal", .ok,
                    .folder("personal", messages: [message7])
                ),
                (
                    "folderMessage", "https://mail.example.com/folders/personal/messages/7#top", .ok,
                    .message(message7, scrolledTo: "top")
                ),
            ]),
        // An inbox message: whichever candidate answers, the inbox is beneath it.
        Case(
            url: "mailapp://messages/7", source: .app,
            levels: [
                ("inbox", "mailapp://inbox", .ok, inbox),
                ("message", "mailapp://messages/7", .ok, .message(message7)),
            ]),
        Case(
            url: "https://mail.example.com/messages/7?highlight=Friday", source: chat,
            levels: [
                ("inbox", "https://mail.example.com/inbox", .ok, inbox),
                (
                    "message", "https://mail.example.com/messages/7?highlight=Friday", .ok,
                    .message(message7, highlighting: "Friday")
                ),
            ]),
        // The rewrite applies before matching: the old form stacks as the new one does.
        Case(
            url: "mailapp://msg/9", source: .external(sourceApplication: nil),
            levels: [
                ("inbox", "mailapp://inbox", .ok, inbox),
                ("message", "mailapp://msg/9", .ok, .message(message9)),
            ]),
        // A shared draft's preview: the private drafts list beneath it in-app, left out from outside.
        Case(
            url: preview, source: .app,
            levels: [
                ("drafts.index", "https://mail.example.com/drafts", .ok, .drafts(drafts)),
                ("drafts.preview", preview, .ok, .draftPreview(drafts[1])),
            ]),
        Case(
            url: preview, source: chat, levels: [("drafts.preview", preview, .ok, .draftPreview(drafts[1]))]),
        Case(
            url: "mailapp://drafts/2/preview", source: .external(sourceApplication: nil),
            levels: [("drafts.preview", "mailapp://drafts/2/preview", .ok, .draftPreview(drafts[1]))]),
        // A private draft: its stack in-app; from outside, a 404 that opens alone.
        Case(
            url: "mailapp://drafts/2", source: .app,
            levels: [
                ("drafts.index", "mailapp://drafts", .ok, .drafts(drafts)),
                ("drafts.show", "mailapp://drafts/2", .ok, .draft(drafts[1])),
            ]),
        Case(url: "mailapp://drafts/2", source: chat, levels: [(nil, "mailapp://drafts/2", .notFound, nil)]),
        // Not answered with a 2xx: a stack of one, no ancestor sent.
        Case(
            url: "mailapp://folders/work/messages/7", source: .app,
            levels: [("folderMessage", "mailapp://folders/work/messages/7", .notFound, nil)]),
        Case(
            url: "mailapp://folders/nowhere/messages/8", source: .app,
            levels: [("folderMessage", "mailapp://folders/nowhere/messages/8", .notFound, nil)]),
        Case(
            url: "mailapp://drafts/1/preview", source: .app,
            levels: [("drafts.preview", "mailapp://drafts/1/preview", .notFound, nil)]),
        // A route without a parent: a stack of one.
        Case(
            url: "mailapp://folders/work", source: .app,
            levels: [("folder", "mailapp://folders/work", .ok, work)]),
    ]

    @Test("each link opens its stack, root first, every level with the link's source", arguments: cases)
    func stack(_ expected: Case) async throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        let stack = await Connection.sendStack(expected.url, from: expected.source, router: router)
        #expect(stack.map { $0.request.route?.name } == expected.levels.map(\.route))
        #expect(stack.map(\.request.url) == expected.levels.map(\.url))
        #expect(stack.map(\.status) == expected.levels.map(\.status))
        #expect(stack.map(\.screen) == expected.levels.map(\.screen))
        #expect(stack.allSatisfy { $0.request.source == expected.source }, "external stays external")
    }

    @Test("the dry run names the same routes, but for the link's own level, its first candidate")
    func dryRun() throws {
        let router = try MailRouter.make()
        let plans: [(url: String, source: Source, routes: [String?])] = [
            ("mailapp://folders/work/messages/8", .app, ["folder", "folderMessage"]),
            ("mailapp://messages/7", .app, ["inbox", "messageAnalytics"]),
            (Self.preview, .app, ["drafts.index", "drafts.preview"]),
            // From outside the private list is not even a match: only sending shows the rest.
            (Self.preview, Self.chat, ["drafts.preview"]),
            ("mailapp://drafts/2", Self.chat, []),
        ]
        for plan in plans {
            #expect(
                router.stack(for: plan.url, source: plan.source).map(\.route.name) == plan.routes,
                "\(plan.url) from \(plan.source)")
        }
    }

    @Test("signed out, the link opens the sign-in screen alone: it has no parent")
    func signedOut() async throws {
        let router = try MailRouter.make(session: Session())
        let stack = await Connection.sendStack(
            "mailapp://folders/work/messages/8", from: Self.chat, router: router)
        #expect(stack.map { $0.request.route?.name } == ["signIn"])
        #expect(stack.first?.screen?.description == "sign-in screen, then /folders/work/messages/8")
    }

    @Test("every folder holds messages of the mailbox, and the inbox folder lists the inbox")
    func folders() throws {
        #expect(Mailbox.folders.map(\.name) == ["inbox", "work", "personal"])
        for folder in Mailbox.folders {
            #expect(!folder.messageIDs.isEmpty)
            #expect(Mailbox.messages(in: folder).map(\.id) == folder.messageIDs, "\(folder.name)")
        }
        #expect(Mailbox.messages(in: try #require(Mailbox.folder("inbox"))) == Mailbox.messages)
        #expect(Mailbox.folder("nowhere") == nil)
        #expect(Mailbox.drafts.filter { !$0.sharedWith.isEmpty }.map(\.id) == [2], "one draft is shared")
    }
}
