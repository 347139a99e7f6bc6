import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Pushes written data all the way to the disk, so that it survives a power cut and not only a
/// killed process: the one place ``PendingLinkFile`` asks for that.
///
/// A killed process loses nothing the kernel already has; a power cut loses what is still in the
/// kernel's cache or the drive's. `fsync` empties the first everywhere, but on Apple platforms it
/// leaves the second: there only `fcntl(F_FULLFSYNC)` reaches the disk. And a `rename` lives in
/// the directory, which needs a flush of its own.
enum DiskFlush {
    /// A system call that failed, a flush or the `rename` it protects, with its `errno`. Its
    /// description (`fsync: Input/output error`) is the reason of
    /// ``PendingLinksError/unwritableFile(_:reason:)``.
    struct Failure: LocalizedError, Equatable {
        let call: String
        let code: Int32

        var errorDescription: String? {
            "\(call): \(String(cString: strerror(code)))"
        }
    }

    /// Flushes the file or directory open at `descriptor` to the disk: `F_FULLFSYNC` where it
    /// exists, falling back to `fsync` when the file system refuses it (network and some external
    /// volumes do), and `fsync` elsewhere.
    static func flush(_ descriptor: CInt) throws(Failure) {
        #if canImport(Darwin)
            if fcntl(descriptor, F_FULLFSYNC) == 0 { return }
        #endif
        guard fsync(descriptor) == 0 else { throw Failure(call: "fsync", code: errno) }
    }

    /// Opens `directory`, flushes it with `flush` and closes it: after a `rename` inside it, so
    /// that the new name, not only the new file's bytes, is on the disk.
    static func flushDirectory(
        _ directory: URL, with flush: (CInt) throws(Failure) -> Void
    ) throws(Failure) {
        let descriptor = open(directory.path, O_RDONLY | O_DIRECTORY)
        guard descriptor >= 0 else { throw Failure(call: "open \(directory.path)", code: errno) }
        defer { close(descriptor) }
        try flush(descriptor)
    }
}
