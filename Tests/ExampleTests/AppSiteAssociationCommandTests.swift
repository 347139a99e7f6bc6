import Foundation
import Switchyard
import Testing

@testable import Example

/// `Example aasa`, `check-aasa` and `match`: the Switchyard tool bound to the mail app's routes.
@Suite("Example: apple-app-site-association")
struct AppSiteAssociationCommandTests {
    @Test("the tool's commands parse as one command with their arguments")
    func parsing() throws {
        #expect(try Command.parse(["aasa"]) == .tool(arguments: ["aasa"]))
        #expect(
            try Command.parse(["check-aasa", "-", "--host", "x"])
                == .tool(arguments: ["check-aasa", "-", "--host", "x"]))
    }

    /// What `aasa` (on standard error) and `check-aasa` (in its report) say of the private routes.
    static let privateRoutesNote =
        "note: 8 private routes reach mail.example.com and are left out of the file: /drafts (drafts.index), "
        + "/drafts/:draft_id(int) (drafts.show), /settings (settings.index), /settings/notifications "
        + "(settings.notifications), /settings/signatures (settings.signatures), /settings/forwarding "
        + "(settings.forwarding), /settings/labs/:flag(featureFlag) "
        + "(settings.labs), /sign-in/complete (signIn.complete); mark them isPublic: true if links should open them"

    @Test("aasa prints the mail app's file: public web routes and the /msg rewrite, nothing private")
    func aasa() async throws {
        let outcome = await CommandLineInterface.run(["aasa"])
        #expect(outcome.status == 0)
        #expect(outcome.errorOutput == Self.privateRoutesNote + "\n", "standard error, not the file")
        let file = try JSONDecoder().decode(AppSiteAssociation.self, from: Data(outcome.output.utf8))
        #expect(file.applinks.details.map(\.appIDs) == [[MailRouter.appID]])
        let paths = file.applinks.details[0].components.compactMap(\.path)
        #expect(paths.contains("/messages/?*"))
        #expect(paths.contains("/msg/?*"), "the rewrite from the old web app")
        #expect(!paths.contains("/team/?*"), "team routes are for the subdomains")
        // The one public draft route, a shared draft's preview, is in the file; the private ones are not.
        for hidden in ["drafts.index", "drafts.show", "settings", "complete"] {
            #expect(!outcome.output.contains(hidden), "private: \(hidden)")
        }
        #expect(paths.filter { $0.hasPrefix("/drafts") } == ["/drafts/?*/preview"])
        #expect(file.matches("https://mail.example.com/drafts/2/preview"))
        #expect(
            !file.matches("https://mail.example.com/drafts/2")
                && !file.matches("https://mail.example.com/drafts"))
        #expect(file.matches("https://mail.example.com/folders/work/messages/8"))
        #expect(file.matches("https://mail.example.com/msg/7"))
        let team = await CommandLineInterface.run(["aasa", "--host", "acme.mail.example.com"])
        #expect(team.output.contains("\"/team/?*\""))
    }

    @Test("check-aasa passes on the file aasa wrote, and names what a stale file misses")
    func checkAASA() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "example-aasa-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let fresh = directory.appendingPathComponent("fresh.json")
        try Data(await CommandLineInterface.run(["aasa"]).output.utf8).write(to: fresh)
        let passing = await CommandLineInterface.run(["check-aasa", fresh.path])
        #expect(passing.status == 0, "\(passing.output)")
        #expect(passing.output.hasPrefix("mail.example.com: 14 public routes, 0 not opened by the file\n"))
        #expect(passing.output.hasSuffix("\n" + Self.privateRoutesNote + "\n"))
        let forApp = await CommandLineInterface.run(["check-aasa", fresh.path, "--app-id", MailRouter.appID])
        #expect(forApp.status == 0, "\(forApp.output)")
        let otherApp = await CommandLineInterface.run([
            "check-aasa", fresh.path, "--app-id", "VWXYZ67890.com.example.mail",
        ])
        #expect(otherApp.status == 1)
        #expect(otherApp.output.contains("note: no applinks entry names VWXYZ67890.com.example.mail"))
        let mistyped = await CommandLineInterface.run([
            "check-aasa", fresh.path, "--host", "mail.exmaple.com",
        ])
        #expect(mistyped.status == 1)
        #expect(
            mistyped.errorOutput
                == "error: no public route reaches mail.exmaple.com, so the file cannot open any link to it: the router "
                + "does not serve it (a mistyped --host?); it serves *.mail.example.com, mail.example.com; "
                + "did you mean 'mail.example.com'?\n")
        let match = await CommandLineInterface.run([
            "match", fresh.path, "https://mail.example.com/msg/7", "https://mail.example.com/drafts/2",
            "--app-id", MailRouter.appID, "--host", MailRouter.webHost,
        ])
        #expect(match.status == 1)
        #expect(
            match.output.hasPrefix(
                "https://mail.example.com/msg/7: opens: iOS opens this link in the app (component "))
        #expect(
            match.output.hasSuffix(
                "\nhttps://mail.example.com/drafts/2: not matched: iOS keeps this link in the browser: no rule matches it\n"
            ))

        let stale = directory.appendingPathComponent("stale.json")
        try Data(
            """
            {"applinks": {"details": [{"appIDs": ["\(MailRouter.appID)"],
              "components": [{"/": "/inbox"}, {"/": "/messages/*"}]}]}}
            """.utf8
        ).write(to: stale)
        let failing = await CommandLineInterface.run(["check-aasa", stale.path])
        #expect(failing.status == 1)
        #expect(
            failing.output.contains(
                "NOT OPENED  /promo/:campaign(alnum) (promo)  https://mail.example.com/promo/1"))
        #expect(failing.output.contains("opened      /messages/:message_id (message)"))
    }

    @Test("tool mistakes keep the tool's exit statuses and name the Example")
    func mistakes() async {
        let extra = await CommandLineInterface.run(["aasa", "extra"])
        #expect(extra.status == 2)
        #expect(extra.errorOutput.contains("usage: Example aasa"))
        let missing = await CommandLineInterface.run(["check-aasa", "/no/such/file"])
        #expect(missing.status == 1)
        #expect(missing.errorOutput.contains("cannot read /no/such/file"))
        let badID = await CommandLineInterface.run(["aasa", "--app-id", "com.example.mail"])
        #expect(badID.status == 2)
        #expect(badID.errorOutput.contains("write TEAMID.bundle.id, like ABCDE12345.com.example.mail"))
        #expect(badID.errorOutput.contains("usage: Example aasa"))
    }
}

/// `Example/well-known/apple-app-site-association`, the file the mail app's site serves: it must
/// be what `aasa` writes today, so a route added to the app cannot be missing from it.
@Suite("Example: the deployed apple-app-site-association")
struct DeployedAppSiteAssociationTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Example/well-known/apple-app-site-association")
        .path

    @Test("the deployed file is current: regenerate it with `swift run Example aasa`")
    func current() async throws {
        let deployed = try #require(FileManager.default.contents(atPath: Self.path))
        #expect(
            String(decoding: deployed, as: UTF8.self) == (await CommandLineInterface.run(["aasa"])).output)
        let check = await CommandLineInterface.run(["check-aasa", Self.path])
        #expect(check.status == 0, "\(check.output)")
    }
}
