import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file behind ``PendingLinks``: one JSON line per held link (see ``PendingLink``), oldest
/// first.
///
/// Every write is flushed to the disk (``DiskFlush``) before it returns, so a link is in the file
/// once ``PendingLinks`` says it is held, and out of it once a delivery takes it, even across a
/// power cut. Removals replace the whole file through a temporary file in the same directory and
/// `rename(2)`, so a crash leaves either the old file or the new one, never half of each: the
/// temporary file is flushed before the rename, and the directory after it.
///
/// Not thread-safe on its own: a ``PendingLinks`` owns one and uses it from its actor only.
struct PendingLinkFile {
    let url: URL
    /// Flushes an open file or directory to the disk: ``DiskFlush/flush(_:)``, or a recorder in
    /// tests, which check what is flushed when.
    private let flush: (CInt) throws(DiskFlush.Failure) -> Void
    /// Set when a write failed part-way and may have left a partial line at the end, or a file
    /// other than the one memory holds: the next write replaces the file instead of appending, so
    /// no later line glues onto a torn one.
    private var needsReplace = false

    init(url: URL, flush: @escaping (CInt) throws(DiskFlush.Failure) -> Void = DiskFlush.flush) {
        self.url = url
        self.flush = flush
    }

    /// The links in the file, in file order. Lines that do not decode (a torn last line, a line
    /// from a newer format, garbage) are skipped; a missing file holds none.
    func load() throws(PendingLinksError) -> [PendingLink] {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch CocoaError.fileReadNoSuchFile {
            return []
        } catch {
            throw .unreadableFile(url, reason: error.localizedDescription)
        }
        let decoder = JSONDecoder()
        return data.split(separator: 0x0A).compactMap { PendingLink(line: Data($0), decoder: decoder) }
    }

    /// Appends `link`'s line and flushes it to disk. `all` is every link the file must hold
    /// afterwards, `link` last: when the file cannot simply be appended to, it is replaced by them.
    mutating func append(_ link: PendingLink, all: [PendingLink]) throws(PendingLinksError) {
        guard !needsReplace else { return try replace(with: all) }
        do {
            let handle = try FileHandle(forWritingTo: url)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: link.line)
            try flush(handle.fileDescriptor)
        } catch {
            // A deleted file, or half a line written: start over from what memory holds.
            needsReplace = true
            try replace(with: all)
        }
    }

    /// Replaces the file with `links`' lines: writes them to a temporary file in the same
    /// directory, flushes it, renames it over the file, and flushes the directory.
    mutating func replace(with links: [PendingLink]) throws(PendingLinksError) {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            var contents = Data(capacity: links.reduce(0) { $0 + $1.line.count })
            for link in links {
                contents += link.line
            }
            try contents.write(to: temporary)
            let handle = try FileHandle(forWritingTo: temporary)
            defer { try? handle.close() }
            try flush(handle.fileDescriptor)
            guard rename(temporary.path, url.path) == 0 else {
                throw DiskFlush.Failure(call: "rename", code: errno)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw .unwritableFile(url, reason: error.localizedDescription)
        }
        do {
            try DiskFlush.flushDirectory(directory, with: flush)
        } catch {
            // The new file is in place but its name may not be on the disk: the caller keeps what
            // it had in memory, so the next write rewrites the file from that.
            needsReplace = true
            throw .unwritableFile(url, reason: error.localizedDescription)
        }
        needsReplace = false
    }
}
