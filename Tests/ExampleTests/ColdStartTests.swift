import Foundation
import Switchyard
import SwitchyardMiddlewares
import Testing

@testable import Example

// Starting and killing a process needs `Process` and signals, which iOS, tvOS, watchOS and
// visionOS do not have: those tests build on macOS and Linux only.
#if os(Linux)
    import Glibc
#elseif os(macOS)
    import Darwin
#endif

/// Links held at a cold start and opened after sign-in: in the tour, across two launches, and
/// across a process killed right after `hold` returned.
@Suite("Example: cold start")
struct ColdStartTests {
    @Test("the tour holds three links at launch and opens each once after sign-in")
    func tourSection() async throws {
        let coldStart = try ColdStart(pendingFile: nil)
        for arrival in ColdStart.arrivals {
            try await coldStart.receive(arrival.url, from: arrival.source)
        }
        #expect(await coldStart.pending.count == 3)
        let responses = try await coldStart.signIn(as: "ada")
        #expect(responses.map(\.status) == [.ok, .ok, .notFound], "the private draft stays invisible")
        #expect(responses.map(\.request.source) == ColdStart.arrivals.map(\.source))
        #expect(await coldStart.pending.count == 0)
        #expect(try await coldStart.signIn(as: "ada").isEmpty, "at most once")
        let section = try await ColdStart.tourSection()
        #expect(section.contains("A cold start: 3 links arrive before the inbox is up"))
    }

    @Test("hold, then sign-in at the next launch: the link opens once, with its source")
    func twoLaunches() async throws {
        let file = try Self.temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let held = await CommandLineInterface.run([
            "hold", "https://mail.example.com/messages/7", "--pending", file.path, "--from",
            "com.example.chat",
        ])
        #expect(held.status == 0)
        #expect(
            held.output.hasPrefix(
                "held https://mail.example.com/messages/7 from external(com.example.chat): 1 waiting"))
        let opened = await CommandLineInterface.run(["sign-in", "--pending", file.path])
        #expect(opened.output.contains("200 OK  https://mail.example.com/messages/7  message 7"))
        let again = await CommandLineInterface.run(["sign-in", "--pending", file.path])
        #expect(again.output == "signed in as ada; no link was waiting\n")
        #expect(
            await CommandLineInterface.run(["hold", "mailapp://inbox"]).status == 2, "--pending is required")
    }

    static func temporaryFile() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("cold-start-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("pending-links.jsonl")
    }
}

#if os(macOS) || os(Linux)
    extension ColdStartTests {
        /// The crash-safety promise of `PendingLinks`: a process killed (SIGKILL, no chance to clean
        /// up) right after `hold` returned still has the link at the next launch.
        @Test("a link held by a process killed right after hold returns opens at the next launch")
        func killedAfterHold() async throws {
            let file = try Self.temporaryFile()
            defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
            let example = try #require(
                Self.exampleExecutable(), "the Example executable is built with the tests")
            let child = Process()
            child.executableURL = example
            child.arguments = [
                "hold", "https://mail.example.com/messages/7", "--pending", file.path, "--external",
            ]
            let input = Pipe()
            let output = Pipe()
            child.standardInput = input
            child.standardOutput = output
            try child.run()
            // `hold` prints once the link is held, then waits on standard input, which stays open.
            var printed = ""
            while !printed.contains("\n") {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                printed += String(decoding: chunk, as: UTF8.self)
            }
            #expect(printed.hasPrefix("held https://mail.example.com/messages/7 from external: 1 waiting"))
            kill(child.processIdentifier, SIGKILL)
            child.waitUntilExit()
            #expect(child.terminationReason == .uncaughtSignal)
            #expect(child.terminationStatus == SIGKILL)

            #expect(try await PendingLinks(file: file).count == 1)
            let opened = await CommandLineInterface.run(["sign-in", "--pending", file.path])
            #expect(opened.output.contains("200 OK  https://mail.example.com/messages/7  message 7"))
            #expect(try await PendingLinks(file: file).count == 0, "delivered at most once")
        }

        /// The Example binary, next to the test bundle in the build directory.
        static func exampleExecutable() -> URL? {
            var directories = [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()]
            // macOS runs the tests from a `.xctest` bundle inside the build directory.
            directories += Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map {
                $0.bundleURL.deletingLastPathComponent()
            }
            return directories.map { $0.appendingPathComponent("Example") }.first {
                FileManager.default.isExecutableFile(atPath: $0.path)
            }
        }
    }
#endif
