import Foundation
import Switchyard

extension SwitchyardTool {
    /// Why a command could not run (not a usage mistake): exit status 1.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `aasa`: the file for a domain, from the route table. Refuses a file iOS would not read
    /// (over `AppSiteAssociation.sizeLimit`) and one that opens no link (a host the router does
    /// not serve, or whose routes are all private); names on standard error the private routes
    /// that links to the host reach, which the file leaves out.
    func aasa(_ arguments: inout ToolArguments) throws -> Outcome {
        let givenIDs = try arguments.values(of: "--app-id")
        for appID in givenIDs { try Self.checkAppID(appID) }
        let host = try Self.hostOption(&arguments) ?? host
        try arguments.finish()
        let router = try requireRouter(for: "aasa")
        let appIDs = givenIDs.isEmpty ? self.appIDs : givenIDs
        guard !appIDs.isEmpty else {
            throw ToolArguments.UsageError(message: "aasa needs --app-id <TEAMID.bundle.id>")
        }
        if givenIDs.isEmpty {
            for appID in appIDs {
                if let problem = Self.problem(ofAppID: appID, given: "SwitchyardTool(appIDs:)") {
                    throw Failure(description: problem)
                }
            }
        }
        guard let host else { throw ToolArguments.UsageError(message: "aasa needs --host <host>") }
        let file = router.appSiteAssociation(appIDs: appIDs, host: host)
        // A file that opens nothing is never the file wanted: a mistyped host, or routes left private.
        guard !file.applinks.details.allSatisfy(\.components.isEmpty) else {
            throw Failure(description: Self.noPublicRoute(reaching: host, router: router))
        }
        let data = file.jsonData()
        guard data.count <= AppSiteAssociation.sizeLimit else {
            throw Failure(
                description: "the file for \(host) would be \(data.count) bytes, over \(Self.limitText): "
                    + "iOS does not read a larger file; make fewer routes public, or scope some to "
                    + "other hosts with hosts:")
        }
        // Standard error, so that standard output stays the file.
        let note = Self.privateRoutesNote(router: router, host: host)
        return Outcome(
            output: String(decoding: data, as: UTF8.self), errorOutput: note.map { $0 + "\n" } ?? "")
    }

    /// `check-aasa`: the public routes a deployed file does not open (for one app, given
    /// `--app-id`), and the private routes it rightly leaves out.
    func checkAASA(_ arguments: inout ToolArguments, standardInput: () -> Data) throws -> Outcome {
        let host = try Self.hostOption(&arguments) ?? host
        let appID = try arguments.value(of: "--app-id")
        if let appID { try Self.checkAppID(appID) }
        let path = try arguments.positional("a file (or - for standard input)")
        try arguments.finish()
        let router = try requireRouter(for: "check-aasa")
        guard let host else { throw ToolArguments.UsageError(message: "check-aasa needs --host <host>") }
        var file = try read(path, standardInput: standardInput)
        file.host = host
        let coverage = router.coverage(of: file, host: host)
        guard !coverage.isEmpty else {
            throw Failure(description: Self.noPublicRoute(reaching: host, router: router))
        }
        var lines: [String] = []
        var gaps = 0
        var unchecked = 0
        for entry in coverage {
            guard let link = entry.link else {
                unchecked += 1
                lines.append(
                    "  unchecked   \(entry.route.label)  (no sample link: a custom constraint?)")
                continue
            }
            if file.matches(link, appID: appID) {
                lines.append("  opened      \(entry.route.label)  \(link)")
            } else {
                gaps += 1
                lines.append("  NOT OPENED  \(entry.route.label)  \(link)")
                lines.append("              " + file.explanation(of: link, appID: appID))
            }
        }
        var summary = "\(host): \(coverage.count) public routes, \(gaps) not opened by the file"
        if let appID { summary += " for \(appID)" }
        if unchecked > 0 { summary += ", \(unchecked) unchecked" }
        var notes: [String] = []
        if let appID, let note = Self.unnamedAppNote(appID, file: file) { notes.append(note) }
        if let note = Self.privateRoutesNote(router: router, host: host) { notes.append(note) }
        return Outcome(
            status: gaps == 0 ? 0 : 1, output: ([summary] + lines + notes).joined(separator: "\n") + "\n")
    }

    /// `match`: what iOS does with each link, given a file, and the rule that decides. Needs no
    /// route table.
    func match(_ arguments: inout ToolArguments, standardInput: () -> Data) throws -> Outcome {
        let appID = try arguments.value(of: "--app-id")
        if let appID { try Self.checkAppID(appID) }
        let host = try Self.hostOption(&arguments)
        if let host, let router, let unserved = Self.unserved(host, router: router) {
            // Links to a host the router does not serve would all be judged "not matched".
            throw Failure(description: "--host \(host): the router does not serve this host; \(unserved)")
        }
        let path = try arguments.positional("a file (or - for standard input)")
        let urls = arguments.rest()
        if let option = urls.first(where: { $0.hasPrefix("-") }) {
            throw ToolArguments.UsageError(message: "unexpected argument '\(option)' for match")
        }
        guard !urls.isEmpty else { throw ToolArguments.UsageError(message: "match needs at least one URL") }
        var file = try read(path, standardInput: standardInput)
        file.host = host
        let lines = urls.map { "\($0): \(file.explanation(of: $0, appID: appID))" }
        let allOpened = urls.allSatisfy { file.matches($0, appID: appID) }
        let note = appID.flatMap { Self.unnamedAppNote($0, file: file) }.map { $0 + "\n" } ?? ""
        return Outcome(
            status: allOpened ? 0 : 1, output: lines.joined(separator: "\n") + "\n", errorOutput: note)
    }

