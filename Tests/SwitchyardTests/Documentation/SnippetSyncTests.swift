import Foundation
import Testing

/// Keeps documentation from drifting: every line of every ```swift block in README.md and in the
/// DocC catalogs must appear in the snippet tests under `Tests/*/Documentation/`, which compile and
/// run that code. A changed snippet fails here until its test changes too, and the reverse.
@Suite("Docs: every Swift block is compiled")
struct SnippetSyncTests {
    /// The repository root, found from this file (`Tests/SwitchyardTests/Documentation/…`).
    static let root = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// README.md and every article of every catalog, relative to the root.
    static var documents: [String] {
        let manager = FileManager.default
        var paths = ["README.md"]
        for module in (try? manager.contentsOfDirectory(atPath: root.appendingPathComponent("Sources").path))
            ?? []
        {
            let sources = root.appendingPathComponent("Sources").appendingPathComponent(module)
            for catalog in (try? manager.contentsOfDirectory(atPath: sources.path)) ?? []
            where catalog.hasSuffix(".docc") {
                let files =
                    (try? manager.contentsOfDirectory(atPath: sources.appendingPathComponent(catalog).path))
                    ?? []
                paths += files.filter { $0.hasSuffix(".md") }.map { "Sources/\(module)/\(catalog)/\($0)" }
            }
        }
        return paths.sorted()
    }

    /// The trimmed lines of every snippet test.
    static func compiledLines() throws -> Set<String> {
        let manager = FileManager.default
        let tests = root.appendingPathComponent("Tests")
        var lines: Set<String> = []
        for target in try manager.contentsOfDirectory(atPath: tests.path) {
            let directory = tests.appendingPathComponent(target).appendingPathComponent("Documentation")
            for file in (try? manager.contentsOfDirectory(atPath: directory.path)) ?? []
            where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                lines.formUnion(text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) })
            }
        }
        return lines
    }

    /// The non-empty, trimmed lines of the document's ```swift blocks.
    static func swiftLines(of document: String) throws -> [String] {
        let text = try String(contentsOf: root.appendingPathComponent(document), encoding: .utf8)
        var inSwift = false
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("```") {
                inSwift = !inSwift && trimmed == "```swift"
            } else if inSwift && !trimmed.isEmpty {
                lines.append(trimmed)
            }
        }
        return lines
    }

    @Test("the documents are found")
    func documentsFound() {
        #expect(Self.documents.contains("README.md"))
        #expect(Self.documents.contains("Sources/Routing/Switchyard.docc/GettingStarted.md"))
    }

    @Test("every line of every Swift block is in a snippet test", arguments: documents)
    func compiled(document: String) throws {
        let compiled = try Self.compiledLines()
        let missing = try Self.swiftLines(of: document).filter { !compiled.contains($0) }
        #expect(missing.isEmpty, "\(document): lines in no snippet test:\n\(missing.joined(separator: "\n"))")
    }
}
