import Foundation

/// An append-only file that rotates by size: `name.ext` → `name.1.ext` → … → `name.(n-1).ext`.
///
/// Not thread-safe on its own: ``History`` owns one and uses it from its actor only.
final class RotatingFile {
    let url: URL
    let maxBytes: Int
    let maxFiles: Int
    private var handle: FileHandle?
    private var size = 0

    init(url: URL, maxBytes: Int, maxFiles: Int) {
        self.url = url
        self.maxBytes = maxBytes
        self.maxFiles = maxFiles
    }

    deinit {
        try? handle?.close()
    }

    /// The path of the file `index` rotations old: `history.jsonl`, `history.1.jsonl`, …
    static func path(of url: URL, index: Int) -> URL {
        guard index > 0 else { return url }
        let ext = url.pathExtension
        let base = url.deletingPathExtension().lastPathComponent
        let name = ext.isEmpty ? "\(base).\(index)" : "\(base).\(index).\(ext)"
        return url.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Appends `line` with one write, rotating first if it would take the file past `maxBytes`.
    func append(_ line: Data) throws {
        if handle == nil { try open() }
        if size > 0 && size + line.count > maxBytes {
            try rotate()
        }
        guard let handle else { return }
        do {
            try handle.write(contentsOf: line)
            size += line.count
        } catch {
            // A partial write may have left half a line: reopen, which starts a fresh line.
            close()
            throw error
        }
    }

    func close() {
        try? handle?.close()
        handle = nil
    }

    private func open() throws {
        let manager = FileManager.default
        if !manager.fileExists(atPath: url.path) {
            guard manager.createFile(atPath: url.path, contents: nil) else {
                throw CocoaError(.fileWriteUnknown)
            }
        }
        let handle = try FileHandle(forUpdating: url)
        let end = try handle.seekToEnd()
        if end > 0 {
            try handle.seek(toOffset: end - 1)
            let last = try handle.read(upToCount: 1)
            try handle.seekToEnd()
            if last != Data([0x0A]) {
                try handle.write(contentsOf: Data([0x0A]))
            }
        }
        self.size = Int(try handle.offset())
        self.handle = handle
    }

    private func rotate() throws {
        close()
        let manager = FileManager.default
        let oldest = Self.path(of: url, index: maxFiles - 1)
        if manager.fileExists(atPath: oldest.path) {
            try manager.removeItem(at: oldest)
        }
        if maxFiles > 1 {
            for index in stride(from: maxFiles - 2, through: 0, by: -1) {
                let from = Self.path(of: url, index: index)
                if manager.fileExists(atPath: from.path) {
                    try manager.moveItem(at: from, to: Self.path(of: url, index: index + 1))
                }
            }
        }
        try open()
    }
}
