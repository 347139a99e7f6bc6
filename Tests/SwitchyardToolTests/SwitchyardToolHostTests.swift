import Foundation
import SwitchyardTool
import Testing

/// The host a command works for is one the router serves, written as a host name, before any
/// file is written or judged: a tool cannot pass by accident.
struct SwitchyardToolHostTests {
    struct HostCase: Sendable, CustomTestStringConvertible {
        var toolHost: String? = "mail.example.com"
        let arguments: [String]
        let status: Int32
        /// The whole of standard error.
        let error: String
        var testDescription: String { "\(toolHost ?? "no host"): " + arguments.joined(separator: " ") }

        var outcome: SwitchyardTool.Outcome {
            let file = ToolFixtures.tool.run(["aasa"]).output
            return SwitchyardTool(router: ToolFixtures.router, appIDs: [ToolFixtures.appID], host: toolHost)
                .run(arguments, standardInput: { Data(file.utf8) })
        }
    }

    static let served = "it serves *.teams.example.com, mail.example.com"

    /// `aasa --host blgo.example.com` printed a file whose `components` was `[]`, with a warning
    /// on standard error, and exited 0: a build phase deployed a file that opens nothing.
    @Test(
        "Bug: a mistyped --host exited 0 with an empty file; now 1, with the served hosts and the nearest",
        arguments: [
            HostCase(
                arguments: ["aasa", "--host", "mail.exmaple.com"], status: 1,
                error:
                    "error: no public route reaches mail.exmaple.com, so the file cannot open any link to it: "
                    + "the router does not serve it (a mistyped --host?); \(served); did you mean 'mail.example.com'?\n"
            ),
            HostCase(
                arguments: ["aasa", "--host", "acme.teams.exmaple.com"], status: 1,
                error:
                    "error: no public route reaches acme.teams.exmaple.com, so the file cannot open any link "
                    + "to it: the router does not serve it (a mistyped --host?); \(served); did you mean "
                    + "'acme.teams.example.com'?\n"),
            HostCase(
                arguments: ["aasa", "--host", "teams.example.com"], status: 1,
                error:
                    "error: no public route reaches teams.example.com, so the file cannot open any link to it: "
                    + "the router does not serve it (a mistyped --host?); \(served)\n"),
            HostCase(
                arguments: ["match", "-", "https://mail.exmaple.com/inbox", "--host", "mail.exmaple.com"],
                status: 1,
                error:
                    "error: --host mail.exmaple.com: the router does not serve this host; \(served); did you "
                    + "mean 'mail.example.com'?\n"),
        ])
    func unservedHost(_ test: HostCase) {
        let outcome = test.outcome
        #expect(outcome.status == test.status)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorOutput == test.error)
    }

