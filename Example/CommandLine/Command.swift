import Switchyard

/// What the user asked for on the command line; see ``CommandLineInterface/usage``.
enum Command: Equatable, Sendable {
    /// No arguments, or `tour`: the scripted tour.
    case tour
    /// `route <url>... [--from <app-id> | --external | --content] [--signed-out]`: each URL in
    /// turn, through one router.
    case route(urls: [String], source: Source, signedIn: Bool)
    /// `explain <url> [--from <app-id> | --external | --content]`.
    case explain(url: String, source: Source)
    /// `stack <url> [--from <app-id> | --external | --content]`: the navigation stack the link opens.
    case stack(url: String, source: Source)
    /// `routes`: the route table.
    case routes
    /// `help`, `--help` or `-h`.
    case help
    /// `hold <url> --pending <file> [--from <app-id> | --external | --content]`: a link arriving at a cold
    /// start, signed out; held in the file while the app waits at the sign-in screen.
    case hold(url: String, source: Source, pendingFile: String)
    /// `sign-in --pending <file>`: the next launch; the user signs in and the held links open.
    case signIn(pendingFile: String)
    /// `aasa`, `check-aasa` or `match` with their arguments: the Switchyard tool bound to the
    /// mail app's routes (``CommandLineInterface/tool()``), which reads its own options.
    case tool(arguments: [String])

    /// A mistake in the arguments; ``CommandLineInterface`` prints it with the usage and exits 2.
    struct UsageError: Error, Equatable {
        let message: String
    }

    /// Reads the arguments, without the program name.
    static func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let name = arguments.first else { return .tour }
        if ["aasa", "check-aasa", "match"].contains(name) { return .tool(arguments: arguments) }
        var options = Options(Array(arguments.dropFirst()))
        let command: Command
        switch name {
        case "tour": command = .tour
        case "routes": command = .routes
        case "help", "--help", "-h": command = .help
        case "route":
            let source = try options.source()
            let signedOut = options.flag("--signed-out")
            command = .route(urls: try options.urls(for: name), source: source, signedIn: !signedOut)
        case "explain":
            let source = try options.source()
            command = .explain(url: try options.url(for: name), source: source)
        case "stack":
            let source = try options.source()
            command = .stack(url: try options.url(for: name), source: source)
        case "hold":
            let source = try options.source()
            let file = try options.pendingFile(for: name)
            command = .hold(url: try options.url(for: name), source: source, pendingFile: file)
        case "sign-in":
            command = .signIn(pendingFile: try options.pendingFile(for: name))
        default:
            throw UsageError(message: "unknown command '\(name)'")
        }
        try options.finish(name)
        return command
    }

    /// The arguments after the command name, consumed as they are read.
    private struct Options {
        var remaining: [String]

        init(_ arguments: [String]) {
            remaining = arguments
        }

        /// `--from <app-id>` is external from that app; `--external` is external with no
        /// `sourceApplication` (what the OS reports for other teams' apps); `--content` is a link
        /// tapped in a message; none of them is in-app.
        mutating func source() throws(UsageError) -> Source {
            let application = try value(of: "--from")
            let external = flag("--external")
            let content = flag("--content")
            switch (application, external, content) {
            case (let application?, false, false): return .external(sourceApplication: application)
            case (nil, true, false): return .external(sourceApplication: nil)
            case (nil, false, true): return .content
            case (nil, false, false): return .app
            default:
                throw UsageError(message: "use one of --from <app-id>, --external and --content")
            }
        }

        mutating func flag(_ name: String) -> Bool {
            guard let index = remaining.firstIndex(of: name) else { return false }
            remaining.remove(at: index)
            return true
        }

        mutating func value(of name: String) throws(UsageError) -> String? {
            guard let index = remaining.firstIndex(of: name) else { return nil }
            guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--"),
                !remaining[index + 1].isEmpty
            else { throw UsageError(message: "\(name) needs a value") }
            let value = remaining[index + 1]
            remaining.removeSubrange(index...index + 1)
            if remaining.contains(name) { throw UsageError(message: "\(name) given twice") }
            return value
        }

        /// `--pending <file>`, which `hold` and `sign-in` need.
        mutating func pendingFile(for command: String) throws(UsageError) -> String {
            guard let file = try value(of: "--pending") else {
                throw UsageError(message: "\(command) needs --pending <file>")
            }
            return file
        }

        /// The one positional argument. A URL may start with `-` only after `--`.
        mutating func url(for command: String) throws(UsageError) -> String {
            if let separator = remaining.firstIndex(of: "--"), separator + 1 < remaining.count {
                remaining.remove(at: separator)
                return remaining.remove(at: separator)
            }
            guard let index = remaining.firstIndex(where: { !$0.hasPrefix("-") }) else {
                throw UsageError(message: "\(command) needs a URL")
            }
            return remaining.remove(at: index)
        }

        /// Every positional argument, in order; those after `--` may start with `-`.
        mutating func urls(for command: String) throws(UsageError) -> [String] {
            var afterSeparator: [String] = []
            if let separator = remaining.firstIndex(of: "--") {
                afterSeparator = Array(remaining[(separator + 1)...])
                remaining.removeSubrange(separator...)
            }
            let urls = remaining.filter { !$0.hasPrefix("-") } + afterSeparator
            remaining.removeAll { !$0.hasPrefix("-") }
            guard !urls.isEmpty else { throw UsageError(message: "\(command) needs a URL") }
            return urls
        }

        func finish(_ command: String) throws(UsageError) {
            if let extra = remaining.first {
                throw UsageError(message: "unexpected argument '\(extra)' for \(command)")
            }
        }
    }
}
