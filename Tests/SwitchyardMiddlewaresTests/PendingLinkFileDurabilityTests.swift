import Foundation
import Testing

@testable import SwitchyardMiddlewares

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What survives a power cut: ``PendingLinkFile`` flushes an appended line before it returns, a
/// replacing file before its `rename`, and the directory after it. A recorder stands in for the
/// flush and looks, at each call, at what is flushed and at what the file's path holds; the real
/// ``DiskFlush`` is checked on its own (`F_FULLFSYNC` itself runs on Apple platforms only).
struct PendingLinkFileDurabilityTests {
    /// One flush, as the recorder saw it.
    struct Flush: Equatable {
        /// `"directory"`, or the URLs the flushed file holds.
        var flushed: String
        /// The URLs in the file at the path, or `"absent"`, at the time of the flush.
        var atPath: String
    }

    /// Records every flush of a ``PendingLinkFile`` of `url`; throws EIO at call `failingAt`.
    final class Recorder {
        let url: URL
        let failingAt: Int?
        var flushes: [Flush] = []
        /// The inodes flushed, in order, to tell which file ended up at the path.
        var inodes: [UInt64] = []
        private var calls = 0

        init(url: URL, failingAt: Int? = nil) {
            self.url = url
            self.failingAt = failingAt
        }

        func flush(_ descriptor: CInt) throws(DiskFlush.Failure) {
            let call = calls
            calls += 1
            if call == failingAt { throw DiskFlush.Failure(call: "fsync", code: EIO) }
            var info = stat()
            #expect(fstat(descriptor, &info) == 0)
            let isDirectory = info.st_mode & S_IFMT == S_IFDIR
            let flushed =
                isDirectory
                ? (inode(of: url.deletingLastPathComponent()) == UInt64(info.st_ino)
                    ? "directory" : "another directory")
                : contents(ofInode: UInt64(info.st_ino))
            flushes.append(Flush(flushed: flushed, atPath: Self.urls(at: url)))
            inodes.append(UInt64(info.st_ino))
        }

        /// The URLs in the file of the path's directory that has inode `inode`.
        func contents(ofInode inode: UInt64) -> String {
            let directory = url.deletingLastPathComponent()
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            let match = names.map { directory.appendingPathComponent($0) }.first {
                self.inode(of: $0) == inode
            }
            return match.map(Self.urls(at:)) ?? "not in the directory"
        }

        func inode(of url: URL) -> UInt64? {
            var info = stat()
            return stat(url.path, &info) == 0 ? UInt64(info.st_ino) : nil
        }

        static func urls(at url: URL) -> String {
            guard FileManager.default.fileExists(atPath: url.path) else { return "absent" }
            return ((try? PendingLinksTests.urls(in: url)) ?? ["unreadable"]).joined(separator: " ")
        }
    }

    static func link(_ url: String) throws -> PendingLink {
        try PendingLink(InterruptedLink(url: url, source: .app), arrival: PendingLinksTests.start)
    }

    @Test func aReplacementIsFlushedBeforeItsRenameAndTheDirectoryAfter() throws {
        let url = try PendingLinksTests.file()
        let recorder = Recorder(url: url)
        var file = PendingLinkFile(url: url, flush: recorder.flush)
        try file.replace(with: [try Self.link("/a")])
        try file.replace(with: [try Self.link("/a"), try Self.link("/b")])
        #expect(
            recorder.flushes == [
                Flush(flushed: "/a", atPath: "absent"),
                Flush(flushed: "directory", atPath: "/a"),
                Flush(flushed: "/a /b", atPath: "/a"),
                Flush(flushed: "directory", atPath: "/a /b"),
            ])
        #expect(recorder.inodes[2] == recorder.inode(of: url), "the flushed file is the one renamed")
    }

    @Test func anAppendedLineIsFlushedBeforeAppendReturns() throws {
        let url = try PendingLinksTests.file()
        let recorder = Recorder(url: url)
        var file = PendingLinkFile(url: url, flush: recorder.flush)
        try file.replace(with: [try Self.link("/a")])
        try file.append(try Self.link("/b"), all: [try Self.link("/a"), try Self.link("/b")])
        #expect(recorder.flushes.dropFirst(2) == [Flush(flushed: "/a /b", atPath: "/a /b")])
        #expect(recorder.inodes.last == recorder.inode(of: url), "appended in place, no rename")
    }

    /// A flush that fails before the rename (call 0, the replacing file) leaves the old file, which
    /// the next write appends to; one that fails after it (call 1, the directory) leaves the new
    /// file, which the next write replaces with what the caller still holds. Either way the caller
    /// hears why.
    @Test(arguments: [
        (0, "/a", Flush(flushed: "/a /c", atPath: "/a /c")),
        (1, "/a /b", Flush(flushed: "directory", atPath: "/a /c")),
    ])
    func aFailedFlushThrowsAndTheNextWriteMatchesMemory(failingAt: Int, left: String, next: Flush) throws {
        let url = try PendingLinksTests.file()
        var file = PendingLinkFile(url: url)
        try file.replace(with: [try Self.link("/a")])
        let recorder = Recorder(url: url, failingAt: failingAt)
        file = PendingLinkFile(url: url, flush: recorder.flush)
        let reason = "fsync: \(String(cString: strerror(EIO)))"
        #expect(throws: PendingLinksError.unwritableFile(url, reason: reason)) {
            try file.replace(with: [try Self.link("/a"), try Self.link("/b")])
        }
        #expect(Recorder.urls(at: url) == left)
        let names = try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
        #expect(names == [url.lastPathComponent], "no temporary file is left behind")

        try file.append(try Self.link("/c"), all: [try Self.link("/a"), try Self.link("/c")])
        #expect(Recorder.urls(at: url) == "/a /c")
        #expect(recorder.flushes.last == next)
    }

    @Test func theRealFlushReachesFilesAndDirectoriesAndReportsFailures() throws {
        let url = try PendingLinksTests.file()
        var file = PendingLinkFile(url: url)
        try file.replace(with: [try Self.link("/a")])
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        try DiskFlush.flush(handle.fileDescriptor)
        try DiskFlush.flushDirectory(url.deletingLastPathComponent(), with: DiskFlush.flush)

        #expect(throws: DiskFlush.Failure(call: "fsync", code: EBADF)) { try DiskFlush.flush(-1) }
        let missing = url.deletingLastPathComponent().appendingPathComponent("missing")
        #expect(throws: DiskFlush.Failure(call: "open \(missing.path)", code: ENOENT)) {
            try DiskFlush.flushDirectory(missing, with: DiskFlush.flush)
        }
    }
}