    @Test(
        "a --host with a scheme, a port or a path fails (exit 1), with the host it holds",
        arguments: ["https://mail.example.com", "mail.example.com:443", "mail.example.com/inbox"])
    func hostForm(host: String) {
        for command in [["aasa"], ["check-aasa", "-"], ["match", "-", "https://mail.example.com/inbox"]] {
            let outcome = HostCase(arguments: command + ["--host", host], status: 1, error: "").outcome
            #expect(outcome.status == 1)
            #expect(outcome.output.isEmpty)
            #expect(
                outcome.errorOutput
                    == "error: --host \(host): give the host name only, without scheme, port or path; did you mean "
                    + "'mail.example.com'?\n", "\(outcome.errorOutput)")
        }
    }

    /// `SwitchyardTool(host: "https://mail.example.com")` was only caught by a later command,
    /// which blamed "a mistyped --host?" that the user never passed.
    @Test(
        "Bug: the constructor's host was blamed on --host; every command now fails (exit 1) naming SwitchyardTool(host:)",
        arguments: [
            (
                "https://mail.example.com",
                "error: SwitchyardTool(host:) https://mail.example.com: give the host name only, without scheme, "
                    + "port or path; did you mean 'mail.example.com'?\n"
            ),
            (
                "mail.exmaple.com",
                "error: SwitchyardTool(host:) mail.exmaple.com: the router does not serve this host; \(served); "
                    + "did you mean 'mail.example.com'?\n"
            ),
        ])
    func constructorHost(host: String, error: String) {
        for command in [
            ["aasa"], ["check-aasa", "-"], ["aasa", "--host", "mail.example.com"],
            ["match", "-", "https://mail.example.com/inbox"],
        ] {
            let outcome = HostCase(toolHost: host, arguments: command, status: 1, error: error).outcome
            #expect(outcome.status == 1, "\(command)")
            #expect(outcome.output.isEmpty)
            #expect(outcome.errorOutput == error, "\(command)")
        }
        let help = HostCase(toolHost: host, arguments: ["help"], status: 0, error: "").outcome
        #expect(help.status == 0, "help still shows the defaults")
        #expect(help.output.contains("--host \(host)"))
    }

    @Test("without a router only the form of the constructor's host can be checked")
    func constructorHostWithoutRouter() {
        let url = "https://mail.example.com/inbox"
        let bad = SwitchyardTool(host: "mail.example.com:443").run(
            ["match", "-", url], standardInput: { Data() })
        #expect(bad.status == 1)
        #expect(
            bad.errorOutput.hasPrefix(
                "error: SwitchyardTool(host:) mail.example.com:443: give the host name only"))
        let file = ToolFixtures.tool.run(["aasa"]).output
        let any = SwitchyardTool(host: "other.example.org").run(
            ["match", "-", url], standardInput: { Data(file.utf8) })
        #expect(any.status == 0, "\(any)")
    }

    @Test(
        "hosts the router serves work: exact, a wildcard's subdomain, any case",
        arguments: ["mail.example.com", "acme.teams.example.com", "MAIL.Example.com"])
    func servedHost(host: String) throws {
        let file = HostCase(arguments: ["aasa", "--host", host], status: 0, error: "").outcome
        #expect(file.status == 0, "\(file.errorOutput)")
        let decoded = try AppSiteAssociation(json: Data(file.output.utf8))
        #expect(decoded.matches("https://\(host.lowercased())/inbox"))
        let check = HostCase(arguments: ["check-aasa", "-", "--host", host], status: 0, error: "").outcome
        #expect(check.status == 0, "\(check.output)\(check.errorOutput)")
        let constructed = HostCase(toolHost: host, arguments: ["aasa"], status: 0, error: "").outcome
        #expect(constructed.output == file.output)
    }

    static let withoutPublicRoutes: Router? = try? Router(
        routes: [
            Route("/settings", name: "settings", hosts: ["news.example.com"]) { Response(request: $0) },
            Route("/team", isPublic: true, hosts: ["*.teams.example.com"]) { Response(request: $0) },
        ],
        configuration: .init(hosts: ["mail.example.com", "news.example.com", "*.teams.example.com"]))

    @Test(
        "aasa never prints a file that opens nothing: a served host without public routes exits 1, saying why",
        arguments: [
            (
                "mail.example.com",
                "error: no public route reaches mail.example.com, so the file cannot open any link to it: no route "
                    + "is for links to it\n"
            ),
            (
                "news.example.com",
                "error: no public route reaches news.example.com, so the file cannot open any link to it: the "
                    + "routes links to it reach are all private\nnote: 1 private route reaches news.example.com "
                    + "and is left out of the file: /settings (settings); mark it isPublic: true if links should "
                    + "open it\n"
            ),
        ])
    func noComponents(host: String, error: String) throws {
        let tool = SwitchyardTool(router: Self.withoutPublicRoutes, appIDs: [ToolFixtures.appID])
        let outcome = tool.run(["aasa", "--host", host])
        #expect(outcome.status == 1)
        #expect(outcome.output.isEmpty, "no file on standard output")
        #expect(outcome.errorOutput == error)
        #expect(tool.run(["aasa", "--host", "acme.teams.example.com"]).status == 0)
    }
}
