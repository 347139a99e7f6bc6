import Switchyard
import Testing

@testable import Example

/// `Example stack <url>`: parsing, usage errors (exit 2), and the stack it prints, root first,
/// with a line for each ancestor of the dry run that the real stack left out.
@Suite("Example: stack command")
struct StackCommandTests {
    static let valid: [([String], Command)] = [
        (["stack", "mailapp://messages/7"], .stack(url: "mailapp://messages/7", source: .app)),
        (
            ["stack", "mailapp://messages/7", "--external"],
            .stack(url: "mailapp://messages/7", source: .external(sourceApplication: nil))
        ),
        (
            ["stack", "--from", "com.example.chat", "mailapp://messages/7"],
            .stack(url: "mailapp://messages/7", source: .external(sourceApplication: "com.example.chat"))
        ),
        (["stack", "--", "-odd"], .stack(url: "-odd", source: .app)),
    ]

    @Test("valid arguments", arguments: valid)
    func parsesValid(arguments: [String], command: Command) throws {
        #expect(try Command.parse(arguments) == command)
    }

    @Test("the usage names the command and its sources")
    func usage() async {
        let outcome = await CommandLineInterface.run(["help"])
        #expect(outcome.output.contains("Example stack <url> [--from <app-id> | --external | --content]\n"))
        #expect(outcome.output.contains("swift run Example stack 'mailapp://folders/work/messages/8'\n"))
    }

    static let outputs: [(arguments: [String], output: String)] = [
        (
            ["stack", "mailapp://folders/work/messages/8"],
            """
            200 OK  mailapp://folders/work             folder work: 2 messages
            200 OK  mailapp://folders/work/messages/8  message 8: "Quarterly report" from linus
            """
        ),
        (
            ["stack", "mailapp://messages/7", "--external"],
            """
            200 OK  mailapp://inbox       inbox: 3 messages
            200 OK  mailapp://messages/7  message 7: "Lunch on Friday?" from grace
            """
        ),
        (
            ["stack", "https://mail.example.com/drafts/2/preview"],
            """
            200 OK  https://mail.example.com/drafts            drafts: 2
            200 OK  https://mail.example.com/drafts/2/preview  preview of draft 2: "Ideas for the offsite", shared with grace, linus
            """
        ),
        // From outside, the private drafts list: named where it would have been, and why.
        (
            ["stack", "https://mail.example.com/drafts/2/preview", "--from", "com.example.chat"],
            """
            left out  /drafts (drafts.index)                     private: a link from outside never opens it
            200 OK    https://mail.example.com/drafts/2/preview  preview of draft 2: "Ideas for the offsite", shared with grace, linus
            """
        ),
        // Not answered with a 2xx: the link opens alone.
        (
            ["stack", "mailapp://folders/work/messages/7"],
            """
            left out       /folders/:folder (folder)          not sent: the link answered 404 Not Found, so it opens alone
            404 Not Found  mailapp://folders/work/messages/7  not found: there is no message 7 in work
            """
        ),
        // A private link from outside: no route matches it there, so there is nothing to leave out.
        (["stack", "mailapp://drafts/2", "--external"], "404 Not Found  mailapp://drafts/2  not found"),
        (["stack", "mailapp://folders/work"], "200 OK  mailapp://folders/work  folder work: 2 messages"),
    ]

    @Test("stack prints each level, root first, and each ancestor left out", arguments: outputs)
    func output(arguments: [String], output: String) async {
        let outcome = await CommandLineInterface.run(arguments)
        #expect(outcome.status == 0, "a 404 is an answer, not a failure of the command")
        #expect(outcome.errorOutput.isEmpty)
        #expect(outcome.output == output + "\n")
    }

    /// A router whose ancestors the mail app cannot show: one refused by its policy, and one
    /// beneath a link that redirects to a route without a parent.
    static func router() throws -> Router {
        let screen: Controller = { request in
            Response(request, showing: .settings(section: request.route?.name ?? "?"))
        }
        let deny = Policy("deny") { .failed(Response(request: $0, status: .forbidden)) }
        return try Router(
            routes: [
                Route("/locked", name: "locked", isPublic: true, policies: [deny], controller: screen),
                Route("/locked/:id", name: "item", isPublic: true, parent: "locked", controller: screen),
                Route("/home", name: "home", isPublic: true, controller: screen),
                Route("/old/:id", name: "old", isPublic: true, parent: "home") { request in
                    .redirect(request, to: "/new/\(request.params["id"] ?? "")")
                },
                Route("/new/:id", name: "new", isPublic: true, controller: screen),
            ],
            configuration: .init(schemes: ["mailapp"]))
    }

    @Test(
        "the reasons only sending shows: a policy refused the ancestor; a redirect left the parent behind",
        arguments: [
            (
                "mailapp://locked/1",
                """
                left out  /locked (locked)    sent, but its own route did not answer with a 2xx (a policy refused it, or it declined)
                200 OK    mailapp://locked/1  settings: item
                """
            ),
            (
                "mailapp://old/1",
                """
                left out  /home (home)     not sent: /new/:id (new) answered the link, and it is not beneath that route
                200 OK    mailapp://new/1  settings: new
                """
            ),
        ])
    func sentReasons(url: String, output: String) async throws {
        let router = try Self.router()
        #expect(router.stack(for: url).count == 2, "the dry run names the ancestor")
        for source in [Source.app, .external(sourceApplication: nil)] {
            #expect(await StackReport.of(url, from: source, router: router) == output, "\(source)")
        }
    }
}
