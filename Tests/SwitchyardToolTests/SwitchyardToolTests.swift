import Foundation
import SwitchyardTool
import Testing

/// The `switchyard` commands, run in-process through `SwitchyardTool.run(_:standardInput:)`.
struct SwitchyardToolTests {
    static let appID = "ABCDE12345.com.example.mail"

    /// Two public routes; two private routes that links to mail.example.com reach; a private
    /// route for the app's scheme only, and one for the team subdomains only, which they do not.
    static let router: Router = {
        do {
            return try Router(
                routes: [
                    Route("/inbox", name: "inbox", isPublic: true) { Response(request: $0) },
                    Route("/messages/:id(int)", name: "message", isPublic: true) { Response(request: $0) },
                    Route("/admin", isPublic: false) { Response(request: $0) },
                    Route("/drafts/:id(int)", name: "draft") { Response(request: $0) },
                    Route("/compose", name: "compose", schemes: ["mailapp"]) { Response(request: $0) },
                    Route("/billing", name: "billing", hosts: ["*.teams.example.com"]) {
                        Response(request: $0)
                    },
                ],
                configuration: .init(
                    schemes: ["mailapp"], hosts: ["mail.example.com", "*.teams.example.com"]))
        } catch {
            fatalError("the test table is valid: \(error)")
        }
    }()
    static let tool = SwitchyardTool(router: router, appIDs: [appID], host: "mail.example.com")
    static let privateNote =
        "note: 2 private routes reach mail.example.com and are left out of the file: /admin, /drafts/:id(int) (draft); "
        + "mark them isPublic: true if links should open them"

