import Switchyard
import Testing

@testable import Example

/// The Example's router: what other apps can and cannot reach.
@Suite("Example: mail router")
struct MailRouterTests {
    static let privateURLs = [
        "mailapp://drafts", "mailapp://drafts/1", "mailapp://settings", "mailapp://settings/signatures",
        "mailapp://sign-in/complete?account=eve&next=%2Fdrafts",
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
        "sign-in continues only to paths inside the app",
        arguments: ["https://evil.example/", "//evil.example/x", "javascript:alert(1)", "mailapp://drafts"])
    func unsafeNext(next: String) async throws {
        let session = Session()
        let router = try MailRouter.make(session: session)
        let encoded = next.utf8.map { String(format: "%%%02X", $0) }.joined()
        let response = await Connection.send(
            "mailapp://sign-in/complete?account=ada&next=\(encoded)", router: router)
        #expect(response.status == .badRequest)
        #expect(await session.account == nil, "the policy ran before the controller")
    }

    @Test("signed out, a message link goes to sign-in with next; signed in, it opens")
    func signInRedirect() async throws {
        let session = Session()
        let router = try MailRouter.make(session: session)
        let signedOut = await Connection.send(
            fromPublicURL: "mailapp://messages/8?from=push", sourceApplication: nil, router: router)
        #expect(signedOut.screen == .signIn(next: "/messages/8?from=push"))
        #expect(signedOut.request.isExternal, "the redirect keeps the source")
        await session.signIn(as: "ada")
        let signedIn = await Connection.send(
            fromPublicURL: "mailapp://messages/8", sourceApplication: nil, router: router)
        #expect(signedIn.screen == .message(try #require(Mailbox.message(8))))
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

    @Test("the router serves mailapp:// and https://mail.example.com only")
    func configuration() async throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        #expect(router.configuration.schemes == ["mailapp"])
        #expect(router.configuration.hosts == ["mail.example.com"])
        #expect(router.match("https://mail.example.com/inbox")?.route.name == "inbox")
        #expect(router.match("https://mail.example.org/inbox") == nil)
        #expect(router.match("othermail://inbox") == nil)
    }
}
