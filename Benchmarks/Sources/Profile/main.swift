// A harness-free driver for profilers: runs Switchyard on one benchmark workload in a tight loop.
//
//     swift build -c release --scratch-path .build-bench --product Profile
//     valgrind --tool=callgrind --toggle-collect='*measured*' \
//         .build-bench/release/Profile GitHubAll 200
//
// The first argument is a workload of the Routing benchmarks (`GitHubAll`, `StaticAll`, `DeepLinks`,
// `Param5`, …), `Pattern:Param`, `Pattern:Suffix` or `Pattern:GlobTail`, `Links:Unscoped` or
// `Links:Scoped3Hosts` or `Links:HostParams` as in the Pipeline benchmarks,
// `Links:International` (links to four hosts that are not ASCII, each as written and capitalized), or
// `Send:<stages>` or `Send:Decline3` for `Connection.send` as in the Pipeline benchmarks,
// `Send:DeclineGroup3` for three declines within one group of routes (here only), `Stack:Depth3` for
// `Connection.sendStack` of a link two parents deep, `Decode:MessageLink` and
// `Decode:ByHand` for a typed link read by `decode` and by hand, or `Init:<routes>` for
// `Router.init` of a generated table as in the Pipeline benchmarks; the second is
// the number of ops (default 1,000). Only the functions named `measured…` are worth collecting: the
// rest is setup. Unlike the benchmark executables this one does not load the malloc interposer, which
// valgrind cannot run with. The top level never awaits: an async `main` parks the main thread in
// Dispatch's signal thread, which valgrind does not survive, so sends run in a task it waits for.

import BenchmarkSupport
import Dispatch
import Switchyard

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@inline(never)
func measuredMatches(_ router: Router, _ paths: [String], ops: Int) -> Int {
    var found = 0
    for _ in 0..<ops {
        for path in paths where router.match(path) != nil {
            found &+= 1
        }
    }
    return found
}

@inline(never)
func measuredSends(_ router: Router, _ url: String, ops: Int) async -> Int {
    var succeeded = 0
    for _ in 0..<ops where await Connection.send(url, router: router).status.isSuccess {
        succeeded &+= 1
    }
    return succeeded
}

@inline(never)
func measuredStacks(_ router: Router, _ url: String, ops: Int) async -> Int {
    var levels = 0
    for _ in 0..<ops {
        levels &+= await Connection.sendStack(url, router: router).count
    }
    return levels
}

/// Runs `body` in a task and blocks the (synchronous) main thread until it returns.
func waiting<Value: Sendable>(for body: @escaping @Sendable () async -> Value) -> Value {
    // Written by the task before `signal`, read after `wait`: the semaphore orders the two.
    nonisolated(unsafe) var result: Value?
    let done = DispatchSemaphore(value: 0)
    Task {
        result = await body()
        done.signal()
    }
    done.wait()
    return result!
}

@inline(never)
func measuredInits(_ routes: [Route], ops: Int) -> Int {
    var count = 0
    for _ in 0..<ops {
        count &+= (try? Router(routes: routes))?.routes.count ?? 0
    }
    return count
}

