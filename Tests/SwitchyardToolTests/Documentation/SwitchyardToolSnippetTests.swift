import Foundation
import SwitchyardTool
import Testing

/// The MailTool of `Sources/Tool/SwitchyardTool.docc/SwitchyardTool.md` and of README.md
/// ("Universal links in five minutes", step 2), compiled and run. `scripts/readme-package` builds
/// the README's copy against the real `MailRoutes` library; here a stand-in plays it.
struct SwitchyardToolSnippetTests {
    /// Stands for the app's routes library (README.md, "Quick start"): the same routes.
    enum MailRoutes {
        static func router() throws -> Router {
            try Router(
                routes: [
                    Route("/inbox", name: "inbox", isPublic: true) { Response(request: $0) },
                    Route("/messages/:id(int)", name: "message", isPublic: true) { Response(request: $0) },
                    Route("/drafts/:id(int)", name: "draft") { Response(request: $0) },
                ],
                configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))
        }
    }

    /// The imports of MailTool's `main.swift`: the routes library, and the tool.
    static let mainImports = """
        import MailRoutes
        import SwitchyardTool
        """

    @Test(
        "MailTool's main.swift imports the routes library",
        arguments: ["README.md", "Sources/Tool/SwitchyardTool.docc/SwitchyardTool.md"])
    func mainImportsTheRoutes(document: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        let indent = document == "README.md" ? "   " : ""
        let imports = Self.mainImports.split(separator: "\n").map { indent + $0 }.joined(separator: "\n")
        #expect(text.contains("```swift\n\(imports)\n\n\(indent)let tool = SwitchyardTool("))
    }

    @Test("MailTool's main binds the tool to the routes")
    func mailToolMain() throws {
        let tool = SwitchyardTool(
            router: try MailRoutes.router(), appIDs: ["ABCDE12345.com.example.mail"],
            host: "mail.example.com")
        let file = tool.run(["aasa"])
        #expect(file.status == 0)
        #expect(file.output.contains("\"/\" : \"/messages/?*\""))
        #expect(file.output.contains("ABCDE12345.com.example.mail"))
        let check = tool.run(["check-aasa", "-"], standardInput: { Data(file.output.utf8) })
        #expect(check.status == 0)
        // `tool.main()` prints and exits the process: compiled here, never called.
        let runForever = { () -> Never in
            tool.main()
        }
        _ = runForever
    }

    /// The article's transcript: each `$ swift run MailTool …` line, then what it prints (for
    /// `aasa`, redirected to the file, its standard error).
    @Test("The article's transcript of aasa and match is what the tool prints")
    func transcript() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let article = try String(
            contentsOf: root.appendingPathComponent("Sources/Tool/SwitchyardTool.docc/SwitchyardTool.md"),
            encoding: .utf8)
        let start = try #require(article.range(of: "```\n$ swift run MailTool aasa > "))
        let end = try #require(article.range(of: "\n```", range: start.upperBound..<article.endIndex))
        let block = article[article.index(start.lowerBound, offsetBy: 4)..<end.lowerBound]
        var commands: [(arguments: [String], lines: [String])] = []
        for line in block.split(separator: "\n").map(String.init) {
            if line.hasPrefix("$ swift run MailTool ") {
                let words = line.dropFirst("$ swift run MailTool ".count).split(separator: " ").map(
                    String.init)
                commands.append((words.prefix { $0 != ">" }.map { $0 }, []))
            } else {
                commands[commands.count - 1].lines.append(line)
            }
        }
        #expect(commands.map { $0.arguments.first } == ["aasa", "match"])
        let tool = SwitchyardTool(
            router: try MailRoutes.router(), appIDs: ["ABCDE12345.com.example.mail"], host: "mail.example.com"
        )
        let file = tool.run(commands[0].arguments)
        #expect(file.status == 0)
        #expect(file.errorOutput == commands[0].lines.map { $0 + "\n" }.joined())
        var match = commands[1].arguments
        #expect(match[1] == "apple-app-site-association")
        match[1] = "-"
        let verdicts = tool.run(match, standardInput: { Data(file.output.utf8) })
        #expect(verdicts.output == commands[1].lines.map { $0 + "\n" }.joined())
        #expect(verdicts.status == 1, "the draft link is not opened")
    }

    /// The article's transcript of a mistyped `--host` ("Then", after the table).
    @Test("The article's mistyped --host transcript is what the tool prints, with exit 1")
    func mistypedHostTranscript() throws {
        let article = try String(
            contentsOf: Self.root.appendingPathComponent(
                "Sources/Tool/SwitchyardTool.docc/SwitchyardTool.md"),
            encoding: .utf8)
        let command = "$ swift run MailTool aasa --host mail.exmaple.com\n"
        let start = try #require(article.range(of: "```\n" + command))
        let end = try #require(article.range(of: "\n```", range: start.upperBound..<article.endIndex))
        let tool = SwitchyardTool(
            router: try MailRoutes.router(), appIDs: ["ABCDE12345.com.example.mail"], host: "mail.example.com"
        )
        let outcome = tool.run(["aasa", "--host", "mail.exmaple.com"])
        #expect(outcome.status == 1)
        #expect(outcome.output.isEmpty)
        #expect(outcome.errorOutput == article[start.upperBound..<end.lowerBound] + "\n")
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The README's "Modules" paragraph on `SwitchyardTool` named three commands and no flag.
    @Test("Bug: README's SwitchyardTool section names every command and flag of the usage")
    func readmeNamesEveryFlag() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "**`SwitchyardTool`**"))
        let end = try #require(
            readme.range(of: "\n\nEvery Swift block", range: start.upperBound..<readme.endIndex))
        let section = readme[start.lowerBound..<end.lowerBound]
        let usage = SwitchyardTool().usage
        let flags = Set(usage.split(whereSeparator: { " \n[]".contains($0) }).filter { $0.hasPrefix("--") })
        #expect(flags == ["--app-id", "--host"])
        for flag in flags {
            #expect(section.contains("`\(flag)"), "\(flag)")
        }
        for command in ["aasa", "check-aasa", "match", "help"] {
            #expect(usage.contains("switchyard-cli \(command)"))
            #expect(section.contains("- `\(command)"), "\(command)")
        }
        #expect(section.contains("`--help`, `-h`"))
    }
}
