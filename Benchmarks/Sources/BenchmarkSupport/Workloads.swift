import Foundation

/// One request of a workload: a path and the route it must reach.
public struct Probe: Sendable {
    /// The path handed to the router, still percent-encoded.
    public let path: String
    /// Index into ``Workload/routes`` of the route the path must reach; `nil` for a miss.
    public let expected: Int?

    /// A request of `path` that must reach `routes[expected]`, or nothing when `expected` is nil.
    public init(path: String, expected: Int?) {
        self.path = path
        self.expected = expected
    }
}

/// A route table and the requests sent to it. Every router under test gets exactly these.
public struct Workload: Sendable {
    /// The benchmark name prefix, without spaces or slashes (threshold files are named after it).
    public let name: String
    /// Patterns in registration order, `:name` parameters and a trailing `*name` glob.
    public let routes: [String]
    /// One benchmark operation: every probe once, in order.
    public let probes: [Probe]
    /// A parameter read after each match (go-http-routing-benchmark's "ParamWrite").
    public var readsParameter: String? = nil
    /// Whether routers without backtracking, parameter-name freedom or globs may fail this
    /// workload; they are left out of it rather than failing the run.
    public var mayBeUnsupported = false

    /// A workload called `name`: `routes` in registration order, and the probes of one op.
    public init(name: String, routes: [String], probes: [Probe]) {
        self.name = name
        self.routes = routes
        self.probes = probes
    }

    /// Every probe reaches a route without parameters: the case a whole-path dictionary handles.
    public var isStaticOnly: Bool {
        probes.allSatisfy { probe in
            guard let expected = probe.expected else { return false }
            return !routes[expected].contains(":") && !routes[expected].contains("*")
        }
    }
}

/// The route sets of julienschmidt/go-http-routing-benchmark (copied from `shared/routesets`),
/// its single requests, and our own deep-link set, loaded from the target's resources.
public enum Workloads {
    /// The "All" runs: one op = every route of the set once, with the pattern itself as the path
    /// (so `:owner` is the literal value), plus GitHub with its 36 excluded routes, and deep links.
    public static func all() -> [Workload] {
        let github = routeSet("github")
        var workloads = [
            allRun("StaticAll", routes: routeSet("static")),
            allRun("GitHubAll", routes: github),
            allRun("GPlusAll", routes: routeSet("gplus")),
            allRun("ParseAll", routes: routeSet("parse")),
        ]
        var full = allRun("GitHubFullAll", routes: github + routeSet("github-excluded"))
        full.mayBeUnsupported = true
        workloads.append(full)
        workloads.append(deepLinks())
        return workloads
    }

    /// The workload called `name`, from ``all()`` or ``singles()``.
    public static func named(_ name: String) -> Workload? {
        (all() + singles()).first { $0.name == name }
    }

    /// The single requests of `requests.txt`: static, 1, 2, 5 and 20 parameters.
    public static func singles() -> [Workload] {
        var sets: [String: [String]] = [:]
        return lines(of: "requests").map { line in
            // NAME ROUTESET METHOD PATH [(comment)] -> PATTERN [(comment)]
            let fields = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            precondition(fields.count >= 6, "requests.txt: cannot read '\(line)'")
            let (name, set, method, path) = (fields[0], fields[1], fields[2], fields[3])
            let requestPath = "/\(method)\(path)"
            guard let arrow = fields.firstIndex(of: "->"), arrow + 1 < fields.count else {
                preconditionFailure("requests.txt: no '-> pattern' in '\(line)'")
            }
            var pattern = "/\(method)\(fields[arrow + 1])"
            if pattern.contains("...") {
                // "/:a/:b/.../:t (20 params)": one parameter per request segment.
                pattern = "/\(method)" + path.split(separator: "/").map { "/:\($0)" }.joined()
            }
            let routes: [String]
            if set == "single" {
                routes = [pattern]
            } else {
                if sets[set] == nil { sets[set] = routeSet(set) }
                routes = sets[set]!
            }
            guard let expected = routes.firstIndex(of: pattern) else {
                preconditionFailure("requests.txt: \(pattern) is not a route of \(set)")
            }
            var workload = Workload(
                name: name, routes: routes, probes: [Probe(path: requestPath, expected: expected)])
            if line.contains("reads param") {
                let quoted = line.split(separator: "\"")
                precondition(quoted.count >= 2, "requests.txt: which parameter does '\(name)' read?")
                workload.readsParameter = String(quoted[1])
            }
            return workload
        }
    }

    private static func allRun(_ name: String, routes: [String]) -> Workload {
        Workload(
            name: name, routes: routes,
            probes: routes.indices.map { Probe(path: routes[$0], expected: $0) })
    }

    private static func deepLinks() -> Workload {
        var routes: [String] = []
        var probes: [Probe] = []
        for line in lines(of: "deeplinks") {
            let fields = line.split(separator: " ").map(String.init)
            switch fields.first {
            case "route" where fields.count == 2:
                routes.append(fields[1])
            case "request" where fields.count == 4 && fields[2] == "->":
                let expected = fields[3] == "-" ? nil : routes.firstIndex(of: fields[3])
                precondition(fields[3] == "-" || expected != nil, "deeplinks.txt: unknown route in '\(line)'")
                probes.append(Probe(path: fields[1], expected: expected))
            default:
                preconditionFailure("deeplinks.txt: cannot read '\(line)'")
            }
        }
        return Workload(name: "DeepLinks", routes: routes, probes: probes)
    }

    /// A route set file: `METHOD /p/:x` lines become the patterns `/METHOD/p/:x`.
    public static func routeSet(_ name: String) -> [String] {
        lines(of: name).map { line in
            let fields = line.split(separator: " ")
            precondition(fields.count == 2 && fields[1].hasPrefix("/"), "\(name).txt: cannot read '\(line)'")
            return fields[1] == "/" ? "/\(fields[0])" : "/\(fields[0])\(fields[1])"
        }
    }

    /// The non-empty, non-comment lines of a resource file.
    private static func lines(of resource: String) -> [String] {
        guard
            let url = Bundle.module.url(
                forResource: resource, withExtension: "txt", subdirectory: "Resources"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else {
            preconditionFailure("missing resource Resources/\(resource).txt")
        }
        return text.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
    }
}