@inline(never)
func measuredDecodes(_ request: Request, ops: Int, byHand: Bool) -> Int {
    var ids = 0
    for _ in 0..<ops {
        let link = byHand ? try? MessageLink(byHand: request) : try? request.decode(MessageLink.self)
        ids &+= link?.id ?? 0
    }
    return ids
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first else {
    print(
        "usage: Profile <workload | Pattern:<kind> | Links:<Unscoped|Scoped3Hosts|HostParams|International> | Send:<stages> | Send:Decline3 | Send:DeclineGroup3 | Stack:Depth3 | Decode:MessageLink | Decode:ByHand | Init:<routes>> [ops]"
    )
    exit(64)
}
let ops = arguments.dropFirst().first.flatMap { Int($0) } ?? 1_000

if name.hasPrefix("Init:"), let count = Int(name.dropFirst("Init:".count)) {
    let routes = GeneratedRoutes.make(count)
    let built = measuredInits(routes, ops: ops)
    precondition(built == count * ops, "\(name): \(built) routes in \(ops) routers")
    print("\(name): \(ops) routers of \(count) routes")
} else if name == "Stack:Depth3" {
    let router = try StackRouter.make()
    let levels = waiting { await measuredStacks(router, SendRouter.url, ops: ops) }
    precondition(levels == 3 * ops, "Stack:Depth3: \(levels) levels in \(ops) stacks")
    print("Stack:Depth3: \(ops) stacks of 3")
} else if name == "Send:Decline3" {
    let router = try DeclineRouter.make()
    let response = waiting { await Connection.send(SendRouter.url, router: router) }
    precondition(response.status == .ok && response.request.route?.pattern == DeclineRouter.pattern)
    let succeeded = waiting { await measuredSends(router, SendRouter.url, ops: ops) }
    print("\(name): \(succeeded) of \(ops) sends succeeded")
} else if name == "Send:DeclineGroup3" {
    let router = try DeclineGroupRouter.make()
    let response = waiting { await Connection.send(SendRouter.url, router: router) }
    precondition(response.status == .ok && response.request.route?.name == "answer")
    let succeeded = waiting { await measuredSends(router, SendRouter.url, ops: ops) }
    print("\(name): \(succeeded) of \(ops) sends succeeded")
} else if name.hasPrefix("Send:"), let stages = Int(name.dropFirst("Send:".count)) {
    let router = try SendRouter.make(stages: stages)
    let response = waiting { await Connection.send(SendRouter.url, router: router) }
    precondition(response.status == .ok && response.request.route?.pattern == SendRouter.pattern)
    let succeeded = waiting { await measuredSends(router, SendRouter.url, ops: ops) }
    print("\(name): \(succeeded) of \(ops) sends succeeded")
} else if name == "Decode:MessageLink" || name == "Decode:ByHand" {
    let request = waiting { try! await MessageLink.request() }
    let ids = measuredDecodes(request, ops: ops, byHand: name.hasSuffix("ByHand"))
    print("\(name): \(ids / 77121) of \(ops) decodes")
} else if name == "Links:Unscoped" || name == "Links:Scoped3Hosts" {
    let scoped = name.hasSuffix("Scoped3Hosts")
    let router = try LinkRouters.router(scoped: scoped)
    let urls = LinkRouters.urls(scoped: scoped)
    for (url, pattern) in urls { precondition(router.match(url)?.route.pattern == pattern, "\(url)") }
    let found = measuredMatches(router, urls.map(\.url), ops: ops)
    print("\(name): \(found) matches in \(ops) ops of \(urls.count) requests")
} else if name == "Links:HostParams" {
    let router = try LinkRouters.hostParameterRouter()
    let urls = LinkRouters.hostParameterURLs()
    for (url, pattern) in urls { precondition(router.match(url)?.route.pattern == pattern, "\(url)") }
    precondition(router.match(urls[0].url)?.params["tenant"] == LinkRouters.tenant, "\(urls[0].url)")
    let found = measuredMatches(router, urls.map(\.url), ops: ops)
    print("\(name): \(found) matches in \(ops) ops of \(urls.count) requests")
} else if name == "Links:International" {
    // Hosts that are not plain ASCII take the host parser's mapping (UTS #46) on every link.
    let hosts = ["bücher.example", "straße.example", "日本語.example", "ñandú.example"]
    let served = [
        "xn--bcher-kva.example", "xn--strae-oqa.example", "xn--wgv71a119e.example", "xn--and-6ma2c.example",
    ]
    let router = try Router(
        routes: [Route("/books/:id", isPublic: true) { Response(request: $0) }],
        configuration: .init(hosts: Set(served)))
    let urls = hosts.flatMap {
        ["https://\($0)/books/7", "https://\($0.prefix(1).uppercased() + $0.dropFirst())/books/7"]
    }
    for url in urls { precondition(router.match(url)?.route.pattern == "/books/:id", "\(url)") }
    let found = measuredMatches(router, urls, ops: ops)
    print("\(name): \(found) matches in \(ops) ops of \(urls.count) requests")
} else if name.hasPrefix("Pattern:"),
    let probe = PatternRoutes.probes.first(where: { "Pattern:\($0.kind)" == name })?.probe
{
    let router = try Router(routes: PatternRoutes.make())
    precondition(router.match(probe.path)?.route.pattern == probe.pattern, "\(probe.path)")
    let found = measuredMatches(router, [probe.path], ops: ops)
    print("\(name): \(found) matches in \(ops) ops of 1 request")
} else if let workload = Workloads.named(name) {
    let router = try Router(routes: workload.routes.map { Route($0) { Response(request: $0) } })
    for probe in workload.probes {
        let pattern = router.match(probe.path)?.route.pattern
        precondition(
            pattern == probe.expected.map { workload.routes[$0] },
            "\(probe.path) reached \(pattern ?? "nothing")")
    }
    let found = measuredMatches(router, workload.probes.map(\.path), ops: ops)
    print("\(name): \(found) matches in \(ops) ops of \(workload.probes.count) requests")
} else {
    print("unknown workload '\(name)'")
    exit(64)
}
