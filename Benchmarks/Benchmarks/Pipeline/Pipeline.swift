import Benchmark
import BenchmarkSupport
import Foundation
import Switchyard

// The pipeline around the matcher: `Connection.send` end to end, reading parameters, building a
// `Router`, and whether the cost of a match depends on the number of routes.
//
// Names are "<group>:<case>", without spaces or slashes (thresholds files are named after them).
// Unless a configuration says otherwise, one op = one request and every measured iteration runs
// 1,000 ops (`scalingFactor: .kilo`).

/// Set `SWITCHYARD_BENCH_QUICK=1` for a short run (the malloc threshold check: counts are exact).
let isQuick = ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_QUICK"] != nil

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: isQuick ? 1 : 5,
        scalingFactor: .kilo,
        maxDuration: isQuick ? .milliseconds(50) : .seconds(1),
        maxIterations: isQuick ? 5 : 10_000
    )

    // MARK: Connection.send, end to end from a URL string

    // One malloc per send (the request). The async harness now and then adds one of its own per
    // measured iteration of 1,000 sends, hence a tolerance of 5: a second malloc per send would
    // add 1,000.
    var sendConfiguration = Benchmark.defaultConfiguration
    sendConfiguration.thresholds = [.mallocCountTotal: .init(absolute: [.p90: 5])]
    for stages in [0, 2, 4, 8] {
        Benchmark("Send:\(stages)Stages", configuration: sendConfiguration) {
            (benchmark: Benchmark, router: Router) async in
            for _ in benchmark.scaledIterations {
                blackHole(await Connection.send(SendRouter.url, router: router))
            }
        } setup: {
            let router = try SendRouter.make(stages: stages)
            let response = await Connection.send(SendRouter.url, router: router)
            precondition(
                response.status == .ok && response.request.route?.pattern == SendRouter.pattern
                    && response.request.params["folder_id"] == "Archive 2024",
                "Send:\(stages)Stages: \(SendRouter.url) gave \(response.status) for \(String(describing: response.request.route?.pattern))"
            )
            return router
        }
    }

    // Three candidates decline before the fourth answers: one walk to the first, one enumeration,
    // four chains. Guarded like the other sends: the candidate list, each thrown decline and each
    // candidate's request allocate, a fixed number of times per send.
    Benchmark("Send:Decline3", configuration: sendConfiguration) {
        (benchmark: Benchmark, router: Router) async in
        for _ in benchmark.scaledIterations {
            blackHole(await Connection.send(SendRouter.url, router: router))
        }
    } setup: {
        let router = try DeclineRouter.make()
        let response = await Connection.send(SendRouter.url, router: router)
        precondition(
            response.status == .ok && response.request.route?.pattern == DeclineRouter.pattern
                && router.candidates(SendRouter.url).count == 4,
            "Send:Decline3: \(SendRouter.url) gave \(response.status) for \(String(describing: response.request.route?.pattern))"
        )
        return router
    }

    // A link two parents deep: `sendStack` sends it, builds its two ancestors' URLs by reverse
    // routing and sends them. Three requests, so three mallocs per op at least; the threshold file
    // holds the exact count.
    Benchmark("Stack:Depth3", configuration: sendConfiguration) {
        (benchmark: Benchmark, router: Router) async in
        for _ in benchmark.scaledIterations {
            blackHole(await Connection.sendStack(SendRouter.url, router: router))
        }
    } setup: {
        let router = try StackRouter.make()
        let stack = await Connection.sendStack(SendRouter.url, router: router)
        precondition(
            stack.map { $0.request.route?.name ?? "-" } == StackRouter.names,
            "Stack:Depth3: \(SendRouter.url) gave \(stack.map(\.status))")
        return router
    }

    // MARK: Links: what scopes and private routes cost (one op = every probe once)

    for scoped in [false, true] {
        Benchmark(scoped ? "Links:Scoped3Hosts" : "Links:Unscoped") {
            (benchmark: Benchmark, setup: (router: Router, urls: [String])) in
            for _ in benchmark.scaledIterations {
                for url in setup.urls { blackHole(setup.router.match(url)) }
            }
        } setup: {
            let router = try LinkRouters.router(scoped: scoped)
            let urls = LinkRouters.urls(scoped: scoped)
            for (url, pattern) in urls {
                let reached = router.match(url)?.route.pattern
                precondition(reached == pattern, "\(url) reached \(reached ?? "nothing"), not \(pattern)")
            }
            return (router, urls.map(\.url))
        }
    }
    // The scoped table with a parameter in every host entry: each match also reads the host
    // parameter and appends its value to the parameters' source string, which allocates (7
    // mallocs a match; the threshold file holds the count).
    Benchmark("Links:HostParams") { (benchmark: Benchmark, setup: (router: Router, urls: [String])) in
        for _ in benchmark.scaledIterations {
            for url in setup.urls { blackHole(setup.router.match(url)) }
        }
    } setup: {
        let router = try LinkRouters.hostParameterRouter()
        let urls = LinkRouters.hostParameterURLs()
        for (url, pattern) in urls {
            let reached = router.match(url)?.route.pattern
            precondition(reached == pattern, "\(url) reached \(reached ?? "nothing"), not \(pattern)")
        }
        let tenant = router.match(urls[0].url)?.params["tenant"]
        precondition(tenant == LinkRouters.tenant, "\(urls[0].url) gave tenant \(tenant ?? "nothing")")
        return (router, urls.map(\.url))
    }
    for external in [false, true] {
        let source: Source = external ? .external(sourceApplication: nil) : .app
        Benchmark(external ? "Links:External" : "Links:InApp") {
            (benchmark: Benchmark, setup: (router: Router, paths: [String])) in
            for _ in benchmark.scaledIterations {
                for path in setup.paths { blackHole(setup.router.match(path, source: source)) }
            }
        } setup: {
            let (router, paths) = try LinkRouters.halfPrivate()
            for (path, pattern) in paths {
                let reached = router.match(path, source: source)?.route.pattern
                precondition(reached == pattern, "\(path) reached \(reached ?? "nothing"), not \(pattern)")
            }
            return (router, paths.map(\.path))
        }
    }

    // MARK: Reading parameters of a match

    let cases: [(name: String, path: String, parameter: String, expected: String)] = [
        ("Subscript", "/messages/77121", "message_id", "77121"),
        ("SubscriptEscaped", "/search/invoice%20from%20acme", "query", "invoice from acme"),
    ]
    for (name, path, parameter, expected) in cases {
        Benchmark("Params:\(name)") { (benchmark: Benchmark, params: Parameters) in
            for _ in benchmark.scaledIterations {
                blackHole(params[parameter])
            }
        } setup: {
            let params = try ParameterRouter.params(path)
            precondition(
                params[parameter] == expected,
                "Params:\(name): \(path) does not give \(parameter) = \(expected)")
            return params
        }
    }
    Benchmark("Params:RequireInt") { (benchmark: Benchmark, params: Parameters) throws in
        for _ in benchmark.scaledIterations {
            blackHole(try params.require("message_id", as: Int.self))
        }
    } setup: {
        let params = try ParameterRouter.params("/messages/77121")
        precondition(
            (try? params.require("message_id", as: Int.self)) == 77121,
            "Params:RequireInt: /messages/77121 does not give message_id = 77121")
        return params
    }

    // MARK: Typed requests: `decode` next to the same three reads by hand

    Benchmark("Decode:MessageLink") { (benchmark: Benchmark, request: Request) throws in
        for _ in benchmark.scaledIterations {
            blackHole(try request.decode(MessageLink.self))
        }
    } setup: {
        try await MessageLink.request()
    }
    Benchmark("Decode:ByHand") { (benchmark: Benchmark, request: Request) throws in
        for _ in benchmark.scaledIterations {
            blackHole(try MessageLink(byHand: request))
        }
    } setup: {
        try await MessageLink.request()
    }

    // MARK: Router.init: time, allocations and memory for generated route tables

    // `memoryLeakedBytes` is what the router keeps: it is released only after the measurement.
    // 200 routes is the size of a real app's table. One op is one init, whose malloc count is
    // exact and guarded (`scripts/benchmarks check`): a tolerance of 2 absorbs a stray allocation
    // of a future runtime, while one more malloc per route (10 or more in all) fails.
    for count in [10, 200, 1_000, 10_000] {
        Benchmark(
            "Init:\(count)Routes",
            configuration: .init(
                metrics: [.wallClock, .mallocCountTotal, .mallocBytesCount, .memoryLeakedBytes],
                timeUnits: .microseconds,
                scalingFactor: .one,
                maxDuration: isQuick ? .milliseconds(50) : .seconds(2),
                maxIterations: isQuick ? 2 : 1_000,
                thresholds: [.mallocCountTotal: .init(absolute: [.p90: 2])]
            )
        ) { (benchmark: Benchmark, routes: [Route]) in
            benchmark.startMeasurement()
            let router = try! Router(routes: routes)
            benchmark.stopMeasurement()
            blackHole(router)
        } setup: {
            // The table is valid, and its last route is reachable.
            let routes = GeneratedRoutes.make(count)
            let last = routes[count - 1].pattern
            let path = last.split(separator: "/").map { $0.hasPrefix(":") ? "7" : $0 }.joined(separator: "/")
            let reached = try Router(routes: routes).match("/" + path)?.route.pattern
            precondition(reached == last, "Init:\(count)Routes: /\(path) reached \(reached ?? "nothing")")
            return routes
        }
    }

    // MARK: Match cost against the size of the route table (Architecture, "Performance and safety": within 1.5× from 10 to 10,000)

    for count in [10, 1_000, 10_000] {
        for (kind, probe) in GeneratedRoutes.probes {
            Benchmark("Scale:\(kind)\(count)Routes") { (benchmark: Benchmark, router: Router) in
                for _ in benchmark.scaledIterations {
                    blackHole(router.match(probe.path))
                }
            } setup: {
                let router = try Router(routes: GeneratedRoutes.make(count))
                let pattern = router.match(probe.path)?.route.pattern
                precondition(
                    pattern == probe.pattern,
                    "Scale:\(kind)\(count)Routes: \(probe.path) reached \(pattern ?? "nothing")")
                return router
            }
        }
    }

    // MARK: Route patterns: a parameter and a literal in one segment, a glob with a tail, next to a plain parameter on the same router

    // Matches of ≤ 8 parameters allocate nothing, whatever the pattern form (threshold 0).
    for (kind, probe) in PatternRoutes.probes {
        Benchmark("Pattern:\(kind)") { (benchmark: Benchmark, router: Router) in
            for _ in benchmark.scaledIterations {
                blackHole(router.match(probe.path))
            }
        } setup: {
            let router = try Router(routes: PatternRoutes.make())
            let pattern = router.match(probe.path)?.route.pattern
            precondition(
                pattern == probe.pattern, "Pattern:\(kind): \(probe.path) reached \(pattern ?? "nothing")")
            return router
        }
    }
}

/// The router of the `Params:` benchmarks.
enum ParameterRouter {
    static func params(_ path: String) throws -> Parameters {
        let router = try Router(routes: [
            Route("/messages/:message_id") { Response(request: $0) },
            Route("/search/:query") { Response(request: $0) },
        ])
        guard let params = router.match(path)?.params else {
            preconditionFailure("\(path) matches no route")
        }
        return params
    }
}
