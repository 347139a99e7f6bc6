import Foundation
import SwitchyardTool
import Testing

/// The `switchyard-cli` commands, run in-process through `SwitchyardTool.run(_:standardInput:)`: what
/// `aasa` and `check-aasa` print for the bound route table, and the usage.
struct SwitchyardToolTests {
    static let privateNote =
        "note: 2 private routes reach mail.example.com and are left out of the file: /admin, /drafts/:id(int) (draft); "
        + "mark them isPublic: true if links should open them"

    @Test("aasa prints the file the router builds, with the defaults or the options")
    func aasa() throws {
        let outcome = ToolFixtures.tool.run(["aasa"])
        #expect(outcome.status == 0)
        let expected = ToolFixtures.router.appSiteAssociation(
            appIDs: [ToolFixtures.appID], host: "mail.example.com"
        )
        .jsonData()
        #expect(outcome.output == String(decoding: expected, as: UTF8.self))
        let other = ToolFixtures.tool.run(["aasa", "--app-id", "ABCDE12345.a", "--app-id", "VWXYZ67890.b"])
        #expect(other.status == 0)
        let decoded = try JSONDecoder().decode(AppSiteAssociation.self, from: Data(other.output.utf8))
        #expect(decoded.applinks.details.map(\.appIDs) == [["ABCDE12345.a", "VWXYZ67890.b"]])
        let unserved = ToolFixtures.tool.run(["aasa", "--host", "evil.org"])
        #expect(unserved.status == 1, "a file that opens nothing fails (SwitchyardToolHostTests)")
        #expect(unserved.output.isEmpty)
        #expect(
            unserved.errorOutput
                == "error: no public route reaches evil.org, so the file cannot open any link to it: the router "
                + "does not serve it (a mistyped --host?); it serves *.teams.example.com, mail.example.com\n")
    }

    struct PrivateRoutesCase: Sendable, CustomTestStringConvertible {
        let routes: [String]
        let host: String
        let note: String?
        var testDescription: String { "\(routes) at \(host)" }

        /// `routes` as private routes (`name@host` scopes one to `host`), beside a public `/inbox`.
        var tool: SwitchyardTool {
            let routes = routes.map { spec -> Route in
                let parts = spec.split(separator: "@").map(String.init)
                return Route(parts[0], hosts: Set(parts.dropFirst())) { Response(request: $0) }
            }
            let router = try? Router(
                routes: [Route("/inbox", isPublic: true) { Response(request: $0) }] + routes,
                configuration: .init(hosts: ["mail.example.com", "*.teams.example.com"]))
            return SwitchyardTool(router: router, appIDs: [ToolFixtures.appID], host: host)
        }
    }

    /// A route left private by mistake vanished from the file without a word.
    @Test(
        "Bug: a private route vanished from the file silently; aasa (stderr) and check-aasa name the ones links reach",
        arguments: [
            PrivateRoutesCase(routes: [], host: "mail.example.com", note: nil),
            PrivateRoutesCase(
                routes: ["/settings"], host: "mail.example.com",
                note:
                    "note: 1 private route reaches mail.example.com and is left out of the file: /settings; "
                    + "mark it isPublic: true if links should open it"),
            PrivateRoutesCase(routes: ["/billing@*.teams.example.com"], host: "mail.example.com", note: nil),
            PrivateRoutesCase(
                routes: ["/settings", "/billing@*.teams.example.com"], host: "acme.teams.example.com",
                note: "note: 2 private routes reach acme.teams.example.com and are left out of the file: "
                    + "/settings, /billing; mark them isPublic: true if links should open them"),
        ])
    func privateRoutes(_ test: PrivateRoutesCase) throws {
        let file = test.tool.run(["aasa"])
        #expect(file.status == 0)
        #expect(file.errorOutput == test.note.map { $0 + "\n" } ?? "")
        #expect(try AppSiteAssociation(json: Data(file.output.utf8)).matches("https://\(test.host)/inbox"))
        let check = test.tool.run(["check-aasa", "-"], standardInput: { Data(file.output.utf8) })
        #expect(check.status == 0)
        let last = check.output.split(separator: "\n").last.map(String.init)
        #expect(last == test.note ?? "  opened      /inbox  https://\(test.host)/inbox")
    }

    @Test("check-aasa: 0 when every public route is opened, 1 naming the routes that are not")
    func checkAASA() throws {
        let complete = ToolFixtures.tool.run(["aasa"]).output
        let covered = ToolFixtures.tool.run(["check-aasa", "-"], standardInput: { Data(complete.utf8) })
        #expect(covered.status == 0, "\(covered)")
        #expect(
            covered.output == """
                mail.example.com: 2 public routes, 0 not opened by the file
                  opened      /inbox (inbox)  https://mail.example.com/inbox
                  opened      /messages/:id(int) (message)  https://mail.example.com/messages/1
                \(Self.privateNote)

                """)
        let partial = """
            {"applinks": {"details": [{"appIDs": ["\(ToolFixtures.appID)"], "components": [{"/": "/inbox"}]}]}}
            """
        let gap = ToolFixtures.tool.run(["check-aasa", "-"], standardInput: { Data(partial.utf8) })
        #expect(gap.status == 1)
        #expect(
            gap.output.contains(
                """
                  NOT OPENED  /messages/:id(int) (message)  https://mail.example.com/messages/1
                              not matched: iOS keeps this link in the browser: no rule matches it

                """))
        #expect(gap.output.contains("opened      /inbox (inbox)  https://mail.example.com/inbox"))
    }

    /// check-aasa asked whether any app of the file opens each route: another app's `/*` hid a
    /// gap in the mail app's entry.
    @Test(
        "Bug: check-aasa --app-id judges the file for that app alone",
        arguments: [
            ([String](), 0, "mail.example.com: 2 public routes, 0 not opened by the file"),
            (
                ["--app-id", ToolFixtures.appID], 1,
                "mail.example.com: 2 public routes, 1 not opened by the file for ABCDE12345.com.example.mail"
            ),
            (
                ["--app-id", "ZYXWV98765.com.example.other"], 0,
                "mail.example.com: 2 public routes, 0 not opened by the file for ZYXWV98765.com.example.other"
            ),
        ])
    func checkAASAForOneApp(options: [String], status: Int32, summary: String) {
        let outcome = ToolFixtures.tool.run(
            ["check-aasa", "-"] + options, standardInput: { Data(ToolFixtures.twoApps.utf8) })
        #expect(outcome.status == status)
        #expect(outcome.output.hasPrefix(summary + "\n"), "\(outcome.output)")
        #expect(outcome.output.contains("  NOT OPENED  /messages/:id(int) (message)") == (status == 1))
    }

    /// `check-aasa --host mail.exmaple.com` printed "0 public routes, 0 not opened" and passed.
    @Test(
        "Bug: check-aasa fails when no public route reaches the host, suggesting the served hosts",
        arguments: [
            (
                "mail.exmaple.com",
                "error: no public route reaches mail.exmaple.com, so the file cannot open any link to it: the router "
                    + "does not serve it (a mistyped --host?); it serves *.teams.example.com, mail.example.com; "
                    + "did you mean 'mail.example.com'?\n"
            ),
            (
                "teams.example.com",
                "error: no public route reaches teams.example.com, so the file cannot open any link to it: the router "
                    + "does not serve it (a mistyped --host?); it serves *.teams.example.com, mail.example.com\n"
            ),
        ])
    func checkAASAUnreachedHost(host: String, message: String) {
        let file = ToolFixtures.tool.run(["aasa"]).output
        let outcome = ToolFixtures.tool.run(
            ["check-aasa", "-", "--host", host], standardInput: { Data(file.utf8) })
        #expect(outcome.status == 1)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorOutput == message)
    }

    @Test("check-aasa fails for a served host whose routes are all private, naming them")
    func checkAASAOnlyPrivateRoutes() throws {
        let router = try Router(
            routes: [Route("/settings", name: "settings") { Response(request: $0) }],
            configuration: .init(hosts: ["mail.example.com"]))
        let tool = SwitchyardTool(router: router, appIDs: [ToolFixtures.appID], host: "mail.example.com")
        let outcome = tool.run(
            ["check-aasa", "-"], standardInput: { Data(#"{"applinks": {"details": []}}"#.utf8) })
        #expect(outcome.status == 1)
        #expect(
            outcome.errorOutput == """
                error: no public route reaches mail.example.com, so the file cannot open any link to it: the routes links to it reach are all private
                note: 1 private route reaches mail.example.com and is left out of the file: /settings (settings); mark it isPublic: true if links should open it

                """)
        let empty = try Router(routes: [], configuration: .init(hosts: []))
        let none = SwitchyardTool(router: empty, appIDs: [ToolFixtures.appID])
            .run(["check-aasa", "-", "--host", "mail.example.com"], standardInput: { Data("{}".utf8) })
        #expect(none.status == 1)
        #expect(
            none.errorOutput
                == "error: no public route reaches mail.example.com, so the file cannot open any link to it: the router "
                + "serves no web host (add the domain to the configuration's hosts)\n")
    }

    @Test("The usage names every option of every command")
    func usage() {
        let usage = SwitchyardTool().run(["help"]).output
        for line in [
            "usage: switchyard-cli aasa [--app-id <TEAMID.bundle.id>]... [--host <host>]",
            "       switchyard-cli check-aasa <file> [--app-id <TEAMID.bundle.id>] [--host <host>]",
            "       switchyard-cli match <file> <url>... [--app-id <TEAMID.bundle.id>] [--host <host>]",
        ] {
            #expect(usage.contains(line + "\n"), "\(line)")
        }
        #expect(usage.contains("over 128 KB"))
    }

    @Test("Without a route table, aasa and check-aasa explain how to bind one")
    func withoutRouter() {
        let tool = SwitchyardTool()
        for arguments in [["aasa", "--app-id", ToolFixtures.appID, "--host", "x.com"], ["check-aasa", "-"]] {
            let outcome = tool.run(arguments, standardInput: { Data() })
            #expect(outcome.status == 1)
            #expect(outcome.errorOutput.contains("this switchyard-cli was built without one"))
        }
        #expect(tool.run(["help"]).output.contains("(none here)"))
    }
}