/// Regression: `F_FULLFSYNC` fell back to `fsync` on any error, so an `EIO` from the disk was
/// hidden and `hold` reported a link held that a power cut could lose. Only a file system without
/// the full flush (`ENOTSUP`, `EINVAL`) falls back now; the system calls are injected, as
/// `F_FULLFSYNC` exists on Apple platforms only.
struct DiskFlushFallbackTests {
    /// What the full flush answers, and whether `fsync` ran and what the flush threw.
    @Test(arguments: [
        (Int32(0), false, nil),
        (ENOTSUP, true, nil),
        (EINVAL, true, nil),
        (EIO, false, DiskFlush.Failure(call: "fcntl(F_FULLFSYNC)", code: EIO)),
        (EBADF, false, DiskFlush.Failure(call: "fcntl(F_FULLFSYNC)", code: EBADF)),
    ])
    func onlyAMissingFullFlushFallsBackToFsync(full: Int32, fsyncRuns: Bool, failure: DiskFlush.Failure?) {
        var plainCalls = 0
        let thrown: DiskFlush.Failure?
        do {
            try DiskFlush.flush(
                7, full: { _ in full },
                plain: { _ in
                    plainCalls += 1; return 0
                })
            thrown = nil
        } catch {
            thrown = error
        }
        #expect(plainCalls == (fsyncRuns ? 1 : 0))
        #expect(thrown == failure)
    }

    @Test func aFallbackFsyncThatFailsIsReported() {
        #expect(throws: DiskFlush.Failure(call: "fsync", code: EIO)) {
            try DiskFlush.flush(7, full: { _ in ENOTSUP }, plain: { _ in EIO })
        }
    }

    /// The whole path: an `EIO` from the full flush fails `hold`, whose error says so, and the link
    /// is not held.
    @Test func anIOErrorFromTheFullFlushFailsTheHold() async throws {
        let url = try PendingLinksTests.file()
        let disk = FailingDisk()
        let pending = try PendingLinks(
            file: url, timeToLive: .seconds(600), capacity: 16, now: { PendingLinksTests.start },
            flush: { descriptor throws(DiskFlush.Failure) in
                try DiskFlush.flush(descriptor, full: { _ in disk.fullFlushAnswer }, plain: { _ in 0 })
            })
        disk.fullFlushAnswer = EIO
        let reason = "fcntl(F_FULLFSYNC): \(String(cString: strerror(EIO)))"
        await #expect(throws: PendingLinksError.unwritableFile(url, reason: reason)) {
            try await pending.hold("/messages/7")
        }
        #expect(await pending.count == 0)
    }

    /// The answer the injected full flush gives, changed once the holder is created.
    final class FailingDisk: @unchecked Sendable {
        // `@unchecked Sendable` is safe: `answer` is only read and written while holding `lock`.
        private let lock = NSLock()
        private var answer: Int32 = 0

        var fullFlushAnswer: Int32 {
            get { lock.withLock { answer } }
            set { lock.withLock { answer = newValue } }
        }
    }
}
