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
        (Tour.unknownApp, "https://mail.example.com/sign-in?next=%2Fsettings%2Flabs", .badRequest),
        (Tour.chat, "https://acme.mail.example.com/team/acme", .ok),
        (Tour.chat, "mailapp://team/acme", .notFound),
        (.app, "/team/acme", .ok),
        (Tour.chat, "https://acme.mail.example.com", .ok),
        (Tour.chat, "https://mail.example.com/", .ok),
        (Tour.chat, "https://a-b.mail.example.com/", .ok),
        (Tour.chat, "mailapp://share?url=", .ok),
        (Tour.chat, "mailapp://share", .notFound),
        (.content, "https://news.example.org/story", .notFound),
        (Tour.chat, "mailapp://messages/8#attachments", .ok),
        (Tour.chat, "https://mail.example.com/messages/8.eml", .ok),
        (.app, "mailapp://messages/8?highlight=report", .ok),
        (.app, "mailapp://messages/abc", .badRequest),
        (.app, "mailapp://compose?to=grace&to=linus", .ok),
        (.app, "mailapp://messages/9", .ok),
        (.app, "mailapp://settings/labs/threaded-messages", .ok),
        (Tour.chat, "mailapp://messages/9", .ok),
        (Tour.chat, "mailapp://messages/9", .ok),
        (Tour.chat, "mailapp://promo/spring", .ok),
        (Tour.chat, "mailapp://inbox?campaign=free", .ok),
        (.content, "mailto:help@example.com", .notFound),
        (.content, "mailapp://settings/forwarding?to=attacker", .notFound),
        (.content, "mailapp://settings/no-such-page", .notFound),
        (.app, "mailapp://folders/work/messages/8", .ok),
        (Tour.chat, "https://mail.example.com/messages/7", .ok),
        (Tour.chat, "https://mail.example.com/drafts/2/preview", .ok),
        (.app, "https://mail.example.com/drafts/2/preview", .ok),
        (.content, "https://mail.example.com/drafts/2/preview", .ok),
    ]

    @Test("every row of the tour has its expected status, source and URL")
    func statuses() async throws {
        let rows = try await Tour().run()
        #expect(rows.count == Self.expected.count)
        for (row, expected) in zip(rows, Self.expected) {
            #expect(row.step.url.hasPrefix(expected.url), "\(row.step.url.prefix(60))")
            #expect(row.step.source == expected.source, "\(expected.url)")
            // Signing in resumes the link the first row's sign-in interrupted: Chat's, not the app's.
            let answeredAs: Source
            if case .signIn = row.step.kind { answeredAs = Tour.chat } else { answeredAs = expected.source }
            #expect(row.response.request.source == answeredAs, "source kept: \(expected.url)")
            #expect(row.status == expected.status, "\(expected.url): \(row.result)")
        }
    }

    @Test("the tour's rows show the screens they claim")
    func screens() async throws {
        let rows = try await Tour().run()
        try #require(rows.count == Self.expected.count)
        let message = try #require(Mailbox.message(7))
        let interrupted = InterruptedLink(url: "https://mail.example.com/messages/7", source: Tour.chat)
        #expect(
            rows[0].response.screen == .signIn(next: "/messages/7", resuming: interrupted),
            "signed out: the sign-in screen, with the link to resume")
        #expect(rows[1].response.screen == .message(message), "sign-in resumed the link")
        #expect(rows[1].response.request.url == interrupted.url)
        #expect(rows[2].response.screen == .inbox(Mailbox.messages, backTo: nil))
        #expect(rows[3].response.screen == .message(message), "rewritten")
        #expect(rows[3].response.request.path == "/messages/7")
        #expect(rows[4].response.screen == .profile(try #require(Mailbox.profile("grace"))))
        #expect(rows[5].response.screen == .draft(try #require(Mailbox.draft(2))))
        #expect(rows[9].response.screen == .compose(to: ["grace"]))
        #expect(rows[11].response.screen == .inbox(Mailbox.messages, backTo: "Chat"), "App Links")
        #expect(rows[13].response.screen == .settings(section: "notifications"))
    }

    /// One of the tour's link rows: the route it reached (by name, `nil` for none), the screen it
    /// shows, the link the web-view fallback opens and the fragment the request carried.
    struct LinkRow: Sendable, CustomTestStringConvertible {
        let index: Int
        let url: String
        let route: String?
        let screen: Screen?
        let browserURL: String?
        let fragment: String?

        var testDescription: String { "row \(index): \(url)" }
    }

    /// Written out rather than looked up, so a change to the mailbox fails here instead of
    /// passing along with it.
    static let team = Team(slug: "acme", name: "Acme", members: ["ada", "grace", "linus"])

    static let linkRows: [LinkRow] = [
        LinkRow(
            index: 16, url: "https://acme.mail.example.com/team/acme", route: "team", screen: .team(team),
            browserURL: nil, fragment: nil),
        LinkRow(
            index: 17, url: "mailapp://team/acme", route: nil, screen: nil, browserURL: nil, fragment: nil),
        LinkRow(
            index: 18, url: "/team/acme", route: "team", screen: .team(team), browserURL: nil, fragment: nil),
        LinkRow(
            index: 22, url: "mailapp://share?url=https%3A%2F%2Fnews.example.org%2Fstory", route: "share",
            screen: .compose(to: [], sharing: "https://news.example.org/story"), browserURL: nil,
            fragment: nil),
        LinkRow(index: 23, url: "mailapp://share", route: nil, screen: nil, browserURL: nil, fragment: nil),
        LinkRow(
            index: 24, url: "https://news.example.org/story", route: nil, screen: nil,
            browserURL: "https://news.example.org/story", fragment: nil),
        LinkRow(
            index: 25, url: "mailapp://messages/8#attachments", route: "message",
            screen: .message(
                Message(id: 8, from: "linus", subject: "Quarterly report"), scrolledTo: "attachments"),
            browserURL: nil,
            fragment: "attachments"),
        // A parameter and a suffix in one segment: the segment pattern ranks above `message`'s
        // plain parameter, so `8.eml` is no message id.
        LinkRow(
            index: 26, url: "https://mail.example.com/messages/8.eml", route: "messageSource",
            screen: .messageSource(Message(id: 8, from: "linus", subject: "Quarterly report")),
            browserURL: nil, fragment: nil),
    ]

    @Test("the link rows reach the route, screen, web view and fragment they claim", arguments: linkRows)
    func links(expected: LinkRow) async throws {
        let rows = try await Tour().run()
        try #require(rows.count == Self.expected.count)
        let row = rows[expected.index]
        #expect(row.step.url == expected.url)
        let response = row.response
        #expect(response.request.route?.name == expected.route)
        #expect(response.screen == expected.screen)
        #expect(response.browserURL == expected.browserURL)
        #expect(response.request.fragment == expected.fragment)
        if expected.screen == nil && expected.browserURL == nil {
            #expect(response.data.isEmpty, "a link no route takes answers like any missing one")
        }
    }

    @Test("the web-view fallback row says what the app opens")
    func fallbackResult() async throws {
        let rows = try await Tour().run()
        try #require(rows.count == Self.expected.count)
        #expect(rows[24].result.hasPrefix("open in the web view: https://news.example.org/story — "))
        #expect(rows[17].result.hasPrefix("not found — "), "the custom scheme misses the host-scoped route")
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

    /// The attack the Security Model article names: an e-mail's link to a private setting, sent
    /// as content (the way the app sends every link in a message body), answers exactly as a link
    /// to nothing, and the setting is untouched.
    @Test("an e-mail's link to a private route answers exactly as a link to nothing")
    func contentLinkToAPrivateRoute() async throws {
        let tour = try Tour()
        let rows = await tour.run()
        try #require(rows.count == Self.expected.count)
        let attack = rows[37].response
        let nothing = rows[38].response
        #expect(rows[37].step.url == Tour.forwardingAttackURL)
        #expect(attack.request.source == .content && nothing.request.source == .content)
        #expect(attack.status == .notFound && nothing.status == .notFound)
        #expect(attack.data.isEmpty && nothing.data.isEmpty)
        #expect(attack.request.route == nil && nothing.request.route == nil)
        #expect(attack.error == nil && attack.location == nil)
        #expect(await tour.session.forwardingAddress == nil, "the private controller never ran")
        // The same link from the app's own Forwarding screen reaches it.
        let inApp = await Connection.send(Tour.forwardingAttackURL, router: tour.router)
        #expect(inApp.screen == .forwarding(to: "attacker@evil.example"))
        #expect(await tour.session.forwardingAddress == "attacker@evil.example")
    }

    @Test("typed links: a link decoded whole, its 400, and links the app builds from typed values")
    func typedLinks() async throws {
        let tour = try Tour()
        let rows = await tour.run()
        try #require(rows.count == Self.expected.count)
        let message = Message(id: 8, from: "linus", subject: "Quarterly report")
        #expect(rows[27].response.screen == .message(message, highlighting: "report"))
        #expect(rows[27].response.request.route?.name == "message", "the flag is still off")

        // The in-app 400 names the key, the type and the value.
        #expect(rows[28].response.request.route?.name == "message")
        #expect(rows[28].response.error?.message == "'message_id' is not a valid Int: 'abc'")
        #expect(rows[28].result.hasPrefix("bad request: 'message_id' is not a valid Int: 'abc' — "))

        // Reply all: the URL built from a ComposeLink, decoded back by the composer.
        #expect(rows[29].step.url == "mailapp://compose?to=grace&to=linus&subject=Lunch")
        #expect(rows[29].response.screen == .compose(to: ["grace", "linus"], subject: "Lunch"))
        // The Labs switch: built from a LabsLink, the same URL the tour spelled out before.
        #expect(rows[31].step.url == "mailapp://settings/labs/threaded-messages?enabled=true")
        #expect(rows[31].step.source == .app)
    }

    @Test("dispatch: the flag declines, then the analytics route continues to the threaded view")
    func dispatch() async throws {
        let rows = try await Tour().run()
        try #require(rows.count == Self.expected.count)
        let message = try #require(Mailbox.message(9))
        let thread = Screen.thread(message, replies: Mailbox.replies(to: 9))
        #expect(Mailbox.replies(to: 9).count == 2)

        // Flag off: `thread` declined; a decline is not an answer, so `send` got the classic view.
        #expect(rows[30].response.request.route?.name == "message")
        #expect(rows[30].response.screen == .message(message))
        #expect(rows[31].response.screen == .labs(.threadedMessages, isOn: true))

        // `sendAll`: the analytics route's 204, then the next candidate's answer.
        let chain = rows[32]
        #expect(chain.step.kind == .sendAll)
        #expect(chain.answers.map(\.status) == [.noContent, .ok])
        #expect(chain.answers.map { $0.request.route?.name } == ["messageAnalytics", "thread"])
        #expect(chain.answers[0].data.isEmpty)
        #expect(chain.answers[1].screen == thread)
        #expect(chain.answers.allSatisfy { $0.request.source == Tour.chat })
        #expect(chain.result(at: 0).hasPrefix("nothing to show — sendAll, answer 1"))

        // `send`, same URL: the last answer of the same chain.
        #expect(rows[33].step.kind == .send && rows[33].answers.count == 1)
        #expect(rows[33].response.request.route?.name == "thread")
        #expect(rows[33].response.screen == thread)
    }

    @Test("a promotion link redirects to the inbox with its campaign as data; a query item is not data")
    func promotion() async throws {
        let rows = try await Tour().run()
        try #require(rows.count == Self.expected.count)
        let promo = rows[34].response
        #expect(promo.screen == .inbox(Mailbox.messages, backTo: nil, campaign: "spring"))
        #expect(promo.request.url == "mailapp://inbox", "the bare path kept the link's scheme")
        #expect(promo.request.source == Tour.chat, "the redirect kept the source")
        #expect(!promo.request.url.contains("campaign"), "redirect data never appears in the URL")
        #expect(rows[34].result.contains("with the spring campaign's banner via mailapp://inbox"))
        #expect(rows[35].response.screen == .inbox(Mailbox.messages, backTo: nil, campaign: nil))
        #expect(rows[35].response.request.query["campaign"] == "free")
    }

    @Test("the table is aligned: every row has its STATUS where the header has it")
    func table() async throws {
        let rows = try await Tour().run()
        let lines = Tour.table(rows).split(separator: "\n").map(String.init)
        // One line per answer: a `sendAll` row prints each answer of its chain, a `sendStack` row
        // each level of its stack.
        let answers = rows.flatMap(\.answers)
        #expect(lines.count == answers.count + 1)
        #expect(
            answers.count == rows.count + 4, "one sendAll row and three stacks of two, one extra line each")
        let header = try #require(lines.first)
        let statusColumn = try #require(header.range(of: "STATUS")).lowerBound.utf16Offset(in: header)
        for (line, answer) in zip(lines.dropFirst(), answers) {
            let cell = line.dropFirst(statusColumn).prefix(answer.status.description.count)
            #expect(cell == answer.status.description[...], "\(line.prefix(80))")
        }
        #expect(lines.contains { $0.contains("↳ next candidate") && $0.contains("thread of message 9") })
        #expect(
            lines.contains { $0.contains("↳ above it") && $0.contains("message 8: \"Quarterly report\"") })
        #expect(!lines.contains { $0.contains("↳ next candidate") && $0.contains("message 8") })
        #expect(!lines.contains { $0.count > 400 }, "long URLs are shortened")
    }
}
