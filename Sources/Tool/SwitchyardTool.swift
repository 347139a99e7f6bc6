import Foundation
import Switchyard

/// The `switchyard` command line, bound to your route table: it writes the
/// `apple-app-site-association` file for a domain and checks a deployed one, in a build phase or
/// in CI.
///
/// A command-line tool cannot load the router your app builds, so you give it the router: add a
/// small executable target to your package that builds it and runs the tool.
///
/// ```swift
/// // Sources/MailTool/main.swift, in a target depending on SwitchyardTool and MailRoutes, the
/// // library that defines your routes (`MailRoutes.router()` builds the router)
/// import MailRoutes
/// import SwitchyardTool
///
/// let tool = SwitchyardTool(
///     router: try MailRoutes.router(), appIDs: ["ABCDE12345.com.example.mail"], host: "mail.example.com")
/// tool.main()
/// ```
///
/// The README's "Installation" shows the whole `Package.swift`. Then
/// `swift run MailTool aasa > apple-app-site-association` writes the file, and
/// `swift run MailTool check-aasa deployed.json` fails when the deployed file leaves out a
/// public route. Both name the private routes that links to the host reach, which the file
/// leaves out. Run without a router (the package's own `switchyard-cli` executable), only `match`
/// works: it evaluates a file against links, with no route table.
public struct SwitchyardTool: Sendable {
    /// The route table the commands read, or `nil` for a tool that only evaluates files.
    public var router: Router?
    /// The apps `aasa` names when no `--app-id` is given, as `TEAMID.bundle.identifier`: `aasa`
    /// refuses an ID without a team ID prefix, which iOS ignores.
    public var appIDs: [String]
    /// The domain `aasa` and `check-aasa` use when no `--host` is given: a host name the router
    /// serves. Checked when a command runs: a host with a scheme, port or path, or one the router
    /// does not serve, fails every command with exit status 1, naming `SwitchyardTool(host:)`.
    public var host: String?
    /// The command's name in the help text: `switchyard-cli` by default; ``main()`` uses the name
    /// the process was started with.
    public var name: String

    /// Binds the tool to a route table.
    ///
    /// - Parameters:
    ///   - router: Your router, or `nil` for a tool that only evaluates files.
    ///   - appIDs: The default apps of `aasa`, as `TEAMID.bundle.identifier`.
    ///   - host: The default domain of `aasa` and `check-aasa`, a host name the router serves
    ///     (`mail.example.com`, not `https://mail.example.com`); checked when a command runs.
    ///   - name: The command's name in the help text.
    public init(
        router: Router? = nil, appIDs: [String] = [], host: String? = nil, name: String = "switchyard-cli"
    ) {
        self.router = router
        self.appIDs = appIDs
        self.host = host
        self.name = name
    }

    /// What a command printed and the status the process exits with: 0 for success, 1 when a
    /// check finds a gap, a link does not open, a file cannot be read or is not one iOS reads,
    /// the host is not one the router serves, or `aasa`'s file would open no link; 2 for bad
    /// arguments.
    public struct Outcome: Sendable, Equatable {
        /// The exit status.
        public var status: Int32
        /// What goes to standard output.
        public var output: String
        /// What goes to standard error.
        public var errorOutput: String

        /// Creates an outcome.
        public init(status: Int32 = 0, output: String = "", errorOutput: String = "") {
            self.status = status
            self.output = output
            self.errorOutput = errorOutput
        }
    }

    /// The exit status for bad arguments.
    public static let usageStatus: Int32 = 2

    /// The help text.
    public var usage: String {
        """
        usage: \(name) aasa [--app-id <TEAMID.bundle.id>]... [--host <host>]
                                          print the apple-app-site-association file for a domain;
                                          standard error names the private routes it leaves out
               \(name) check-aasa <file> [--app-id <TEAMID.bundle.id>] [--host <host>]
                                          list the public routes a deployed file does not open
               \(name) match <file> <url>... [--app-id <TEAMID.bundle.id>] [--host <host>]
                                          say whether iOS opens each link in the app, and which rule decides
               \(name) help
                                          print this help

        <file> is a path, or - for standard input:
          curl -s https://mail.example.com/.well-known/apple-app-site-association | \(name) check-aasa -
        --app-id   the app, as TEAMID.bundle.id (ABCDE12345.com.example.mail): check-aasa and match
                   judge the file for it alone; without it, for any app the file names
        --host     the domain, a host name the router serves (*.example.com serves its subdomains);
                   match then leaves links to other hosts not matched
        Exit status: 0 when every link opens (match) or every public route is opened (check-aasa);
        1 when one is not, or a file cannot be read, is not JSON or is over \(AppSiteAssociation.sizeLimit / 1024) KB,
        or the host is not served or aasa's file would open no link;
        2 for bad arguments.
        aasa and check-aasa read the route table the tool was built with\(router == nil ? " (none here)" : "").
        \(defaultsLine)
        """
    }

    private var defaultsLine: String {
        let apps = appIDs.isEmpty ? "none" : appIDs.joined(separator: ", ")
        return "defaults: --app-id \(apps), --host \(host ?? "none")"
    }

    /// Runs the command `arguments` (without the program name) names, and returns what it
    /// printed. Nothing is printed and the process does not exit, so tests can call it.
    public func run(
        _ arguments: [String], standardInput: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }
    )
        -> Outcome
    {
        var arguments = ToolArguments(arguments)
        do {
            switch arguments.command {
            case nil, "help", "--help", "-h":
                try arguments.finish()
                return Outcome(output: usage + "\n")
            case "aasa":
                try checkDefaultHost()
                return try aasa(&arguments)
            case "check-aasa":
                try checkDefaultHost()
                return try checkAASA(&arguments, standardInput: standardInput)
            case "match":
                try checkDefaultHost()
                return try match(&arguments, standardInput: standardInput)
            case let other?:
                throw ToolArguments.UsageError(message: "unknown command '\(other)'")
            }
        } catch let error as ToolArguments.UsageError {
            return Outcome(status: Self.usageStatus, errorOutput: "error: \(error.message)\n\n\(usage)\n")
        } catch {
            return Outcome(status: 1, errorOutput: "error: \(error)\n")
        }
    }

    /// Runs the process's arguments, prints the outcome and exits with its status.
    public func main() -> Never {
        var tool = self
        if let program = CommandLine.arguments.first?.split(separator: "/").last {
            tool.name = String(program)
        }
        let outcome = tool.run(Array(CommandLine.arguments.dropFirst()))
        FileHandle.standardOutput.write(Data(outcome.output.utf8))
        FileHandle.standardError.write(Data(outcome.errorOutput.utf8))
        exit(outcome.status)
    }
}
