import Switchyard

/// The host a command works for, checked before it is used: a tool must not write or pass a file
/// for a host the router does not serve, or for a URL where a host belongs.
extension SwitchyardTool {
    /// `--host`, which must be a host name: a URL or a host with a port never equals a link's
    /// host. Such a host fails the command (exit 1), as a host the router does not serve does, so
    /// that a script that checks for failure catches both; a missing value is a usage error (2).
    static func hostOption(_ arguments: inout ToolArguments) throws -> String? {
        guard let host = try arguments.value(of: "--host") else { return nil }
        if let problem = formProblem(of: host, given: "--host") { throw Failure(description: problem) }
        return host
    }

    /// Refuses the host the tool was created with, before any command runs: it is not an
    /// argument the user can correct, so it fails (exit 1) naming `SwitchyardTool(host:)`, not a
    /// `--host` nobody passed. Without a router, only its form is checked.
    func checkDefaultHost() throws {
        guard let host else { return }
        let place = "SwitchyardTool(host:)"
        if let problem = Self.formProblem(of: host, given: place) { throw Failure(description: problem) }
        if let router, let unserved = Self.unserved(host, router: router) {
            throw Failure(description: "\(place) \(host): the router does not serve this host; \(unserved)")
        }
    }

    /// Why `host` is not a host name (it has a scheme, a port or a path), with the host the text
    /// holds, or `nil`.
    static func formProblem(of host: String, given place: String) -> String? {
        guard host.contains("/") || host.contains(":") else { return nil }
        // `https://mail.example.com:443/x`: the part after the scheme, up to a port or a path.
        let afterScheme = host.range(of: "://").map { host[$0.upperBound...] } ?? host[...]
        let name = afterScheme.prefix { $0 != "/" && $0 != ":" }
        let hint = name.isEmpty ? "" : "; did you mean '\(name)'?"
        return "\(place) \(host): give the host name only, without scheme, port or path\(hint)"
    }

    /// The hosts the router serves and those near `host`, when it does not serve `host`; `nil`
    /// when it does (wildcard entries included: `*.example.com` serves `acme.example.com`, `*`
    /// every host).
    ///
    /// `it serves *.teams.example.com, mail.example.com; did you mean 'mail.example.com'?`
    static func unserved(_ host: String, router: Router) -> String? {
        if router.servesHost(host) { return nil }
        let served = router.configuration.hosts.sorted()
        if served.isEmpty { return "it serves no web host (add the domain to the configuration's hosts)" }
        let written = host.lowercased()
        // A wildcard entry is compared as the host it would serve with the written first label.
        let firstLabel = written.split(separator: ".", maxSplits: 1).first.map(String.init) ?? written
        let candidates = served.map { entry in
            entry.hasPrefix("*.") ? firstLabel + entry.dropFirst() : entry.lowercased()
        }
        return "it serves " + served.joined(separator: ", ")
            + Suggestions.didYouMean(written, in: candidates.filter { router.servesHost($0) })
    }

    /// Why no link to `host` can open in the app: a host the router does not serve (a
    /// mistyped `--host`?), with the hosts it does serve, or a host whose routes are all private.
    static func noPublicRoute(reaching host: String, router: Router) -> String {
        let text = "no public route reaches \(host), so the file cannot open any link to it"
        guard let unserved = unserved(host, router: router) else {
            guard let note = privateRoutesNote(router: router, host: host) else {
                return text + ": no route is for links to it"
            }
            return text + ": the routes links to it reach are all private\n" + note
        }
        if router.configuration.hosts.isEmpty {
            return text + ": the router serves no web host (add the domain to the configuration's hosts)"
        }
        return text + ": the router does not serve it (a mistyped --host?); " + unserved
    }
}
