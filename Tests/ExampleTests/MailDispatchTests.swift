import Switchyard
import Testing

@testable import Example

/// The Example's dispatch: the message links' candidates, the threaded view's flag, the analytics
/// route that continues, and the promotion redirect that carries data.
@Suite("Example: dispatch")
struct MailDispatchTests {
    static let unknownApp = Source.external(sourceApplication: nil)
    static let sources: [Source] = [.app, unknownApp]

    @Test("a message link has three candidates; a non-number reaches the classic route alone")
    func candidates() throws {
        let router = try MailRouter.make()
        for url in ["mailapp://messages/9", "https://mail.example.com/messages/9", "/messages/9"] {
            #expect(router.candidates(url).map(\.route.name) == ["messageAnalytics", "thread", "message"])
        }
        #expect(
            router.candidates("mailapp://messages/9", source: Self.unknownApp).count == 3,
            "all three are public")
        #expect(router.candidates("mailapp://messages/abc").map(\.route.name) == ["message"])
        #expect(router.match("mailapp://messages/9")?.route.name == "messageAnalytics", "the first candidate")
    }

    @Test("flag off, the threaded view declines and the classic view answers", arguments: sources)
    func flagOff(source: Source) async throws {
        let analytics = LinkAnalytics()
        let router = try MailRouter.make(session: Session(account: "ada"), analytics: analytics)
        let answers = await Connection.sendAll("mailapp://messages/9", from: source, router: router)
        // A decline is not an answer: analytics' 204, then the classic view.
        #expect(answers.map { $0.request.route?.name } == ["messageAnalytics", "message"])
        #expect(answers.map(\.status) == [.noContent, .ok])
        #expect(answers.last?.screen == .message(try #require(Mailbox.message(9))))
        let sent = await Connection.send("mailapp://messages/9", from: source, router: router)
        #expect(sent.request.route?.name == "message", "send returns the last answer")
        #expect(
            await analytics.entries == Array(repeating: .init(path: "/messages/9", source: source), count: 2))
    }

    @Test("flag on, the threaded view answers", arguments: sources)
    func flagOn(source: Source) async throws {
        let session = Session(account: "ada", featureFlags: [.threadedMessages])
        let router = try MailRouter.make(session: session)
        let answers = await Connection.sendAll("mailapp://messages/9#replies", from: source, router: router)
        #expect(answers.map { $0.request.route?.name } == ["messageAnalytics", "thread"])
        let message = try #require(Mailbox.message(9))
        #expect(answers.last?.screen == .thread(message, replies: Mailbox.replies(to: 9)))
        let sent = await Connection.send("mailapp://messages/8", from: source, router: router)
        #expect(sent.screen == .thread(try #require(Mailbox.message(8)), replies: []))
        await session.set(.threadedMessages, isOn: false)
        let off = await Connection.send("mailapp://messages/8", from: source, router: router)
        #expect(off.request.route?.name == "message", "the policy reads the flag on every request")
    }

    @Test("Labs turns the flag on in-app only; an unknown flag or value matches nothing")
    func labs() async throws {
        let session = Session(account: "ada")
        let router = try MailRouter.make(session: session)
        let url = "mailapp://settings/labs/threaded-messages?enabled=true"
        let outside = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(outside.status == .notFound)
        #expect(await session.featureFlags.isEmpty, "another app cannot turn a feature on")
        for bad in [
            "mailapp://settings/labs/dark-mode?enabled=true",
            "mailapp://settings/labs/threaded-messages?enabled=yes",
            "mailapp://settings/labs/threaded-messages",
        ] {
            #expect(await Connection.send(bad, router: router).status == .notFound, "\(bad)")
        }
        #expect(await Connection.send(url, router: router).screen == .labs(.threadedMessages, isOn: true))
        #expect(await session.featureFlags == [.threadedMessages])
        let off = await Connection.send(
            "mailapp://settings/labs/threaded-messages?enabled=false", router: router)
        #expect(off.screen == .labs(.threadedMessages, isOn: false))
        #expect(await session.featureFlags.isEmpty)
    }

    @Test("analytics records only the links that reach a message screen's chain")
    func analyticsLog() async throws {
        let session = Session()
        let analytics = LinkAnalytics()
        let router = try MailRouter.make(session: session, analytics: analytics)
        let signedOut = await Connection.send(
            fromPublicURL: "mailapp://messages/7", sourceApplication: nil, router: router)
        #expect(
            signedOut.screen
                == .signIn(
                    next: "/messages/7",
                    resuming: InterruptedLink(
                        url: "mailapp://messages/7", source: .external(sourceApplication: nil))))
        #expect(
            await analytics.entries.isEmpty, "the sign-in redirect ended the chain before analytics answered")
        await session.signIn(as: "ada")
        // A missing message: analytics answered, then the classic route's 404 ended the chain.
        let missing = await Connection.sendAll("mailapp://messages/404", router: router)
        #expect(missing.map(\.status) == [.noContent, .notFound])
        #expect(await Connection.send("mailapp://messages/404", router: router).status == .notFound)
        _ = await Connection.send("mailapp://msg/7", router: router)
        #expect(await analytics.entries.map(\.path) == ["/messages/404", "/messages/404", "/messages/7"])
    }

    @Test(
        "a promotion link opens the inbox with its campaign, on the link's own scheme and host",
        arguments: [
            ("mailapp://promo/spring", "mailapp://inbox"),
            ("https://mail.example.com/promo/spring", "https://mail.example.com/inbox"),
            ("https://acme.mail.example.com/promo/spring", "https://acme.mail.example.com/inbox"),
        ])
    func promotion(url: String, inbox: String) async throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(response.screen == .inbox(Mailbox.messages, backTo: nil, campaign: "spring"))
        #expect(response.request.url == inbox)
        #expect(response.request.isExternal)
        let forged = await Connection.send(
            fromPublicURL: inbox + "?campaign=free", sourceApplication: nil, router: router)
        #expect(forged.screen == .inbox(Mailbox.messages, backTo: nil, campaign: nil))
    }

    @Test("the campaign survives the sign-in detour: redirect data accumulates over hops")
    func promotionSignedOut() async throws {
        let session = Session()
        let router = try MailRouter.make(session: session)
        let signIn = await Connection.send(
            fromPublicURL: "mailapp://promo/spring", sourceApplication: nil, router: router)
        let link = InterruptedLink(url: "mailapp://promo/spring", source: .external(sourceApplication: nil))
        #expect(signIn.screen == .signIn(next: "/promo/spring", resuming: link))
        // The sign-in screen resumes the promotion link as it arrived, and it redirects again.
        let inbox = try #require(await SignInScreen(showing: signIn, router: router)?.signIn(as: "ada"))
        #expect(inbox.screen == .inbox(Mailbox.messages, backTo: nil, campaign: "spring"))
    }

    @Test("the classic route needs a shape of its own: a same-shape fallback is refused at init")
    func sameShapeFallback() {
        let screen: Controller = { request in Response(request: request) }
        #expect(throws: RouteTableError.self) {
            try Router(routes: [
                Route(
                    "/messages/:message_id(int)", name: "thread",
                    policies: [MailPolicies.featureFlag(.threadedMessages)], controller: screen),
                Route("/messages/:message_id(int)", name: "message", controller: screen),
            ])
        }
    }
}