    @Test("aasa prints the file the router builds, with the defaults or the options")
    func aasa() throws {
        let outcome = Self.tool.run(["aasa"])
        #expect(outcome.status == 0)
        let expected = Self.router.appSiteAssociation(appIDs: [Self.appID], host: "mail.example.com")
            .jsonData()
        #expect(outcome.output == String(decoding: expected, as: UTF8.self))
        let other = Self.tool.run(["aasa", "--app-id", "ABCDE12345.a", "--app-id", "VWXYZ67890.b"])
        #expect(other.status == 0)
        let decoded = try JSONDecoder().decode(AppSiteAssociation.self, from: Data(other.output.utf8))
        #expect(decoded.applinks.details.map(\.appIDs) == [["ABCDE12345.a", "VWXYZ67890.b"]])
        let unserved = Self.tool.run(["aasa", "--host", "evil.org"])
        #expect(unserved.status == 0)
        #expect(
            unserved.errorOutput
                == "warning: no public route reaches evil.org, so the file cannot open any link to it: the router "
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
            return SwitchyardTool(router: router, appIDs: [SwitchyardToolTests.appID], host: host)
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
        let complete = Self.tool.run(["aasa"]).output
        let covered = Self.tool.run(["check-aasa", "-"], standardInput: { Data(complete.utf8) })
        #expect(covered.status == 0, "\(covered)")
        #expect(
            covered.output == """
                mail.example.com: 2 public routes, 0 not opened by the file
                  opened      /inbox (inbox)  https://mail.example.com/inbox
                  opened      /messages/:id(int) (message)  https://mail.example.com/messages/1
                \(Self.privateNote)

                """)
        let partial = """
            {"applinks": {"details": [{"appIDs": ["\(Self.appID)"], "components": [{"/": "/inbox"}]}]}}
            """
        let gap = Self.tool.run(["check-aasa", "-"], standardInput: { Data(partial.utf8) })
        #expect(gap.status == 1)
        #expect(
            gap.output.contains(
                """
                  NOT OPENED  /messages/:id(int) (message)  https://mail.example.com/messages/1
                              not matched: iOS keeps this link in the browser: no rule matches it

                """))
        #expect(gap.output.contains("opened      /inbox (inbox)  https://mail.example.com/inbox"))
    }

    /// One file, two entries: the mail app's leaves `/messages` out, another app's opens everything.
    static let twoApps = """
        {"applinks": {"details": [
          {"appIDs": ["\(appID)"], "components": [
            {"/": "/private/*", "exclude": true, "comment": "staff pages"}, {"/": "/inbox", "comment": "inbox"}]},
          {"appIDs": ["ZYXWV98765.com.example.other"], "components": [{"/": "/*", "comment": "everything"}]}]}}
        """

    /// check-aasa asked whether any app of the file opens each route: another app's `/*` hid a
    /// gap in the mail app's entry.
    @Test(
        "Bug: check-aasa --app-id judges the file for that app alone",
        arguments: [
            ([String](), 0, "mail.example.com: 2 public routes, 0 not opened by the file"),
            (
                ["--app-id", appID], 1,
                "mail.example.com: 2 public routes, 1 not opened by the file for ABCDE12345.com.example.mail"
            ),
            (
                ["--app-id", "ZYXWV98765.com.example.other"], 0,
                "mail.example.com: 2 public routes, 0 not opened by the file for ZYXWV98765.com.example.other"
            ),
        ])
    func checkAASAForOneApp(options: [String], status: Int32, summary: String) {
        let outcome = Self.tool.run(
            ["check-aasa", "-"] + options, standardInput: { Data(Self.twoApps.utf8) })
        #expect(outcome.status == status)
        #expect(outcome.output.hasPrefix(summary + "\n"), "\(outcome.output)")
        #expect(outcome.output.contains("  NOT OPENED  /messages/:id(int) (message)") == (status == 1))
    }

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
                options: ["--app-id", appID],
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
                options: ["--app-id", appID, "--host", "MAIL.example.com"],
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
        try Data(Self.twoApps.utf8).write(to: URL(fileURLWithPath: path))
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
            ["match", "-", "mailapp://inbox"], standardInput: { Data(Self.twoApps.utf8) })
        #expect(outcome.status == 1)
        #expect(outcome.output.hasPrefix("mailapp://inbox: not matched: not a universal link"))
    }

    /// Bytes of a valid file that opens every route, padded with spaces to `size`.
    static func paddedFile(size: Int) -> Data {
        var data = Data(Self.tool.run(["aasa"]).output.utf8)
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
        let check = Self.tool.run(["check-aasa", "-"], standardInput: { data })
        #expect(check.status == (over ? 1 : 0))
        #expect(check.errorOutput == (over ? message : ""))
        let match = Self.tool.run(["match", "-", "https://mail.example.com/inbox"], standardInput: { data })
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
        let size = router.appSiteAssociation(appIDs: [Self.appID], host: "mail.example.com").jsonData().count
        #expect(size > AppSiteAssociation.sizeLimit)
        let outcome = SwitchyardTool(router: router, appIDs: [Self.appID], host: "mail.example.com").run([
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
            SwitchyardTool(router: smaller, appIDs: [Self.appID], host: "mail.example.com").run(["aasa"])
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
            let outcome = Self.tool.run(
                command + ["--app-id", appID], standardInput: { Data(Self.tool.run(["aasa"]).output.utf8) })
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
        let tool = SwitchyardTool(router: Self.router, appIDs: ["com.example.mail"], host: "mail.example.com")
        let outcome = tool.run(["aasa"])
        #expect(outcome.status == 1)
        #expect(
            outcome.errorOutput
                == "error: SwitchyardTool(appIDs:) com.example.mail has no team ID prefix (10 uppercase letters or "
                + "digits), and iOS ignores an entry without one; write TEAMID.bundle.id, like ABCDE12345.com.example.mail\n"
        )
        #expect(tool.run(["aasa", "--app-id", Self.appID]).status == 0, "--app-id replaces the defaults")
    }

    /// `check-aasa --host mail.exmaple.com` printed "0 public routes, 0 not opened" and passed.
    @Test(
        "Bug: check-aasa fails when no public route reaches the host, suggesting the served hosts",
        arguments: [
            (
                "mail.exmaple.com",
                "error: no public route reaches mail.exmaple.com, so the file cannot open any link to it: the router "
                    + "does not serve it (a mistyped --host?); it serves *.teams.example.com, mail.example.com\n"
            ),
            (
                "teams.example.com",
                "error: no public route reaches teams.example.com, so the file cannot open any link to it: the router "
                    + "does not serve it (a mistyped --host?); it serves *.teams.example.com, mail.example.com\n"
            ),
        ])
    func checkAASAUnreachedHost(host: String, message: String) {
        let file = Self.tool.run(["aasa"]).output
        let outcome = Self.tool.run(["check-aasa", "-", "--host", host], standardInput: { Data(file.utf8) })
        #expect(outcome.status == 1)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorOutput == message)
    }

    @Test("check-aasa fails for a served host whose routes are all private, naming them")
    func checkAASAOnlyPrivateRoutes() throws {
        let router = try Router(
            routes: [Route("/settings", name: "settings") { Response(request: $0) }],
            configuration: .init(hosts: ["mail.example.com"]))
        let tool = SwitchyardTool(router: router, appIDs: [Self.appID], host: "mail.example.com")
        let outcome = tool.run(
            ["check-aasa", "-"], standardInput: { Data(#"{"applinks": {"details": []}}"#.utf8) })
        #expect(outcome.status == 1)
        #expect(
            outcome.errorOutput == """
                error: no public route reaches mail.example.com, so the file cannot open any link to it: the routes links to it reach are all private
                note: 1 private route reaches mail.example.com and is left out of the file: /settings (settings); mark it isPublic: true if links should open it

                """)
        let empty = try Router(routes: [], configuration: .init(hosts: []))
        let none = SwitchyardTool(router: empty, appIDs: [Self.appID], host: "mail.example.com")
            .run(["check-aasa", "-"], standardInput: { Data("{}".utf8) })
        #expect(none.status == 1)
        #expect(
            none.errorOutput
                == "error: no public route reaches mail.example.com, so the file cannot open any link to it: the router "
                + "serves no web host (add the domain to the configuration's hosts)\n")
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
                arguments: ["aasa", "--host", "https://mail.example.com"], status: 2,
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
        let outcome = Self.tool.run(test.arguments, standardInput: { Data(test.input.utf8) })
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
            let outcome = Self.tool.run(arguments, standardInput: { Data(input.utf8) })
            #expect(outcome.status == 1)
            #expect(outcome.output.isEmpty)
            #expect(outcome.errorOutput.hasPrefix("error: \(message)"), "\(outcome.errorOutput)")
            #expect(outcome.errorOutput.filter { $0 == "\n" }.count == 1, "one line: \(outcome.errorOutput)")
            #expect(!outcome.errorOutput.contains("DecodingError"))
        }
    }

    @Test("The usage names every option of every command")
    func usage() {
        let usage = SwitchyardTool().run(["help"]).output
        for line in [
            "usage: switchyard aasa [--app-id <TEAMID.bundle.id>]... [--host <host>]",
            "       switchyard check-aasa <file> [--app-id <TEAMID.bundle.id>] [--host <host>]",
            "       switchyard match <file> <url>... [--app-id <TEAMID.bundle.id>] [--host <host>]",
        ] {
            #expect(usage.contains(line + "\n"), "\(line)")
        }
        #expect(usage.contains("over 128 KB"))
    }

    @Test("Without a route table, aasa and check-aasa explain how to bind one")
    func withoutRouter() {
        let tool = SwitchyardTool()
        for arguments in [["aasa", "--app-id", Self.appID, "--host", "x.com"], ["check-aasa", "-"]] {
            let outcome = tool.run(arguments, standardInput: { Data() })
            #expect(outcome.status == 1)
            #expect(outcome.errorOutput.contains("this switchyard was built without one"))
        }
        #expect(tool.run(["help"]).output.contains("(none here)"))
    }
}
