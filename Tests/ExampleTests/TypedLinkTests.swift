import Switchyard
import Testing

@testable import Example

/// The Example's typed links (`Example/Links/TypedLinks.swift`): what the controllers decode, and
/// the links the app builds from the same values.
@Suite("Example: typed links")
struct TypedLinkTests {
    static let unknownApp = Source.external(sourceApplication: nil)

    @Test("both message screens read a MessageLink: the id from the path, highlight from the query")
    func messageLink() async throws {
        let session = Session(account: "ada")
        let router = try MailRouter.make(session: session)
        let message = try #require(Mailbox.message(9))
        let classic = await Connection.send("mailapp://messages/9?highlight=meetup#replies", router: router)
        #expect(classic.screen == .message(message, scrolledTo: "replies", highlighting: "meetup"))
        await session.set(.threadedMessages, isOn: true)
        let thread = await Connection.send("mailapp://messages/9?highlight=meetup", router: router)
        #expect(thread.screen == .thread(message, replies: Mailbox.replies(to: 9), highlighting: "meetup"))
        let repeated = await Connection.send("mailapp://messages/9?highlight=a&highlight=b", router: router)
        #expect(
            repeated.screen == .thread(message, replies: Mailbox.replies(to: 9), highlighting: "a"),
            "the first")
    }

    @Test("a message link that does not convert: 400 naming the key and type, the value in-app only")
    func badMessageLink() async throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        let app = await Connection.send("mailapp://messages/abc", router: router)
        #expect(app.status == .badRequest)
        #expect(app.error?.message == "'message_id' is not a valid Int: 'abc'")
        let external = await Connection.send("mailapp://messages/abc", from: Self.unknownApp, router: router)
        #expect(external.status == .badRequest)
        #expect(external.data.isEmpty, "another app learns the status only")
    }

    @Test(
        "the composer reads a ComposeLink: every to= item, the subject, and share's url",
        arguments: [
            ("mailapp://compose", Screen.compose(to: [])),
            ("mailapp://compose?to=grace", .compose(to: ["grace"])),
            (
                "mailapp://compose?to=grace&to=linus&subject=Lunch",
                .compose(to: ["grace", "linus"], subject: "Lunch")
            ),
            ("mailapp://compose?subject=Hi%20there&url=x", .compose(to: [], subject: "Hi there")),
            ("mailapp://share?url=x", .compose(to: [], sharing: "x")),
            ("mailapp://share?to=grace&url=x", .compose(to: ["grace"], sharing: "x")),
        ])
    func composeLink(url: String, screen: Screen) async throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        #expect(await Connection.send(url, router: router).screen == screen)
    }

    @Test("links built from typed values reach their route and decode to the same value")
    func builtLinks() async throws {
        let session = Session(account: "ada")
        let router = try MailRouter.make(session: session)
        for link in [
            ComposeLink(), ComposeLink(to: ["grace"]),
            ComposeLink(to: ["grace", "linus"], subject: "Re: a&b"),
        ] {
            let url = try router.url(for: "compose", link)
            let response = await Connection.send(url, router: router)
            #expect(response.request.route?.name == "compose", "\(url)")
            #expect(response.screen == .compose(to: link.to, subject: link.subject), "\(url)")
        }
        let share = try router.url(for: "share", ComposeLink(url: "https://news.example.org/story?id=3"))
        #expect(share == "mailapp://share?url=https:%2F%2Fnews.example.org%2Fstory%3Fid%3D3")
        #expect(
            await Connection.send(share, router: router).screen
                == .compose(to: [], sharing: "https://news.example.org/story?id=3"))

        for enabled in [true, false] {
            let labs = try router.url(
                for: "settings.labs", LabsLink(flag: .threadedMessages, enabled: enabled))
            #expect(labs == "mailapp://settings/labs/threaded-messages?enabled=\(enabled)")
            #expect(
                await Connection.send(labs, router: router).screen == .labs(.threadedMessages, isOn: enabled))
            #expect(await session.featureFlags == (enabled ? [.threadedMessages] : []))
        }

        // A message link: `/messages/:message_id(int)` is the pattern of the chain's routes.
        let path = try router.path(for: "thread", MessageLink(id: 8, highlight: "report"))
        #expect(path == "/messages/8?highlight=report")
        let opened = await Connection.send(path, router: router)
        #expect(opened.screen == .message(try #require(Mailbox.message(8)), highlighting: "report"))
    }
}