    private func requireRouter(for command: String) throws -> Router {
        guard let router else {
            throw Failure(
                description: """
                    \(command) needs your route table, and this \(name) was built without one.
                    Add an executable target to your package that runs the tool with your router
                    (see the README, "Installation": MailRoutes is the library of your routes):
                        SwitchyardTool(router: try MailRoutes.router(), appIDs: ["ABCDE12345.com.example.mail"], host: "mail.example.com").main()
                    and run it instead: swift run <that target> \(command) …
                    """)
        }
        return router
    }

    /// The file at `path` (`-`: standard input), as iOS reads it: refused over the size limit,
    /// and with a one-line message when it is not an `apple-app-site-association` file.
    private func read(_ path: String, standardInput: () -> Data) throws -> AppSiteAssociation {
        let data: Data
        if path == "-" {
            data = standardInput()
        } else {
            guard let contents = FileManager.default.contents(atPath: path) else {
                throw Failure(description: "cannot read \(path)")
            }
            data = contents
        }
        let name = path == "-" ? "standard input" : path
        guard data.count <= AppSiteAssociation.sizeLimit else {
            throw Failure(
                description:
                    "\(name): \(data.count) bytes, over \(Self.limitText): iOS does not read the file")
        }
        do {
            return try AppSiteAssociation(json: data)
        } catch {
            throw Failure(description: "\(name): \(error.message)")
        }
    }

    /// `over Apple's 128 KB limit (131072 bytes)`.
    private static var limitText: String {
        "Apple's \(AppSiteAssociation.sizeLimit / 1024) KB limit (\(AppSiteAssociation.sizeLimit) bytes)"
    }

    /// Refuses an app ID iOS would ignore.
    private static func checkAppID(_ appID: String) throws(ToolArguments.UsageError) {
        if let problem = problem(ofAppID: appID, given: "--app-id") {
            throw ToolArguments.UsageError(message: problem)
        }
    }

    /// Why iOS ignores an entry naming `appID`, with the `TEAMID.bundle.id` form to write, or
    /// `nil` for a well-formed ID: a team ID (10 uppercase letters or digits), a dot, and a
    /// bundle ID of one or more dot-separated parts.
    static func problem(ofAppID appID: String, given place: String) -> String? {
        let parts = appID.split(separator: ".", omittingEmptySubsequences: false)
        let prefix = parts[0]
        let bundle = parts.dropFirst()
        let isTeamID =
            prefix.count == 10 && prefix.allSatisfy { $0.isASCII && ($0.isUppercase || $0.isNumber) }
        if isTeamID && !bundle.isEmpty && bundle.allSatisfy({ !$0.isEmpty }) { return nil }
        if isTeamID {
            return "\(place) \(appID) has no bundle ID after its team ID (or an empty part); "
                + "write TEAMID.bundle.id, like \(prefix).com.example.mail"
        }
        // A prefix shaped like a mistyped team ID (letters and digits, with a digit; 10 of them or
        // all uppercase) is replaced in the example; another prefix is the bundle ID's start.
        let looksLikeTeamID =
            !bundle.isEmpty && prefix.contains(where: \.isNumber)
            && prefix.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
            && (prefix.count == 10 || !prefix.contains(where: \.isLowercase))
        let example = "ABCDE12345." + (looksLikeTeamID ? bundle.joined(separator: ".") : appID)
        return "\(place) \(appID) has no team ID prefix (10 uppercase letters or digits), and iOS ignores "
            + "an entry without one; write TEAMID.bundle.id, like \(example)"
    }

    /// `note: 2 private routes reach mail.example.com and are left out of the file: …`, or `nil`
    /// when none does: a route left private by mistake would otherwise vanish silently.
    static func privateRoutesNote(router: Router, host: String) -> String? {
        let routes = router.privateRoutes(reachingHost: host)
        guard !routes.isEmpty else { return nil }
        let list = routes.map(\.label).joined(separator: ", ")
        return routes.count == 1
            ? "note: 1 private route reaches \(host) and is left out of the file: \(list); "
                + "mark it isPublic: true if links should open it"
            : "note: \(routes.count) private routes reach \(host) and are left out of the file: \(list); "
                + "mark them isPublic: true if links should open them"
    }

    /// A note when no entry of `file` names `appID`: then no link opens for that app.
    static func unnamedAppNote(_ appID: String, file: AppSiteAssociation) -> String? {
        let apps = file.applinks.details.flatMap(\.appIDs)
        guard !apps.contains(appID) else { return nil }
        var seen: Set<String> = []
        let named = apps.filter { seen.insert($0).inserted }
        return "note: no applinks entry names \(appID); the file names "
            + (named.isEmpty ? "no app" : named.joined(separator: ", "))
    }
}
