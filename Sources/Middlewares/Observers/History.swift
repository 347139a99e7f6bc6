import Foundation
import Switchyard

/// A ``RouteObserver`` that keeps a history of responses: one JSON line per response
/// appended to a file, rotated by size, plus the most recent entries in memory.
///
/// ```swift
/// let history = History(file: caches.appending(path: "history.jsonl"), maxFileSize: 512 * 1024, maxFiles: 3)
/// let router = try Router(routes: routes, configuration: .init(observers: [history]))
/// …
/// for entry in await history.recent() { print(entry.status, entry.url) }
/// ```
///
/// A line looks like this (keys sorted by their UTF-8 bytes, no spaces, numbers in Swift's
/// shortest form: `1.1`, `100`), with the same bytes on every OS:
///
/// ```json
/// {"durationMs":0.412,"route":"/messages/:id","source":"external","sourceApplication":"com.example.other",
///  "status":200,"time":"2025-01-02T03:04:05.678Z","url":"mailapp://messages/7?token=REDACTED"}
/// ```
///
/// Values of query items (and `key=value` fragments) whose names are in `redactedKeys`, and any
/// user-info of the URL, are written as `REDACTED`. Path segments are logged as they are: do not
/// put secrets in paths.
///
/// `History` is an actor: concurrent sends are recorded one at a time, each line written whole
/// with a single write, so lines never interleave. Rotation happens before a line that would
/// take the file past `maxFileSize`: `history.jsonl` becomes `history.1.jsonl`, `history.1.jsonl`
/// becomes `history.2.jsonl`, and so on; the oldest beyond `maxFiles` is deleted. Use one `History`
/// per file. Write errors never reach the pipeline; they are counted in ``failedWrites``.
public actor History: RouteObserver {
    /// The query keys whose values are redacted unless you choose others:
    /// `token`, `code`, `password`, `secret`, `access_token`.
    public static let defaultRedactedKeys: Set<String> = [
        "token", "code", "password", "secret", "access_token",
    ]

    /// The current log file, or `nil` for a history kept in memory only.
    public nonisolated let file: URL?
    /// The size in bytes at which the file rotates.
    public nonisolated let maxFileSize: Int
    /// How many files are kept, the current one included.
    public nonisolated let maxFiles: Int
    /// How many entries ``recent()`` keeps.
    public nonisolated let recentCapacity: Int

    private let redactor: URLRedactor
    private let now: @Sendable () -> Date
    private var buffer: RingBuffer<Entry>
    private var writer: RotatingFile?
    /// How many lines could not be written to the file (they are still in ``recent()``).
    public private(set) var failedWrites = 0

    /// Creates a history.
    ///
    /// - Parameters:
    ///   - file: Where to append lines, for example `…/history.jsonl`; its directory must exist.
    ///     `nil` keeps the history in memory only.
    ///   - maxFileSize: Bytes after which the file rotates (a single longer line still gets written).
    ///   - maxFiles: Files kept, the current one included; at least 1.
    ///   - recentCapacity: Entries kept in memory for ``recent()``.
    ///   - redactedKeys: Query keys whose values are replaced by `REDACTED`, compared ASCII
    ///     case-insensitively.
    ///   - now: The clock for entry times; inject one in tests.
    public init(
        file: URL?, maxFileSize: Int = 1 << 20, maxFiles: Int = 3, recentCapacity: Int = 100,
        redactedKeys: Set<String> = History.defaultRedactedKeys,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.file = file
        self.maxFileSize = max(1, maxFileSize)
        self.maxFiles = max(1, maxFiles)
        self.recentCapacity = max(0, recentCapacity)
        self.redactor = URLRedactor(keys: redactedKeys)
        self.now = now
        self.buffer = RingBuffer(capacity: max(0, recentCapacity))
        self.writer = file.map {
            RotatingFile(url: $0, maxBytes: max(1, maxFileSize), maxFiles: max(1, maxFiles))
        }
    }

    /// Records one response. ``Router`` calls this for every final response.
    public func didRespond(_ response: Response, duration: Duration) async {
        let request = response.request
        record(
            Entry(
                time: now(), source: request.source, url: redactor.redact(request.url),
                route: request.route?.pattern, status: response.status.code,
                durationMilliseconds: Self.milliseconds(duration)))
    }

    /// Appends an entry to the file and the in-memory buffer, as ``didRespond(_:duration:)`` does.
    /// The entry's URL is written as given: redact it yourself (``redact(_:)``).
    public func record(_ entry: Entry) {
        buffer.append(entry)
        guard let writer else { return }
        do {
            try writer.append(entry.jsonLine())
        } catch {
            failedWrites += 1
        }
    }

    /// The most recent entries, oldest first, at most `recentCapacity` of them.
    public func recent() -> [Entry] {
        buffer.elements
    }

    /// The URL with the values of this history's redacted keys, and any user-info, replaced by
    /// `REDACTED`.
    ///
    /// ```swift
    /// history.redact("mailapp://cb?code=123&state=x")   // "mailapp://cb?code=REDACTED&state=x"
    /// ```
    public nonisolated func redact(_ url: String) -> String {
        redactor.redact(url)
    }

    /// The files this history writes, newest first: `history.jsonl`, `history.1.jsonl`, … (only
    /// some may exist yet).
    public nonisolated var files: [URL] {
        guard let file else { return [] }
        return (0..<maxFiles).map { RotatingFile.path(of: file, index: $0) }
    }

    /// Closes the file; the next entry reopens it.
    public func close() {
        writer?.close()
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
