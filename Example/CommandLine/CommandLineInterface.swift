import Foundation
import Switchyard
import SwitchyardTool

/// `swift run Example [command]`: the tour, one URL, a trace, or the route table.
///
/// Everything but printing and exiting happens in ``run(_:)``, so tests can run commands and read
/// their output and exit status.
enum CommandLineInterface {
    static let usage = """
        usage: Example [tour]                                   run the scripted tour
               Example route <url>... [--from <app-id> | --external | --content] [--signed-out]
                                                                send each URL in turn through one router
                                                                and print each response
               Example explain <url> [--from <app-id> | --external | --content]
                                                                print how the router reads the URL
               Example stack <url> [--from <app-id> | --external | --content]
                                                                send the URL with sendStack and print
                                                                each screen it opens, root first
               Example routes                                   print the route table
               Example hold <url> --pending <file> [--from <app-id> | --external | --content]
                                                                a link arrives at a cold start, signed out:
                                                                held in the file until standard input closes
               Example sign-in --pending <file>                 the next launch: sign in, open the held links
               Example aasa [--app-id <id>]... [--host <host>]  print the apple-app-site-association file
               Example check-aasa <file> [--app-id <id>] [--host <host>]
                                                                list the public routes a deployed file misses
               Example match <file> <url>... [--app-id <id>] [--host <host>]
                                                                say whether iOS opens each link in the app
               Example help                                     print this help

        Without --from, --external or --content the URL is sent from inside the app (every route
        reachable).
        --from <app-id>   sent by another app that the OS identified (external, public routes only)
        --external        sent by an app the OS did not identify (external, sourceApplication nil)
        --content         tapped in a message the app shows but did not write (public routes only)
        --signed-out      route: start signed out (route and stack start signed in as "ada")
        A URL that starts with "-" goes after "--": Example route -- -odd-url

        examples:
          swift run Example route 'mailapp://messages/7' --from com.example.chat
          swift run Example route 'mailapp://drafts/2' --external
          swift run Example route 'https://acme.mail.example.com/team/acme' --external
          swift run Example route 'mailapp://settings/forwarding?to=attacker@evil.example' --content
          swift run Example explain 'https://mail.example.com/msg/7'
          swift run Example explain 'mailapp://messages/7'
          swift run Example stack 'mailapp://folders/work/messages/8'
          swift run Example stack 'https://mail.example.com/drafts/2/preview' --external
          swift run Example hold 'https://mail.example.com/messages/7' --pending /tmp/links.jsonl --external
          swift run Example sign-in --pending /tmp/links.jsonl
          swift run Example aasa --host acme.mail.example.com
        """

    /// What a command printed and how the process should exit.
    struct Outcome: Sendable, Equatable {
        var status: Int32 = 0
        var output = ""
        var errorOutput = ""
    }

    /// The exit status for bad arguments.
    static let usageStatus: Int32 = 2

    /// Parses and runs `arguments` (without the program name).
    static func run(_ arguments: [String]) async -> Outcome {
        let command: Command
        do {
            command = try Command.parse(arguments)
        } catch {
            return Outcome(status: usageStatus, errorOutput: "error: \(error.message)\n\n\(usage)\n")
        }
        do {
            if case .tool(let arguments) = command {
                let outcome = try tool().run(arguments)
                return Outcome(
                    status: outcome.status, output: outcome.output, errorOutput: outcome.errorOutput)
            }
            return Outcome(output: try await run(command) + "\n")
        } catch {
            return Outcome(status: 1, errorOutput: "error: \(error)\n")
        }
    }

    /// The Switchyard tool bound to the mail app's routes: how an app's own executable target
    /// gives the tool its route table.
    static func tool() throws -> SwitchyardTool {
        SwitchyardTool(
            router: try MailRouter.make(), appIDs: [MailRouter.appID], host: MailRouter.webHost,
            name: "Example")
    }

