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
        // Not `switchyard`: Apple's file systems ignore case, and Xcode names build folders after
        // products, so `switchyard` and `Switchyard` would collide there. The Example app is an
        // executable target and not a product, so apps that depend on the package never see it;
        // `swift run Example` still runs it here. `scripts/package-names` keeps both true.
        .executable(name: "switchyard-cli", targets: ["SwitchyardCLI"]),
    ],
    targets: [
        .target(
            name: "Switchyard", path: "Sources/Routing",
            // Each folder says what it owns in a README (see CONTRIBUTING, "Where things live").
            exclude: [
                "README.md", "Vocabulary/README.md", "RouteTable/README.md", "URL/README.md",
                "Resolution/README.md", "Matching/README.md", "Pipeline/README.md",
                "ReverseRouting/README.md",
                "Typed/README.md", "AppSiteAssociation/README.md", "JSON/README.md", "Stacks/README.md",
                "Explain/README.md",
            ],
            swiftSettings: strict),
        .target(
            name: "SwitchyardMiddlewares", dependencies: ["Switchyard"], path: "Sources/Middlewares",
            exclude: ["README.md", "Observers/README.md"], swiftSettings: strict),
        .target(
            name: "SwitchyardPolicies", dependencies: ["Switchyard"], path: "Sources/Policies",
            exclude: ["README.md"], swiftSettings: strict),
        .target(
            name: "SwitchyardControllers", dependencies: ["Switchyard"], path: "Sources/Controllers",
            exclude: ["README.md"], swiftSettings: strict),
        .target(
            name: "SwitchyardTool", dependencies: ["Switchyard"], path: "Sources/Tool",
            exclude: ["README.md"],
            swiftSettings: strict),
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
            // The vendored AASA conformance corpus: read from the source tree by AppleConformanceTests.
            exclude: [
                "AppSiteAssociation/Conformance/cases.json", "AppSiteAssociation/Conformance/LICENSE",
                "AppSiteAssociation/Conformance/README.md",
                // The URL Standard's test data (WPT): read from the source tree by WebHostConformanceTests
                // and IdnaConformanceTests.
                "URL/WPT/urltestdata.json", "URL/WPT/IdnaTestV2.json", "URL/WPT/LICENSE", "URL/WPT/README.md",
                // Rails' recognition tests and WPT's URLPattern data: read from the source tree by
                // RailsConformanceTests and URLPatternConformanceTests.
                "Routing/Conformance/Rails/journey-cases.json", "Routing/Conformance/Rails/LICENSE",
                "Routing/Conformance/Rails/README.md",
                "Routing/Conformance/URLPattern/urlpatterntestdata.json",
                "Routing/Conformance/URLPattern/LICENSE", "Routing/Conformance/URLPattern/README.md",
            ],
            swiftSettings: strict),
        .testTarget(
            // SwitchyardPolicies for the Platform Integration article's sign-in snippet.
            name: "SwitchyardMiddlewaresTests",
            dependencies: ["SwitchyardMiddlewares", "SwitchyardPolicies"],
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
