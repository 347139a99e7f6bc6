import Foundation
import Testing

@testable import SwitchyardMiddlewares

/// ``PendingLinks/init(file:timeToLive:capacity:)`` refuses limits and files it cannot use,
/// with a ``PendingLinksError`` that names the value or the file.
struct PendingLinksErrorTests {
    static let invalid: [(capacity: Int, seconds: Int64, error: PendingLinksError)] = [
        (0, 600, .invalidCapacity(0)),
        (-1, 600, .invalidCapacity(-1)),
        (16, 0, .invalidTimeToLive(.zero)),
        (16, -5, .invalidTimeToLive(.seconds(-5))),
    ]

    @Test(arguments: invalid)
    func invalidLimitsThrow(capacity: Int, seconds: Int64, error: PendingLinksError) {
        #expect(throws: error) { try PendingLinks(timeToLive: .seconds(seconds), capacity: capacity) }
    }

    @Test func aFileInAMissingDirectoryThrows() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID())")
        let file = missing.appendingPathComponent("pending-links.jsonl")
        let error = #expect(throws: PendingLinksError.self) { try PendingLinks(file: file) }
        guard case .unwritableFile(let url, _) = error else {
            Issue.record("expected unwritableFile, got \(String(describing: error))")
            return
        }
        #expect(url == file)
        #expect(error?.description.hasPrefix("pending links: cannot write \(file.path): ") == true)
    }

    @Test func aDirectoryInPlaceOfTheFileThrows() throws {
        let directory = try temporaryDirectory()
        let error = #expect(throws: PendingLinksError.self) { try PendingLinks(file: directory) }
        guard case .unreadableFile(let url, _) = error else {
            Issue.record("expected unreadableFile, got \(String(describing: error))")
            return
        }
        #expect(url == directory)
    }
}
