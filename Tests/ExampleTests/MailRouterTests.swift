import Switchyard
import Testing

@testable import Example

/// The Example's router: what other apps can and cannot reach.
@Suite("Example: mail router")
struct MailRouterTests {
    static let privateURLs = [
        "mailapp://drafts", "mailapp://drafts/1", "mailapp://settings", "mailapp://settings/signatures",
        "mailapp://sign-in/complete?account=eve&next=%2Fdrafts",
        "mailapp://settings/labs/threaded-messages?enabled=false",
    ]

    @Test("private routes answer like missing ones from other apps", arguments: privateURLs)
    func privateRoutes(url: String) async throws {
        let session = Session(account: "ada")
        let router = try MailRouter.make(session: session)
        for application in [nil, "com.example.calendar"] {
            let response = await Connection.send(
                fromPublicURL: url, sourceApplication: application, router: router)
            #expect(response.status == .notFound)
            #expect(response.data.isEmpty)
            #expect(response.request.route == nil)
        }
        #expect(await Connection.send(url, router: router).status == .ok, "reachable in-app")
    }

    @Test("another app cannot sign someone in")
    func externalSignIn() async throws {
        let session = Session()
        let router = try MailRouter.make(session: session)
        _ = await Connection.send(
            fromPublicURL: "mailapp://sign-in/complete?account=eve", sourceApplication: nil, router: router)
        #expect(await session.account == nil)
    }

    @Test(
        "the sign-in screen shows only a next inside the app",
        arguments: ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", "mailapp://drafts"])
    func unsafeNext(next: String) async throws {
        let router = try MailRouter.make(session: Session())
        let response = await Connection.send("mailapp://sign-in?next=\(Self.encoded(next))", router: router)
        #expect(response.status == .badRequest)
        #expect(response.screen == nil)
    }

    @Test("completing sign-in never goes to a next read from its own URL")
    func completeIgnoresNext() async throws {
        let session = Session()
        let router = try MailRouter.make(session: session)
        let response = await Connection.send(
            "mailapp://sign-in/complete?account=ada&next=\(Self.encoded("/drafts/2"))", router: router)
        #expect(await session.account == "ada")
        #expect(response.screen == .inbox(Mailbox.messages, backTo: nil))
        #expect(response.request.url == "mailapp://inbox")
    }

    @Test("signed out, a message link goes to sign-in, which resumes it as the outside link it was")
    func signInRedirect() async throws {
        let session = Session()
        let router = try MailRouter.make(session: session)
        let signedOut = await Connection.send(
            fromPublicURL: "mailapp://messages/8?from=push", sourceApplication: nil, router: router)
        let link = InterruptedLink(
            url: "mailapp://messages/8?from=push", source: .external(sourceApplication: nil))
        #expect(signedOut.screen == .signIn(next: "/messages/8?from=push", resuming: link))
        #expect(signedOut.request.isExternal, "the redirect keeps the source")
        let screen = try #require(SignInScreen(showing: signedOut, router: router))
        let signedIn = await screen.signIn(as: "ada")
        #expect(await session.account == "ada")
        #expect(signedIn.screen == .message(try #require(Mailbox.message(8))))
        #expect(signedIn.request.url == link.url)
        #expect(signedIn.request.source == link.source, "resumed as the outside link it was")
    }

    @Test("an in-app link interrupted by sign-in resumes in-app, so a private route opens")
    func inAppResume() async throws {
        let router = try MailRouter.make(session: Session())
        let signedOut = await Connection.send("mailapp://drafts/2", router: router)
        let screen = try #require(SignInScreen(showing: signedOut, router: router))
        #expect(screen.resuming == InterruptedLink(url: "mailapp://drafts/2", source: .app))
        let draft = await screen.signIn(as: "ada")
        #expect(draft.screen == .draft(try #require(Mailbox.draft(2))))
    }

    /// The attack: any web page opens the public `/sign-in` with a `next` of its choosing, a private
    /// route that turns a feature on. Before the fix, the sign-in screen showed, and completing
    /// sign-in sent `next` in-app: "threaded-messages turned on".
    @Test(
        "regression: an outside /sign-in?next=<private route> never reaches it (sign-in confused deputy)",
        arguments: [nil, "com.example.chat"])
    func signInDoorAttack(application: String?) async throws {
        let session = Session()
        let router = try MailRouter.make(session: session)
        let attack = "https://mail.example.com/sign-in?next=" + Self.encoded(Tour.privateLabsPath)
        let opened = await Connection.send(
            fromPublicURL: attack, sourceApplication: application, router: router)
        #expect(opened.status == .badRequest, "from outside, next must reach a public route")
        #expect(opened.request.interruptedLink == nil)
        // The user signs in anyway, on whatever screen the app shows: nothing resumes.
        let after: Response
        if let screen = SignInScreen(showing: opened, router: router) {
            after = await screen.signIn(as: "ada")
        } else {
            after = await Connection.send("/sign-in/complete?account=ada", router: router)
        }
        #expect(after.screen == .inbox(Mailbox.messages, backTo: nil))
        #expect(await session.featureFlags.isEmpty, "the private Labs route never ran")
    }

    /// Every byte percent-encoded, as a web page would write a query item.
    static func encoded(_ text: String) -> String {
        text.utf8.map { String(format: "%%%02X", $0) }.joined()
    }

    @Test("a message that does not exist: 404 with details in-app only")
    func missingMessage() async throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        let app = await Connection.send("mailapp://messages/404", router: router)
        #expect(app.status == .notFound)
        #expect(app.error?.message == "there is no message 404")
        let external = await Connection.send(
            fromPublicURL: "mailapp://messages/404", sourceApplication: nil, router: router)
        #expect(external.status == .notFound)
        #expect(external.data.isEmpty)
    }

