import Foundation
import Testing

/// Keeps CONTRIBUTING's walk of one URL ("Where things live") true as code moves: the steps are as
/// many as the walk says, its folder visits are numbered up to the figure `scripts/walk` measured
/// (CI checks that figure), every file a step names is in that step's folder, and every function
/// named after a file (`File.swift`, `run` → `route`) is declared in that file.
@Suite("Docs: CONTRIBUTING's walk names files and functions that exist")
struct ContributingWalkTests {
    static let root = SnippetSyncTests.root
    static let sources = root.appendingPathComponent("Sources/Routing")

    /// One numbered step: its folder, the folder visits it makes (`(visits 7–8)`), and its text.
    struct Step: CustomStringConvertible {
        let number: Int
        let folder: String
        var visits: [Int] = []
        let text: String
        var description: String { "step \(number) (\(folder))" }
    }

    /// The walk: from "One URL, file by file" to the next heading.
    static func walk() throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent("CONTRIBUTING.md"), encoding: .utf8)
        let start = try #require(text.range(of: "One URL, file by file:"))
        let end = try #require(text.range(of: "\n## ", range: start.upperBound..<text.endIndex))
        return String(text[start.lowerBound..<end.lowerBound])
    }

    /// The numbered steps, each with the lines that continue it.
    static func steps(of walk: String) -> [Step] {
        var steps: [Step] = []
        var current: (number: Int, folder: String, visits: [Int], lines: [String])?
        func finish() {
            if let step = current {
                steps.append(
                    Step(
                        number: step.number, folder: step.folder, visits: step.visits,
                        text: step.lines.joined(separator: " ")))
            }
            current = nil
        }
        for line in walk.split(separator: "\n", omittingEmptySubsequences: false) {
            if let match = line.wholeMatch(
                of: /(\d+)\. (?:↩ )?\*\*(\w+)\*\*(?: \(visits? (\d+)(?:–(\d+))?\))?: (.*)/)
            {
                finish()
                let first = match.3.flatMap { Int($0) }
                let last = match.4.flatMap { Int($0) } ?? first
                let visits = first.map { Array($0...max($0, last ?? $0)) } ?? []
                current = (Int(match.1) ?? 0, String(match.2), visits, [String(match.5)])
            } else if line.hasPrefix("   "), current != nil {
                current?.lines.append(line.trimmingCharacters(in: .whitespaces))
            } else {
                finish()
            }
        }
        finish()
        return steps
    }

    /// The files a text names, each with the functions named after it: `File.swift`, then `a`
    /// (after `, ` or ` (`), then each name after a `→ ` (`run` → `timed` (a note) → `route`).
    static func namedFiles(in text: String) -> [(file: String, functions: [String])] {
        var named: [(file: String, functions: [String])] = []
        let tokens = text.matches(of: /`([^`]+)`/)
        for (index, token) in tokens.enumerated() {
            let name = String(token.1)
            if name.hasSuffix(".swift") {
                named.append((name, []))
                continue
            }
            guard !named.isEmpty, index > 0, name.wholeMatch(of: /[a-z][A-Za-z]*/) != nil else { continue }
            let between = text[tokens[index - 1].range.upperBound..<token.range.lowerBound]
            let previous = String(tokens[index - 1].1)
            let followsFile = previous.hasSuffix(".swift") && (between == ", " || between == " (")
            let followsArrow = !named[named.count - 1].functions.isEmpty && between.hasSuffix("→ ")
            if followsFile || followsArrow { named[named.count - 1].functions.append(name) }
        }
        return named
    }

    static func declares(_ source: String, _ function: String) -> Bool {
        (try? Regex("(func|var|case) \(function)\\b")).map { source.contains($0) } ?? false
    }

    @Test("the walk has as many steps as it says, numbered in order")
    func stepCount() throws {
        let walk = try Self.walk()
        let steps = Self.steps(of: walk)
        let said = try #require(walk.firstMatch(of: /the walk is (\d+) steps/)).1
        #expect(steps.count == Int(said), "the walk says \(said) steps and numbers \(steps.count)")
        #expect(steps.map(\.number) == Array(1...max(steps.count, 1)))
    }

    @Test("the steps number the folder visits in order, up to the figure the walk states")
    func visitsNumbered() throws {
        let walk = try Self.walk()
        let stated = try #require(walk.firstMatch(of: /the engine's part makes (\d+) folder visits/)).1
        let visits = Self.steps(of: walk).flatMap(\.visits)
        #expect(visits == Array(1...max(Int(stated) ?? 1, 1)), "the steps number \(visits)")
    }

    @Test("every file a step names is in its folder, with the functions named after it")
    func namesExist() throws {
        let steps = Self.steps(of: try Self.walk())
        #expect(steps.count > 10)
        var checked = 0
        for step in steps {
            for (file, functions) in Self.namedFiles(in: step.text) {
                let path = file.contains("/") ? file : "\(step.folder)/\(file)"
                let url = Self.sources.appendingPathComponent(path)
                guard let source = try? String(contentsOf: url, encoding: .utf8) else {
                    Issue.record("\(step): Sources/Routing/\(path) does not exist")
                    continue
                }
                for function in functions {
                    #expect(Self.declares(source, function), "\(step): \(path) declares no \(function)")
                    checked += 1
                }
            }
        }
        #expect(checked > 20, "the walk names \(checked) functions")
    }

    @Test("the paragraph after the steps names files that exist")
    func elsewhereFilesExist() throws {
        let walk = try Self.walk()
        let elsewhere = try #require(walk.range(of: "Elsewhere on the same path:"))
        let files = Self.namedFiles(in: String(walk[elsewhere.lowerBound...])).map(\.file)
        #expect(files.count >= 4)
        for file in files {
            #expect(
                FileManager.default.fileExists(atPath: Self.sources.appendingPathComponent(file).path),
                "Sources/Routing/\(file) does not exist")
        }
    }

    /// The check itself: a moved file or a renamed function must fail it.
    @Test("a file or function that moved is caught")
    func movedNamesAreCaught() throws {
        let pipeline = try String(
            contentsOf: Self.sources.appendingPathComponent("Pipeline/RequestPipeline.swift"), encoding: .utf8
        )
        #expect(Self.declares(pipeline, "run"))
        #expect(!Self.declares(pipeline, "noSuchStep"))
        let moved = Self.namedFiles(in: "`RequestPipeline.swift`, `run` → `noSuchStep`, and `Gone.swift`")
        #expect(moved.map(\.file) == ["RequestPipeline.swift", "Gone.swift"])
        #expect(moved.first?.functions == ["run", "noSuchStep"])
        let sample = [
            "1. **Pipeline**: `A.swift`, `f`", "   continued", "2. ↩ **URL** (visits 3–4): x",
            "3. **URL** (visit 5): y",
        ].joined(separator: "\n")
        let steps = Self.steps(of: sample)
        #expect(steps.map(\.folder) == ["Pipeline", "URL", "URL"])
        #expect(steps.map(\.visits) == [[], [3, 4], [5]])
    }
}
