// swift-tools-version: 6.0
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "Switchyard",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "Switchyard", targets: ["Switchyard"]),
        .library(name: "SwitchyardMiddlewares", targets: ["SwitchyardMiddlewares"]),
        .library(name: "SwitchyardPolicies", targets: ["SwitchyardPolicies"]),
        .library(name: "SwitchyardControllers", targets: ["SwitchyardControllers"]),
        .library(name: "SwitchyardTool", targets: ["SwitchyardTool"]),
        .executable(name: "switchyard", targets: ["SwitchyardCLI"]),
        .executable(name: "Example", targets: ["Example"]),
    ],
    targets: [
        .target(name: "Switchyard", path: "Sources/Routing", swiftSettings: strict),
        .target(
            name: "SwitchyardMiddlewares", dependencies: ["Switchyard"], path: "Sources/Middlewares",
            swiftSettings: strict),
        .target(
            name: "SwitchyardPolicies", dependencies: ["Switchyard"], path: "Sources/Policies",
            swiftSettings: strict),
        .target(
            name: "SwitchyardControllers", dependencies: ["Switchyard"], path: "Sources/Controllers",
            swiftSettings: strict),
        .target(
            name: "SwitchyardTool", dependencies: ["Switchyard"], path: "Sources/Tool", swiftSettings: strict),
        .executableTarget(
            name: "SwitchyardCLI", dependencies: ["SwitchyardTool"], path: "Sources/CLI",
            swiftSettings: strict),
        .executableTarget(
            name: "Example",
            dependencies: [
                "Switchyard", "SwitchyardMiddlewares", "SwitchyardPolicies", "SwitchyardControllers",
                "SwitchyardTool",
            ],
            path: "Example", exclude: ["README.md", "well-known"], swiftSettings: strict),
        .testTarget(
            name: "SwitchyardTests", dependencies: ["Switchyard"], path: "Tests/SwitchyardTests",
            swiftSettings: strict),
        .testTarget(
            name: "SwitchyardMiddlewaresTests", dependencies: ["SwitchyardMiddlewares"],
            path: "Tests/SwitchyardMiddlewaresTests", swiftSettings: strict),
        .testTarget(
            name: "SwitchyardPoliciesTests", dependencies: ["SwitchyardPolicies"],
            path: "Tests/SwitchyardPoliciesTests", swiftSettings: strict),
        .testTarget(
            name: "SwitchyardControllersTests", dependencies: ["SwitchyardControllers"],
            path: "Tests/SwitchyardControllersTests", swiftSettings: strict),
        .testTarget(
            name: "SwitchyardToolTests", dependencies: ["SwitchyardTool"], path: "Tests/SwitchyardToolTests",
            swiftSettings: strict),
        // Tests the Example app through `@testable import Example`: its tour and its arguments.
        .testTarget(
            name: "ExampleTests", dependencies: ["Example"], path: "Tests/ExampleTests",
            swiftSettings: strict),
    ]
)