    @Test("the router serves mailapp://, https://mail.example.com and its subdomains only")
    func configuration() async throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        #expect(router.configuration.schemes == ["mailapp"])
        #expect(router.configuration.hosts == ["mail.example.com", "*.mail.example.com"])
        #expect(router.configuration.notFound != nil, "the web-view fallback")
        #expect(router.match("https://mail.example.com/inbox")?.route.name == "inbox")
        #expect(router.match("https://acme.mail.example.com/inbox")?.route.name == "inbox")
        #expect(router.match("https://mail.example.org/inbox") == nil)
        #expect(router.match("https://evilmail.example.com/inbox") == nil, "a wildcard needs the dot")
        #expect(router.match("othermail://inbox") == nil)
    }

    static let unknownApp = Source.external(sourceApplication: nil)

    /// Links to the scoped routes (and to unscoped ones on the new hosts), signed in: the status
    /// and the name of the route reached, `nil` when none was.
    static let scopedLinks: [(source: Source, url: String, status: Status, route: String?)] = [
        // `/team/:team` is for web links on a company's subdomain.
        (unknownApp, "https://acme.mail.example.com/team/acme", .ok, "team"),
        (unknownApp, "https://ACME.Mail.Example.COM/team/acme", .ok, "team"),
        (unknownApp, "https://eu.acme.mail.example.com/team/acme", .ok, "team"),
        (unknownApp, "https://mail.example.com/team/acme", .notFound, nil),
        (unknownApp, "https://acme.mail.example.org/team/acme", .notFound, nil),
        (unknownApp, "mailapp://team/acme", .notFound, nil),
        (.app, "mailapp://team/acme", .notFound, nil),
        (.app, "/team/acme", .ok, "team"),
        (unknownApp, "/team/acme", .notFound, nil),
        (unknownApp, "https://acme.mail.example.com/team/nobody", .notFound, "team"),
        // `/share` is for `mailapp://` links that carry `url`.
        (unknownApp, "mailapp://share?url=https%3A%2F%2Fnews.example.org%2Fstory", .ok, "share"),
        (unknownApp, "MailApp://share?url=x", .ok, "share"),
        (unknownApp, "mailapp://share?url=", .ok, "share"),
        (unknownApp, "mailapp://share?to=grace&url=x", .ok, "share"),
        (unknownApp, "mailapp://share", .notFound, nil),
        (unknownApp, "mailapp://share?link=x", .notFound, nil),
        (unknownApp, "https://mail.example.com/share?url=x", .notFound, nil),
        (.app, "https://mail.example.com/share?url=x", .notFound, nil),
        (.app, "/share?url=x", .ok, "share"),
        (.app, "/share", .notFound, nil),
        // Unscoped routes answer on every served host, the new wildcard included.
        (unknownApp, "https://mail.example.com/messages/7", .ok, "message"),
        (unknownApp, "https://acme.mail.example.com/messages/7", .ok, "message"),
        (unknownApp, "mailapp://messages/7#attachments", .ok, "message"),
    ]

    @Test("scoped routes answer only the links they are for", arguments: scopedLinks)
    func scopedRoutes(source: Source, url: String, status: Status, route: String?) async throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        let response = await Connection.send(url, from: source, router: router)
        #expect(response.status == status)
        #expect(response.request.route?.name == route)
    }

    /// Links no route takes: what the web-view fallback asks the app to open, `nil` for a plain
    /// 404 with no data.
    static let unmatchedLinks: [(source: Source, url: String, browserURL: String?)] = [
        (.app, "https://news.example.org/story", "https://news.example.org/story"),
        (unknownApp, "https://news.example.org/story", "https://news.example.org/story"),
        (.app, "http://news.example.org/story?id=3#top", "http://news.example.org/story?id=3#top"),
        (.app, "HTTPS://news.example.org/", "HTTPS://news.example.org/"),
        // Our own site's pages the app has no screen for open on the web too; a private route
        // from outside gets the very same answer as a missing page.
        (unknownApp, "https://mail.example.com/help", "https://mail.example.com/help"),
        (unknownApp, "https://mail.example.com/drafts/2", "https://mail.example.com/drafts/2"),
        (.app, "/no/such/page", nil),
        (unknownApp, "/no/such/page", nil),
        (.app, "mailapp://no/such/page", nil),
        (unknownApp, "mailapp://drafts/2", nil),
        (unknownApp, "othermail://inbox", nil),
        (.app, "geo:37.78,-122.41", nil),
        (.app, "https://news.example.org:8443/story", "https://news.example.org:8443/story"),
    ]

    @Test(
        "Bug: mailto: and tel: links answered 400; the fallback hands them to the system",
        arguments: [
            (Source.app, "mailto:help@example.com"), (unknownApp, "tel:+15551234"),
            (.app, "SMS:+15551234?body=hi"), (.app, "facetime:ada@example.com"),
        ])
    func systemLinks(source: Source, url: String) async throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        let response = await Connection.send(url, from: source, router: router)
        #expect(response.status == .notFound)
        #expect(response.systemURL == url)
        #expect(response.browserURL == nil)
        #expect(ResultSummary.of(response, sentURL: url) == "hand to the system: \(url)")
    }

    @Test(
        "links no route takes: web links open in the web view, others get a plain 404",
        arguments: unmatchedLinks)
    func webViewFallback(source: Source, url: String, browserURL: String?) async throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        let response = await Connection.send(url, from: source, router: router)
        #expect(response.status == .notFound)
        #expect(response.request.route == nil)
        #expect(response.request.url == url, "the fallback sees the link as received")
        #expect(response.browserURL == browserURL)
        #expect(response.data.count == (browserURL == nil ? 0 : 1), "nothing else in the data")
        #expect(response.location == nil)
    }

    @Test(
        "the fallback never tells a private route from a missing one",
        arguments: [
            ("https://mail.example.com/drafts/2", "https://mail.example.com/drafts/3"),
            ("https://acme.mail.example.com/settings", "https://acme.mail.example.com/settingz"),
            ("mailapp://drafts/2", "mailapp://drafts/3"),
        ])
    func fallbackHidesPrivateRoutes(privateURL: String, missingURL: String) async throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        let hidden = await Connection.send(fromPublicURL: privateURL, sourceApplication: nil, router: router)
        let missing = await Connection.send(fromPublicURL: missingURL, sourceApplication: nil, router: router)
        #expect(hidden.status == missing.status)
        #expect(hidden.data.keys.sorted() == missing.data.keys.sorted())
        #expect(hidden.browserURL == (privateURL.hasPrefix("https:") ? privateURL : nil))
        #expect(hidden.request.params.isEmpty && missing.request.params.isEmpty)
    }
}
