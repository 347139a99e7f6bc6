import Foundation
import SwitchyardTool
import Testing

/// `switchyard-cli match`, and what the commands refuse: app IDs without a team ID prefix, files over
/// 128 KB, argument mistakes and files that are not applinks files.
struct SwitchyardToolMatchTests {
    struct MatchCase: Sendable, CustomTestStringConvertible {
        let options: [String]
        let urls: [String]
        let status: Int32
        let lines: [String]
        var errorOutput = ""
        var testDescription: String { (options + urls).joined(separator: " ") }
    }

    @Test(
        "match: one line per link, with the deciding rule and its comment; --app-id and --host narrow the file",
        arguments: [
            MatchCase(
                options: [], urls: ["https://mail.example.com/inbox"], status: 0,
                lines: [
                    "https://mail.example.com/inbox: opens: iOS opens this link in the app (component 2 of entry 1: /inbox (inbox))"
                ]),
            // Without --app-id, the other app's `/*` opens what the mail app's entry excludes.
            MatchCase(
                options: [], urls: ["https://mail.example.com/private/a"], status: 0,
                lines: [
                    "https://mail.example.com/private/a: opens: iOS opens this link in the app (component 1 of entry 2: /* (everything))"
                ]),
            MatchCase(
                options: ["--app-id", ToolFixtures.appID],
                urls: [
                    "https://mail.example.com/inbox", "https://mail.example.com/private/a",
                    "https://mail.example.com/messages/7",
                ],
                status: 1,
                lines: [
                    "https://mail.example.com/inbox: opens: iOS opens this link in the app (component 2 of entry 1: /inbox (inbox))",
                    "https://mail.example.com/private/a: excluded: iOS keeps this link in the browser: component 1 of entry 1: /private/* (staff pages) excludes it",
                    "https://mail.example.com/messages/7: not matched: iOS keeps this link in the browser: no rule matches it",
                ]),
            MatchCase(
                options: ["--host", "mail.example.com"],
                urls: ["https://mail.example.com/inbox", "https://other.example.com/inbox"], status: 1,
                lines: [
                    "https://mail.example.com/inbox: opens: iOS opens this link in the app (component 2 of entry 1: /inbox (inbox))",
                    "https://other.example.com/inbox: not matched: the file is for mail.example.com, not other.example.com",
                ]),
            MatchCase(
                options: ["--app-id", ToolFixtures.appID, "--host", "MAIL.example.com"],
                urls: ["https://mail.example.com/inbox"],
                status: 0,
                lines: [
                    "https://mail.example.com/inbox: opens: iOS opens this link in the app (component 2 of entry 1: /inbox (inbox))"
                ]),
            MatchCase(
                options: ["--app-id", "QRSTU13579.com.example.mail"],
                urls: ["https://mail.example.com/inbox"],
                status: 1,
                lines: [
                    "https://mail.example.com/inbox: not matched: iOS keeps this link in the browser: no rule matches it"
                ],
                errorOutput:
                    "note: no applinks entry names QRSTU13579.com.example.mail; the file names ABCDE12345.com.example.mail, ZYXWV98765.com.example.other\n"
            ),
        ])
    func match(_ test: MatchCase) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "switchyard-tool-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("apple-app-site-association").path
        try Data(ToolFixtures.twoApps.utf8).write(to: URL(fileURLWithPath: path))
        // No route table needed; options before or after the links.
        for arguments in [
            ["match", path] + test.urls + test.options, ["match"] + test.options + [path] + test.urls,
        ] {
            let outcome = SwitchyardTool().run(arguments)
            #expect(outcome.status == test.status)
            #expect(outcome.output == test.lines.map { $0 + "\n" }.joined())
            #expect(outcome.errorOutput == test.errorOutput)
        }
    }

    @Test("match says a custom-scheme link is never a universal link")
    func matchCustomScheme() {
        let outcome = SwitchyardTool().run(
            ["match", "-", "mailapp://inbox"], standardInput: { Data(ToolFixtures.twoApps.utf8) })
        #expect(outcome.status == 1)
        #expect(outcome.output.hasPrefix("mailapp://inbox: not matched: not a universal link"))
    }

    /// Bytes of a valid file that opens every route, padded with spaces to `size`.
    static func paddedFile(size: Int) -> Data {
        var data = Data(ToolFixtures.tool.run(["aasa"]).output.utf8)
        data.append(contentsOf: [UInt8](repeating: UInt8(ascii: " "), count: size - data.count))
        return data
    }

    @Test(
        "A file over 128 KB is one iOS does not read: check-aasa and match fail, naming its size",
        arguments: [
            AppSiteAssociation.sizeLimit - 1, AppSiteAssociation.sizeLimit, AppSiteAssociation.sizeLimit + 1,
            200_000,
        ])
    func sizeLimit(size: Int) {
        let data = Self.paddedFile(size: size)
        #expect(data.count == size)
        let over = size > 131_072
        let message =
            "error: standard input: \(size) bytes, over Apple's 128 KB limit (131072 bytes): iOS does not read the file\n"
        let check = ToolFixtures.tool.run(["check-aasa", "-"], standardInput: { data })
        #expect(check.status == (over ? 1 : 0))
        #expect(check.errorOutput == (over ? message : ""))
        let match = ToolFixtures.tool.run(
            ["match", "-", "https://mail.example.com/inbox"], standardInput: { data })
        #expect(match.status == (over ? 1 : 0))
        #expect(match.errorOutput == (over ? message : ""))
    }

    @Test("aasa refuses to print a file over 128 KB, naming its size and the limit")
    func aasaSizeLimit() throws {
        // 2,000 public routes: a component each, with a comment, well over 128 KB.
        let routes = (0..<2000).map { index in
            Route("/sections/section-\(index)/overview", name: "section\(index)", isPublic: true) {
                Response(request: $0)
            }
        }
        let router = try Router(routes: routes, configuration: .init(hosts: ["mail.example.com"]))
        let size = router.appSiteAssociation(appIDs: [ToolFixtures.appID], host: "mail.example.com")
            .jsonData().count
        #expect(size > AppSiteAssociation.sizeLimit)
        let outcome = SwitchyardTool(router: router, appIDs: [ToolFixtures.appID], host: "mail.example.com")
            .run([
                "aasa"
            ])
        #expect(outcome.status == 1)
        #expect(outcome.output.isEmpty, "nothing to redirect into a file iOS would not read")
        #expect(
            outcome.errorOutput
                == "error: the file for mail.example.com would be \(size) bytes, over Apple's 128 KB limit (131072 bytes): "
                + "iOS does not read a larger file; make fewer routes public, or scope some to other hosts with hosts:\n"
        )
        // The first 300 routes fit.
        let smaller = try Router(
            routes: Array(routes.prefix(300)), configuration: .init(hosts: ["mail.example.com"]))
        #expect(
            SwitchyardTool(router: smaller, appIDs: [ToolFixtures.appID], host: "mail.example.com").run([
                "aasa"
            ])
            .status == 0)
    }

    /// iOS ignores an entry whose app ID has no team ID prefix; the tool wrote such a file.
    @Test(
        "Bug: --app-id without a team ID prefix is refused, showing the TEAMID.bundle.id form",
        arguments: [
            ("ABCDE12345.com.example.mail", nil),
            ("ABCDE12345.mail", nil),
            ("0123456789.com.example.mail", nil),
            (
                "com.example.mail",
                "--app-id com.example.mail has no team ID prefix (10 uppercase letters or digits), and iOS ignores "
                    + "an entry without one; write TEAMID.bundle.id, like ABCDE12345.com.example.mail"
            ),
            (
                "abcde12345.com.example.mail",
                "--app-id abcde12345.com.example.mail has no team ID prefix (10 uppercase letters or digits), and "
                    + "iOS ignores an entry without one; write TEAMID.bundle.id, like ABCDE12345.com.example.mail"
            ),
            (
                "ABCDE1234.com.example.mail",
                "--app-id ABCDE1234.com.example.mail has no team ID prefix (10 uppercase letters or digits), and "
                    + "iOS ignores an entry without one; write TEAMID.bundle.id, like ABCDE12345.com.example.mail"
            ),
            (
                "ABCDE12345",
                "--app-id ABCDE12345 has no bundle ID after its team ID (or an empty part); write TEAMID.bundle.id, "
                    + "like ABCDE12345.com.example.mail"
            ),
            (
                "ABCDE12345..mail",
                "--app-id ABCDE12345..mail has no bundle ID after its team ID (or an empty part); write "
                    + "TEAMID.bundle.id, like ABCDE12345.com.example.mail"
            ),
        ] as [(String, String?)])
    func appIDForm(appID: String, message: String?) {
        for command in [["aasa"], ["check-aasa", "-"], ["match", "-", "https://mail.example.com/inbox"]] {
            let outcome = ToolFixtures.tool.run(
                command + ["--app-id", appID],
                standardInput: { Data(ToolFixtures.tool.run(["aasa"]).output.utf8) })
            // A well-formed ID is accepted (check-aasa and match may still find the file does not name it).
            #expect((outcome.status == 2) == (message != nil), "\(command)")
            if let message {
                #expect(
                    outcome.errorOutput.hasPrefix("error: \(message)\n\nusage: "), "\(outcome.errorOutput)")
                #expect(outcome.output.isEmpty)
            }
        }
    }

    @Test("aasa refuses a default app ID without a team ID prefix")
    func defaultAppID() {
        let tool = SwitchyardTool(
            router: ToolFixtures.router, appIDs: ["com.example.mail"], host: "mail.example.com")
        let outcome = tool.run(["aasa"])
        #expect(outcome.status == 1)
        #expect(
            outcome.errorOutput
                == "error: SwitchyardTool(appIDs:) com.example.mail has no team ID prefix (10 uppercase letters or "
                + "digits), and iOS ignores an entry without one; write TEAMID.bundle.id, like ABCDE12345.com.example.mail\n"
        )
        #expect(
            tool.run(["aasa", "--app-id", ToolFixtures.appID]).status == 0, "--app-id replaces the defaults")
    }

    struct MistakeCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let status: Int32
        let message: String
        var input = "not json"
        var testDescription: String { arguments.joined(separator: " ") + " < \(input)" }
    }

    @Test(
        "Mistakes exit 2 (arguments) or 1 (files, no route table), with a message",
        arguments: [
            MistakeCase(arguments: ["frobnicate"], status: 2, message: "unknown command 'frobnicate'"),
            MistakeCase(arguments: ["aasa", "--host"], status: 2, message: "--host needs a value"),
            MistakeCase(
                arguments: ["aasa", "--host", "a", "--host", "b"], status: 2, message: "--host given twice"),
            MistakeCase(
                arguments: ["aasa", "--host", "https://mail.example.com"], status: 1,
                message:
                    "--host https://mail.example.com: give the host name only, without scheme, port or path"),
            MistakeCase(
                arguments: ["aasa", "extra"], status: 2, message: "unexpected argument 'extra' for aasa"),
            MistakeCase(arguments: ["check-aasa"], status: 2, message: "check-aasa needs a file"),
            MistakeCase(
                arguments: ["check-aasa", "-", "--app-id", "A", "--app-id", "B"], status: 2,
                message: "--app-id given twice"),
            MistakeCase(arguments: ["match", "-"], status: 2, message: "match needs at least one URL"),
            MistakeCase(
                arguments: ["match", "-", "https://x.com/a", "--verbose"], status: 2,
                message: "unexpected argument '--verbose' for match"),
            MistakeCase(
                arguments: ["check-aasa", "/no/such/file"], status: 1, message: "cannot read /no/such/file"),
        ])
    func mistakes(_ test: MistakeCase) {
        let outcome = ToolFixtures.tool.run(test.arguments, standardInput: { Data(test.input.utf8) })
        #expect(outcome.status == test.status)
        #expect(outcome.errorOutput.hasPrefix("error: \(test.message)"), "\(outcome.errorOutput)")
        #expect(outcome.output.isEmpty)
    }

    /// A file that was not an applinks file printed a raw `DecodingError` (`DecodingError.dataCorrupted:
    /// Data was corrupted. Debug description: …`).
    @Test(
        "Bug: a file that is not an AASA file gives a one-line error naming the problem",
        arguments: [
            ("not json", "standard input: not JSON: "),
            ("[1, 2]", "standard input: the top level is an array, not an object"),
            (#""applinks""#, "standard input: the top level is a string, not an object"),
            (
                #"{"applinks": {"details": [{"appIDs": "x"}]}}"#,
                "standard input: applinks.details[0].appIDs: expected"
            ),
        ])
    func notAnAASAFile(input: String, message: String) {
        for arguments in [["check-aasa", "-"], ["match", "-", "https://mail.example.com/inbox"]] {
            let outcome = ToolFixtures.tool.run(arguments, standardInput: { Data(input.utf8) })
            #expect(outcome.status == 1)
            #expect(outcome.output.isEmpty)
            #expect(outcome.errorOutput.hasPrefix("error: \(message)"), "\(outcome.errorOutput)")
            #expect(outcome.errorOutput.filter { $0 == "\n" }.count == 1, "one line: \(outcome.errorOutput)")
            #expect(!outcome.errorOutput.contains("DecodingError"))
        }
    }
}
