import Switchyard
import Testing

@testable import Example

/// The Example's command line: parsing, usage errors (exit 2), and each command's output.
@Suite("Example: command line")
struct CommandLineTests {
    static let valid: [([String], Command)] = [
        ([], .tour),
        (["tour"], .tour),
        (["routes"], .routes),
        (["help"], .help),
        (["--help"], .help),
        (["route", "mailapp://inbox"], .route(urls: ["mailapp://inbox"], source: .app, signedIn: true)),
        (
            ["route", "mailapp://inbox", "--from", "com.example.chat"],
            .route(
                urls: ["mailapp://inbox"], source: .external(sourceApplication: "com.example.chat"),
                signedIn: true)
        ),
        (
            ["route", "--from", "com.example.chat", "mailapp://inbox", "--signed-out"],
            .route(
                urls: ["mailapp://inbox"], source: .external(sourceApplication: "com.example.chat"),
                signedIn: false)
        ),
        (
            ["route", "mailapp://inbox", "--external"],
            .route(urls: ["mailapp://inbox"], source: .external(sourceApplication: nil), signedIn: true)
        ),
        (
            ["route", "mailapp://inbox", "--content"],
            .route(urls: ["mailapp://inbox"], source: .content, signedIn: true)
        ),
        (["route", "--", "-odd"], .route(urls: ["-odd"], source: .app, signedIn: true)),
        (
            ["route", "mailapp://inbox", "--external", "mailapp://drafts/2", "--", "-odd"],
            .route(
                urls: ["mailapp://inbox", "mailapp://drafts/2", "-odd"],
                source: .external(sourceApplication: nil), signedIn: true)
        ),
        (["explain", "mailapp://messages/7"], .explain(url: "mailapp://messages/7", source: .app)),
        (
            ["explain", "mailapp://messages/7", "--external"],
            .explain(url: "mailapp://messages/7", source: .external(sourceApplication: nil))
        ),
    ]

    @Test("valid arguments", arguments: valid)
    func parsesValid(arguments: [String], command: Command) throws {
        #expect(try Command.parse(arguments) == command)
    }

    static let invalid: [[String]] = [
        ["--no-such-flag"],
        ["bogus"],
        ["route"],
        ["route", "--from"],
        ["route", "mailapp://inbox", "--from"],
        ["route", "mailapp://inbox", "--from", "--external"],
        ["route", "mailapp://inbox", "--from", "a", "--external"],
        ["route", "mailapp://inbox", "--from", "a", "--from", "b"],
        ["route", "mailapp://inbox", "--content", "--external"],
        ["route", "mailapp://inbox", "--from", "a", "--content"],
        ["route", "--"],
        ["route", "mailapp://inbox", "--verbose"],
        ["explain"],
        ["explain", "mailapp://inbox", "--signed-out"],
        ["routes", "extra"],
        ["tour", "--from", "a"],
        // `stack` takes a URL and --external or --from, as `route` does.
        ["stack"],
        ["stack", "--external"],
        ["stack", "mailapp://inbox", "extra"],
        ["stack", "mailapp://inbox", "--signed-out"],
        ["stack", "mailapp://inbox", "--from"],
        ["stack", "mailapp://inbox", "--from", "a", "--external"],
    ]

    @Test("bad arguments: usage on stderr, nothing on stdout, exit status 2", arguments: invalid)
    func usageErrors(arguments: [String]) async {
        #expect(throws: Command.UsageError.self) { try Command.parse(arguments) }
        let outcome = await CommandLineInterface.run(arguments)
        #expect(outcome.status == 2)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorOutput.hasPrefix("error: "))
        #expect(outcome.errorOutput.contains("usage: Example"))
    }

    @Test("help goes to stdout with status 0")
    func help() async {
        let outcome = await CommandLineInterface.run(["help"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("usage: Example"))
        #expect(outcome.errorOutput.isEmpty)
    }

    @Test("routes prints the route table")
    func routes() async {
        let outcome = await CommandLineInterface.run(["routes"])
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("NAME"))
        for pattern in [
            "/inbox", "/messages/:message_id(int)", "/drafts/:draft_id(int)", "/settings/notifications",
            "/team/:team(alnum)", "/share", "/messages/:message_id", "/promo/:campaign(alnum)",
            "/settings/labs/:flag(featureFlag)", "flag:threaded-messages",
        ] {
            #expect(outcome.output.contains(pattern))
        }
    }

    @Test("explain prints the router's trace")
    func explain() async {
        let outcome = await CommandLineInterface.run(["explain", "mailapp://messages/7"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("matched: /messages/:message_id(int)"))
        #expect(
            outcome.output.contains(
                """
                candidates, in the order they run (the next when one declines, or continues):
                  1. /messages/:message_id(int) (messageAnalytics), continueNext
                  2. /messages/:message_id(int) (thread)
                  3. /messages/:message_id (message)
                """))
        let hidden = await CommandLineInterface.run(["explain", "mailapp://drafts/2", "--external"])
        #expect(hidden.output.contains("private routes are left out"))
        #expect(!hidden.output.contains("matched:"), "a private route never matches from outside")
    }

