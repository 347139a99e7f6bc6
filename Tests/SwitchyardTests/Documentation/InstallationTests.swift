import Foundation
import Testing

/// The app's `Package.swift` of the README's "Installation" section, shown again in Getting
/// Started ("Add the package") and in part in the SwitchyardTool article, kept true: every
/// product it names is one this package declares, `package:` is the URL's identity, the version
/// is the newest in the CHANGELOG, and the advice around it agrees. `scripts/readme-package`
/// builds the README's copy, found by its `<!-- readme-package: … -->` marker, as a package.
@Suite("Docs: installation")
struct InstallationTests {
    static let manifest = """
        // swift-tools-version: 6.0
        import PackageDescription

        let package = Package(
            name: "Mail",
            // Switchyard's minimums; macOS too, so that `swift run MailTool` builds on a Mac.
            platforms: [.iOS(.v16), .macOS(.v13)],
            products: [
                .library(name: "MailRoutes", targets: ["MailRoutes"])
            ],
            dependencies: [
                .package(url: "https://github.com/switchyard/switchyard.git", branch: "main")
            ],
            targets: [
                // The routes; add SwitchyardPolicies and the other modules as you use them.
                .target(
                    name: "MailRoutes",
                    dependencies: [.product(name: "Switchyard", package: "switchyard")]
                ),
                // `swift run MailTool aasa` prints the apple-app-site-association file of the routes.
                .executableTarget(
                    name: "MailTool",
                    dependencies: ["MailRoutes", .product(name: "SwitchyardTool", package: "switchyard")]
                ),
            ]
        )
        """

    /// The files `scripts/readme-package` takes from the README.
    static let packageFiles = [
        "Package.swift", "Sources/MailRoutes/MailRoutes.swift", "Sources/MailTool/main.swift",
    ]

    static func text(of file: String) throws -> String {
        try String(contentsOf: SnippetSyncTests.root.appendingPathComponent(file), encoding: .utf8)
    }

    /// The values of `label: "…"` in `text`, in order.
    static func values(of label: String, in text: String) -> [String] {
        text.components(separatedBy: label + ": \"").dropFirst().compactMap {
            $0.components(separatedBy: "\"").first
        }
    }

    /// The ```swift blocks of `document`, each with the line right before it (trimmed) and its
    /// lines without the block's indentation.
    static func swiftBlocks(of document: String) throws -> [(after: String, lines: [String])] {
        var blocks: [(after: String, lines: [String])] = []
        var previous = ""
        var current: (after: String, indent: Int, lines: [String])?
        for line in try text(of: document).split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var block = current {
                if trimmed == "```" {
                    blocks.append((block.after, block.lines))
                    current = nil
                } else {
                    block.lines.append(String(line.dropFirst(min(block.indent, line.count))))
                    current = block
                }
            } else if trimmed == "```swift" {
                current = (previous, line.count - trimmed.count, [])
            }
            previous = trimmed
        }
        return blocks
    }

    /// The README's block that `scripts/readme-package` writes to `file`.
    static func readmeBlock(for file: String) throws -> [String]? {
        try swiftBlocks(of: "README.md").first { $0.after == "<!-- readme-package: \(file) -->" }?.lines
    }

    /// The newest version the CHANGELOG names, released or not.
    static func newestVersion() throws -> String {
        let changelog = try text(of: "CHANGELOG.md")
        let newest = try #require(
            changelog.split(separator: "\n").first { $0.hasPrefix("## ") }?.dropFirst(3)
                .split(separator: " ").first)
        return String(newest)
    }

    @Test func everyNamedProductIsDeclared() throws {
        let manifest = try Self.text(of: "Package.swift")
        let declared = Set(Self.values(of: ".library(name", in: manifest))
        let named = Self.values(of: ".product(name", in: Self.manifest)
        #expect(named == ["Switchyard", "SwitchyardTool"])
        #expect(declared.isSuperset(of: named), "declared: \(declared.sorted())")
    }

    @Test func thePackageIsTheURLsIdentity() throws {
        let url = try #require(Self.values(of: ".package(url", in: Self.manifest).first)
        let identity = try #require(URL(string: url)?.deletingPathExtension().lastPathComponent)
        #expect(Set(Self.values(of: "package", in: Self.manifest)) == [identity.lowercased()])
        let readme = try Self.text(of: "README.md")
        #expect(readme.contains("`package: \"\(identity.lowercased())\"` is the dependency's identity"))
    }

    /// Regression: the manifest pinned `.upToNextMinor(from: "0.3.0")`, which no tag provides,
    /// while the same README said no version is tagged: it did not resolve as written. Until the
    /// newest version in the CHANGELOG is tagged, the manifest depends on `main`, and the text
    /// says what to write once it is.
    @Test func theManifestResolvesTodayAndTheTextNamesTheNewestVersion() throws {
        let newest = try Self.newestVersion()
        #expect(
            Self.manifest.contains(
                #".package(url: "https://github.com/switchyard/switchyard.git", branch: "main")"#))
        #expect(!Self.manifest.contains("from:"), "no version is tagged yet")
        for document in ["README.md", "Sources/Routing/Switchyard.docc/GettingStarted.md"] {
            let text = try Self.text(of: document).replacingOccurrences(of: "\n", with: " ")
            #expect(text.contains("\"Up to Next Minor Version\" from \(newest)"), "\(document)")
            #expect(text.contains("`.upToNextMinor(from: \"\(newest)\")`"), "\(document)")
            #expect(
                text.lowercased().contains("until \(newest) is tagged"),
                "\(document): no word on the untagged version")
            #expect(text.contains("`branch: \"main\"`"), "\(document)")
        }
    }

    @Test func theReadmeBlocksTheScriptBuildsAreMarked() throws {
        let marked = try Self.swiftBlocks(of: "README.md").map(\.after)
            .filter { $0.hasPrefix("<!-- readme-package:") }
        #expect(marked == Self.packageFiles.map { "<!-- readme-package: \($0) -->" })
        let markers = try Self.text(of: "README.md").components(separatedBy: "<!-- readme-package:").count - 1
        #expect(markers == Self.packageFiles.count, "a marker not right before a ```swift block")
    }

    @Test(arguments: ["README.md", "Sources/Routing/Switchyard.docc/GettingStarted.md"])
    func theDocumentShowsTheManifest(document: String) throws {
        let manifest = Self.manifest.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let shown =
            document == "README.md"
            ? try Self.readmeBlock(for: "Package.swift")
            : try Self.swiftBlocks(of: document).first?.lines
        #expect(shown == manifest)
    }

    @Test func theToolArticleShowsTheManifestsToolTarget() throws {
        let manifest = Set(
            Self.manifest.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
        let fragment = try #require(
            try Self.swiftBlocks(of: "Sources/Tool/SwitchyardTool.docc/SwitchyardTool.md").first)
        #expect(fragment.lines.first == ".executableTarget(")
        for line in fragment.lines {
            #expect(
                manifest.contains(line.trimmingCharacters(in: .whitespaces)), "not in the manifest: \(line)")
        }
    }
}
