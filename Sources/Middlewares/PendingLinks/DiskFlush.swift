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
    /// exists, and `fsync` elsewhere or where the file system does not support the full flush.
    static func flush(_ descriptor: CInt) throws(Failure) {
        #if canImport(Darwin)
            try flush(descriptor, full: { fcntl($0, F_FULLFSYNC) == 0 ? 0 : errno }, plain: plainFlush)
        #else
            try flush(descriptor, full: nil, plain: plainFlush)
        #endif
    }

    /// The rule ``flush(_:)`` applies, with the two system calls given (each returns 0 or the
    /// `errno` it failed with), so that it can be tested where `F_FULLFSYNC` does not exist.
    ///
    /// Only a file system that cannot do a full flush (network and some external volumes answer
    /// `ENOTSUP` or `EINVAL`) falls back to `fsync`: any other failure, `EIO` above all, means the
    /// data may not be on the disk, and a caller told otherwise would trust a link that a power
    /// cut can lose.
    static func flush(
        _ descriptor: CInt, full: ((CInt) -> Int32)?, plain: (CInt) -> Int32
    ) throws(Failure) {
        if let full {
            let code = full(descriptor)
            if code == 0 { return }
            guard code == ENOTSUP || code == EINVAL else {
                throw Failure(call: "fcntl(F_FULLFSYNC)", code: code)
            }
        }
        let code = plain(descriptor)
        guard code == 0 else { throw Failure(call: "fsync", code: code) }
    }

    private static func plainFlush(_ descriptor: CInt) -> Int32 {
        fsync(descriptor) == 0 ? 0 : errno
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
