import Foundation
import Switchyard

extension SwitchyardTool {
    /// Why a command could not run (not a usage mistake): exit status 1.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// `aasa`: the file for a domain, from the route table.
    func aasa(_ arguments: inout ToolArguments) throws -> Outcome {
        let givenIDs = try arguments.values(of: "--app-id")
        let host = try arguments.value(of: "--host") ?? host
        try arguments.finish()
        let router = try requireRouter(for: "aasa")
        let appIDs = givenIDs.isEmpty ? self.appIDs : givenIDs
        guard !appIDs.isEmpty else {
            throw ToolArguments.UsageError(message: "aasa needs --app-id <TEAM.bundle>")
        }
        guard let host else { throw ToolArguments.UsageError(message: "aasa needs --host <host>") }
        let file = router.appSiteAssociation(appIDs: appIDs, host: host)
        var warning = ""
        if file.applinks.details.allSatisfy(\.components.isEmpty) {
            warning = "warning: no public route reaches \(host) (is it in the configuration's hosts?)\n"
        }
        return Outcome(output: String(decoding: file.jsonData(), as: UTF8.self), errorOutput: warning)
    }

    /// `check-aasa`: the public routes a deployed file does not open.
    func checkAASA(_ arguments: inout ToolArguments, standardInput: () -> Data) throws -> Outcome {
        let host = try arguments.value(of: "--host") ?? host
        let path = try arguments.positional("a file (or - for standard input)")
        try arguments.finish()
        let router = try requireRouter(for: "check-aasa")
        guard let host else { throw ToolArguments.UsageError(message: "check-aasa needs --host <host>") }
        let file = try read(path, standardInput: standardInput)
        let coverage = router.coverage(of: file, host: host)
        var lines: [String] = []
        for entry in coverage {
            let name = entry.route.name.map { " (\($0))" } ?? ""
            switch (entry.link, entry.isCovered) {
            case (let link?, true): lines.append("  opened      \(entry.route.pattern)\(name)  \(link)")
            case (let link?, false): lines.append("  NOT OPENED  \(entry.route.pattern)\(name)  \(link)")
            case (nil, _):
                lines.append(
                    "  unchecked   \(entry.route.pattern)\(name)  (no sample link: a custom constraint?)")
            }
        }
        let gaps = coverage.filter { $0.link != nil && !$0.isCovered }.count
        let unchecked = coverage.filter { $0.link == nil }.count
        var summary = "\(host): \(coverage.count) public routes, \(gaps) not opened by the file"
        if unchecked > 0 { summary += ", \(unchecked) unchecked" }
        return Outcome(
            status: gaps == 0 ? 0 : 1, output: ([summary] + lines).joined(separator: "\n") + "\n")
    }

    /// `match`: what iOS does with each link, given a file. Needs no route table.
    func match(_ arguments: inout ToolArguments, standardInput: () -> Data) throws -> Outcome {
        let path = try arguments.positional("a file (or - for standard input)")
        let urls = arguments.rest()
        guard !urls.isEmpty else { throw ToolArguments.UsageError(message: "match needs at least one URL") }
        let file = try read(path, standardInput: standardInput)
        let lines = urls.map { "\($0): \(file.explanation(of: $0))" }
        let allOpened = urls.allSatisfy { file.matches($0) }
        return Outcome(status: allOpened ? 0 : 1, output: lines.joined(separator: "\n") + "\n")
    }

    private func requireRouter(for command: String) throws -> Router {
        guard let router else {
            throw Failure(
                description: """
                    \(command) needs your route table, and this \(name) was built without one.
                    Add an executable target to your package that runs the tool with your router
                    (see the README, "Installation": MailRoutes is the library of your routes):
                        SwitchyardTool(router: try MailRoutes.router(), appIDs: ["TEAM.bundle"], host: "example.com").main()
                    and run it instead: swift run <that target> \(command) …
                    """)
        }
        return router
    }

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
        do {
            return try JSONDecoder().decode(AppSiteAssociation.self, from: data)
        } catch {
            throw Failure(
                description: "\(path == "-" ? "standard input" : path) is not an applinks file: \(error)")
        }
    }
}