    @Test(
        "route sends one URL with the chosen source",
        arguments: [
            (["route", "mailapp://messages/7"], "200 OK"),
            (["route", "mailapp://messages/7", "--signed-out"], "200 OK"),
            (["route", "mailapp://drafts/2"], "200 OK"),
            (["route", "mailapp://drafts/2", "--from", "com.example.chat"], "404 Not Found"),
            (["route", "mailapp://drafts/2", "--external"], "404 Not Found"),
            (["route", "mailapp://compose", "--from", "com.example.chat"], "403 Forbidden"),
            (["route", "mailapp://messages/%zz"], "400 Bad Request"),
            (["route", "https://acme.mail.example.com/team/acme", "--external"], "200 OK"),
            (["route", "mailapp://team/acme", "--external"], "404 Not Found"),
            (["route", "https://news.example.org/story"], "404 Not Found"),
            (["route", "mailapp://messages/abc"], "400 Bad Request"),
            (["route", "mailapp://promo/spring", "--external"], "200 OK"),
            (["route", "mailapp://settings/labs/threaded-messages?enabled=true"], "200 OK"),
            (["route", "mailapp://settings/forwarding?to=grace@example.com"], "200 OK"),
            (
                ["route", "mailapp://settings/forwarding?to=attacker@evil.example", "--content"],
                "404 Not Found"
            ),
            (["route", "https://mail.example.com/drafts/2/preview", "--content"], "200 OK"),
            (
                ["route", "mailapp://settings/labs/threaded-messages?enabled=true", "--external"],
                "404 Not Found"
            ),
        ])
    func route(arguments: [String], status: String) async {
        let outcome = await CommandLineInterface.run(arguments)
        #expect(outcome.status == 0)
        #expect(outcome.output.hasPrefix("status:   \(status)\n"), "\(outcome.output)")
    }

    @Test(
        "route prints the web view a foreign link opens, and the fragment",
        arguments: [
            (
                "https://news.example.org/story",
                "result:   open in the web view: https://news.example.org/story\n"
            ),
            ("mailapp://messages/8#attachments", "fragment: attachments\n"),
            ("mailapp://messages/8", "fragment: -\n"),
        ])
    func routeLinks(url: String, line: String) async {
        let outcome = await CommandLineInterface.run(["route", url])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains(line), "\(outcome.output)")
    }

    @Test("route with several URLs sends each in turn through one router, in order")
    func routeSeveral() async {
        let outcome = await CommandLineInterface.run([
            "route", "mailapp://messages/7", "mailapp://messages/8#attachments", "mailapp://nowhere",
        ])
        #expect(outcome.status == 0)
        let blocks = outcome.output.components(separatedBy: "\n\n")
        #expect(blocks.count == 3, "\(outcome.output)")
        #expect(blocks.first?.contains("params:   message_id=7\n") == true, "\(outcome.output)")
        #expect(blocks.dropFirst().first?.contains("fragment: attachments\n") == true, "\(outcome.output)")
        #expect(blocks.last?.hasPrefix("status:   404") == true, "\(outcome.output)")
    }

    @Test("explain shows which links reach a host-scoped route")
    func explainScope() async {
        let web = await CommandLineInterface.run([
            "explain", "https://acme.mail.example.com/team/acme", "--external",
        ])
        #expect(web.output.contains("matched: /team/:team(alnum) (team)"))
        let custom = await CommandLineInterface.run(["explain", "mailapp://team/acme", "--external"])
        #expect(custom.output.contains("none is for this link"))
        #expect(!custom.output.contains("matched:"))
        let foreign = await CommandLineInterface.run(["explain", "https://news.example.org/story"])
        #expect(foreign.output.contains("the notFound controller"))
    }

    @Test("the tour prints the dispatch rows, the analytics log and one URL's candidates")
    func tour() async {
        let outcome = await CommandLineInterface.run([])
        #expect(outcome.status == 0)
        #expect(outcome.errorOutput.isEmpty)
        #expect(outcome.output.contains("↳ next candidate"))
        #expect(outcome.output.contains("The analytics route recorded 8 message links: /messages/7, "))
        #expect(outcome.output.contains("$ swift run Example explain 'mailapp://messages/9'\nexplain "))
        #expect(outcome.output.contains("  3. /messages/:message_id (message)\n"))
    }

    @Test("route --signed-out shows the sign-in redirect with next")
    func signedOut() async {
        let outcome = await CommandLineInterface.run(["route", "mailapp://messages/7", "--signed-out"])
        #expect(outcome.output.contains("sign-in screen, then /messages/7"))
        #expect(outcome.output.contains("route:    /sign-in (signIn)"))
    }
}
