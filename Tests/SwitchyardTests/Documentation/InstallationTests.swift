import Foundation
import Testing

/// The manifest lines of the README's "Installation" section and of Getting Started ("Add the
/// package"), kept true: every product they name is one this package declares, the package
/// name matches the URL's last path component (SwiftPM's package identity), and the version is
/// the newest in the CHANGELOG.
@Suite("Docs: installation")
struct InstallationTests {
    static let manifestLines = """
        // Package.swift
        dependencies: [
            .package(url: "https://github.com/switchyard/switchyard.git", from: "0.2.0"),
        ],
        targets: [
            .target(
                name: "MailRouting",
                dependencies: [
                    .product(name: "Switchyard", package: "switchyard"),
                    .product(name: "SwitchyardPolicies", package: "switchyard"),
                ]
            ),
        ]
        """

    static func text(of file: String) throws -> String {
        try String(contentsOf: SnippetSyncTests.root.appendingPathComponent(file), encoding: .utf8)
    }

    /// The values of `label: "…"` in `text`, in order.
    static func values(of label: String, in text: String) -> [String] {
        text.components(separatedBy: label + ": \"").dropFirst().compactMap {
            $0.components(separatedBy: "\"").first
        }
    }

    @Test func everyNamedProductIsDeclared() throws {
        let manifest = try Self.text(of: "Package.swift")
        let declared = Set(Self.values(of: ".library(name", in: manifest))
        let named = Self.values(of: ".product(name", in: Self.manifestLines)
        #expect(named == ["Switchyard", "SwitchyardPolicies"])
        #expect(declared.isSuperset(of: named), "declared: \(declared.sorted())")
    }

    @Test func thePackageNameIsTheURLsIdentity() throws {
        let url = try #require(Self.values(of: ".package(url", in: Self.manifestLines).first)
        let identity = try #require(URL(string: url)?.deletingPathExtension().lastPathComponent)
        #expect(Set(Self.values(of: "package", in: Self.manifestLines)) == [identity.lowercased()])
    }

    @Test func theVersionIsTheNewestInTheChangelog() throws {
        let changelog = try Self.text(of: "CHANGELOG.md")
        let newest = try #require(
            changelog.split(separator: "\n").first { $0.hasPrefix("## ") }?.dropFirst(3)
                .split(separator: " ").first)
        #expect(Self.values(of: "from", in: Self.manifestLines) == [String(newest)])
    }

    @Test(arguments: ["README.md", "Sources/Routing/Switchyard.docc/GettingStarted.md"])
    func theDocumentShowsTheseLines(document: String) throws {
        let text = try Self.text(of: document)
        for line in Self.manifestLines.split(separator: "\n") {
            #expect(text.contains(line.trimmingCharacters(in: .whitespaces)), "\(document) lacks \(line)")
        }
    }
}