    static func run(_ command: Command) async throws -> String {
        switch command {
        case .help:
            return usage
        case .tool(let arguments):
            return try tool().run(arguments).output
        case .hold(let url, let source, let file):
            let coldStart = try ColdStart(pendingFile: URL(fileURLWithPath: file))
            try await coldStart.receive(url, from: source)
            let waiting = await coldStart.pending.count
            return """
                held \(url) from \(source): \(waiting) waiting in \(file)
                the app waits at the sign-in screen; close standard input (Ctrl-D) to quit
                """
        case .signIn(let file):
            let responses = try await ColdStart(pendingFile: URL(fileURLWithPath: file)).signIn(as: "ada")
            guard !responses.isEmpty else { return "signed in as ada; no link was waiting" }
            let opened = responses.map { response in
                "\(response.status)  \(response.request.url)  \(ResultSummary.of(response, sentURL: response.request.url))"
            }
            return (["signed in as ada; the held links, oldest first:"] + opened).joined(separator: "\n")
        case .routes:
            return try MailRouter.make().routeTable
        case .explain(let url, let source):
            return try MailRouter.make().explain(url, source: source)
        case .stack(let url, let source):
            let router = try MailRouter.make(session: Session(account: "ada"))
            return await StackReport.of(url, from: source, router: router)
        case .route(let urls, let source, let signedIn):
            let router = try MailRouter.make(session: Session(account: signedIn ? "ada" : nil))
            var described: [String] = []
            for url in urls {
                let response = await Connection.send(url, from: source, router: router)
                described.append(describe(response, sentURL: url))
            }
            return described.joined(separator: "\n\n")
        case .tour:
            let tour = try Tour()
            let rows = await tour.run()
            let recorded = await tour.history.recent().count
            let opened = await tour.analytics.entries.map(\.path)
            return """
                Switchyard example: links into a mail app, from inside the app and from other apps.

                \(Tour.table(rows))

                The History observer recorded \(recorded) responses (in memory only).
                The analytics route recorded \(opened.count) message links: \(opened.joined(separator: ", ")).

                The candidates of a URL, without running anything:
                $ swift run Example explain '\(Tour.explainedURL)'
                \(tour.router.explain(Tour.explainedURL))

                \(try await ColdStart.tourSection())

                Try: swift run Example route 'mailapp://drafts/2' --from com.example.chat
                     swift run Example explain 'https://acme.mail.example.com/team/acme' --external
                     swift run Example stack 'https://mail.example.com/drafts/2/preview' --external
                     swift run Example aasa
                """
        }
    }

    /// `route`'s output: the response, field by field.
    static func describe(_ response: Response, sentURL: String) -> String {
        let request = response.request
        let params = request.params.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
        let route = request.route.map { route in route.pattern + (route.name.map { " (\($0))" } ?? "") }
        return [
            "status:   \(response.status)",
            "result:   \(ResultSummary.of(response, sentURL: sentURL))",
            "source:   \(request.source)",
            "route:    \(route ?? "-")",
            "params:   \(params.isEmpty ? "-" : params)",
            "path:     \(request.path.isEmpty ? "-" : request.path)",
            "fragment: \(request.fragment ?? "-")",
            "location: \(response.location ?? "-")",
        ].joined(separator: "\n")
    }

    /// Runs the process's arguments, prints, and exits with the outcome's status.
    static func main() async -> Never {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let outcome = await run(arguments)
        // Unbuffered, so a reader sees the output before the process waits or exits.
        FileHandle.standardOutput.write(Data(outcome.output.utf8))
        // `hold` models an app left at the sign-in screen: it stays up until standard input
        // closes, so a test can kill it right after the link is held.
        if outcome.status == 0, case .hold = try? Command.parse(arguments) {
            _ = FileHandle.standardInput.readDataToEndOfFile()
        }
        if !outcome.errorOutput.isEmpty {
            FileHandle.standardError.write(Data(outcome.errorOutput.utf8))
        }
        exit(outcome.status)
    }
}
