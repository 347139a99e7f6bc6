import Foundation
import SwitchyardTool
import Testing

/// The `switchyard` commands, run in-process through `SwitchyardTool.run(_:standardInput:)`.
struct SwitchyardToolTests {
    static let router: Router = {
        do {
            return try Router(
                routes: [
                    Route("/inbox", name: "inbox", isPublic: true) { Response(request: $0) },
                    Route("/messages/:id(int)", name: "message", isPublic: true) { Response(request: $0) },
                    Route("/admin", isPublic: false) { Response(request: $0) },
                ],
                configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))
        } catch {
            fatalError("the test table is valid: \(error)")
        }
    }()
    static let tool = SwitchyardTool(router: router, appIDs: ["T.mail"], host: "mail.example.com")

    @Test("aasa prints the file the router builds, with the defaults or the options")
    func aasa() throws {
        let outcome = Self.tool.run(["aasa"])
        #expect(outcome.status == 0 && outcome.errorOutput.isEmpty)
        let expected = Self.router.appSiteAssociation(appIDs: ["T.mail"], host: "mail.example.com").jsonData()
        #expect(outcome.output == String(decoding: expected, as: UTF8.self))
        let other = Self.tool.run(["aasa", "--app-id", "T.a", "--app-id", "T.b"])
        let decoded = try JSONDecoder().decode(AppSiteAssociation.self, from: Data(other.output.utf8))
        #expect(decoded.applinks.details.map(\.appIDs) == [["T.a", "T.b"]])
        let unserved = Self.tool.run(["aasa", "--host", "evil.org"])
        #expect(unserved.status == 0)
        #expect(unserved.errorOutput.contains("no public route reaches evil.org"))
    }

    @Test("check-aasa: 0 when every public route is opened, 1 naming the routes that are not")
    func checkAASA() throws {
        let complete = Self.tool.run(["aasa"]).output
        let covered = Self.tool.run(["check-aasa", "-"], standardInput: { Data(complete.utf8) })
        #expect(covered.status == 0, "\(covered)")
        #expect(covered.output.hasPrefix("mail.example.com: 2 public routes, 0 not opened by the file"))
        let partial = """
            {"applinks": {"details": [{"appIDs": ["T.mail"], "components": [{"/": "/inbox"}]}]}}
            """
        let gap = Self.tool.run(["check-aasa", "-"], standardInput: { Data(partial.utf8) })
        #expect(gap.status == 1)
        #expect(
            gap.output.contains(
                "NOT OPENED  /messages/:id(int) (message)  https://mail.example.com/messages/1"))
        #expect(gap.output.contains("opened      /inbox (inbox)  https://mail.example.com/inbox"))
        #expect(!gap.output.contains("admin"), "private routes are not listed")
    }

    @Test("match says what iOS does with each link; it needs no route table")
    func match() throws {
        let file = """
            {"applinks": {"details": [{"appIDs": ["T.mail"], "components": [{"/": "/private/*", "exclude": true}, {"/": "/*"}]}]}}
            """
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "switchyard-tool-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("apple-app-site-association").path
        try Data(file.utf8).write(to: URL(fileURLWithPath: path))
        let tool = SwitchyardTool()
        let opened = tool.run(["match", path, "https://x.com/inbox"])
        #expect(opened.status == 0)
        #expect(
            opened.output == "https://x.com/inbox: opens: iOS opens this link in the app (component 2: /*)\n")
        let mixed = tool.run(["match", path, "https://x.com/private/a", "mailapp://inbox"])
        #expect(mixed.status == 1)
        #expect(
            mixed.output.contains(
                "https://x.com/private/a: excluded: iOS keeps this link in the browser: component 1: /private/* excludes it"
            ))
        #expect(mixed.output.contains("mailapp://inbox: not matched: not a universal link"))
    }

    struct MistakeCase: Sendable, CustomTestStringConvertible {
        let arguments: [String]
        let status: Int32
        let message: String
        var testDescription: String { arguments.joined(separator: " ") }
    }

    @Test(
        "Mistakes exit 2 (arguments) or 1 (files, no route table), with a message",
        arguments: [
            MistakeCase(arguments: ["frobnicate"], status: 2, message: "unknown command 'frobnicate'"),
            MistakeCase(arguments: ["aasa", "--host"], status: 2, message: "--host needs a value"),
            MistakeCase(
                arguments: ["aasa", "--host", "a", "--host", "b"], status: 2, message: "--host given twice"),
            MistakeCase(
                arguments: ["aasa", "extra"], status: 2, message: "unexpected argument 'extra' for aasa"),
            MistakeCase(arguments: ["check-aasa"], status: 2, message: "check-aasa needs a file"),
            MistakeCase(arguments: ["match", "-"], status: 2, message: "match needs at least one URL"),
            MistakeCase(
                arguments: ["check-aasa", "/no/such/file"], status: 1, message: "cannot read /no/such/file"),
            MistakeCase(
                arguments: ["check-aasa", "-"], status: 1, message: "standard input is not an applinks file"),
        ])
    func mistakes(_ test: MistakeCase) {
        let outcome = Self.tool.run(test.arguments, standardInput: { Data("not json".utf8) })
        #expect(outcome.status == test.status)
        #expect(outcome.errorOutput.contains(test.message), "\(outcome.errorOutput)")
        #expect(outcome.output.isEmpty)
    }

    @Test("Without a route table, aasa and check-aasa explain how to bind one")
    func withoutRouter() {
        let tool = SwitchyardTool()
        for arguments in [["aasa", "--app-id", "T.a", "--host", "x.com"], ["check-aasa", "-"]] {
            let outcome = tool.run(arguments, standardInput: { Data() })
            #expect(outcome.status == 1)
            #expect(outcome.errorOutput.contains("this switchyard was built without one"))
        }
        #expect(tool.run(["help"]).output.contains("(none here)"))
    }
}
