// swift-tools-version: 6.1
// Side-by-side benchmarks for Switchyard. This is a separate package so that the main package stays
// dependency-free: third-party routers and the benchmark harness appear only here.
import PackageDescription

let package = Package(
    name: "SwitchyardBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Switchyard", path: ".."),
        .package(
            url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/vapor/routing-kit.git", from: "4.9.3"),
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
    ],
    targets: [
        // The workloads (route sets, requests, generated tables), shared by the targets below.
        .target(
            name: "BenchmarkSupport",
            dependencies: [.product(name: "Switchyard", package: "Switchyard")],
            resources: [.copy("Resources")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        // Router.match side by side with routing-kit, Hummingbird's trie, a dictionary, a byte loop.
        .executableTarget(
            name: "Routing",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Switchyard", package: "Switchyard"),
                .product(name: "RoutingKit", package: "routing-kit"),
                .product(name: "Hummingbird", package: "hummingbird"),
            ],
            path: "Benchmarks/Routing",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Connection.send end to end, parameter access, Router.init, route-count scaling.
        .executableTarget(
            name: "Pipeline",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "Switchyard", package: "Switchyard"),
            ],
            path: "Benchmarks/Pipeline",
            swiftSettings: [.swiftLanguageMode(.v6)],
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // Not a benchmark: Switchyard on one workload in a tight loop, for callgrind and perf.
        .executableTarget(
            name: "Profile",
            dependencies: ["BenchmarkSupport", .product(name: "Switchyard", package: "Switchyard")],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ]
)
