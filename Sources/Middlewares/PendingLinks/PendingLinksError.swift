import Foundation

/// Why a ``PendingLinks`` could not be created or could not hold a link.
///
/// ```swift
/// do {
///     pending = try PendingLinks(file: caches.appending(path: "pending-links.jsonl"))
/// } catch {
///     // "pending links: cannot write /…/pending-links.jsonl: …"
///     log.error("\(String(describing: error))")
///     pending = try! PendingLinks()  // in memory only: without a file, only invalid limits throw
/// }
/// ```
public enum PendingLinksError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The capacity is less than 1.
    case invalidCapacity(Int)
    /// The time-to-live is zero or negative.
    case invalidTimeToLive(Duration)
    /// The file exists but cannot be read (it is a directory, or not readable); the associated
    /// string is the system's reason.
    case unreadableFile(URL, reason: String)
    /// The file (or the temporary file next to it that replaces it) cannot be created or written:
    /// its directory does not exist or is not writable, or the disk is full. The associated
    /// string is the system's reason.
    case unwritableFile(URL, reason: String)

    /// `"pending links: cannot write /…/pending-links.jsonl: …"`.
    public var description: String {
        switch self {
        case .invalidCapacity(let capacity):
            "pending links: capacity must be at least 1, not \(capacity)"
        case .invalidTimeToLive(let timeToLive):
            "pending links: time-to-live must be positive, not \(timeToLive)"
        case .unreadableFile(let url, let reason):
            "pending links: cannot read \(url.path): \(reason)"
        case .unwritableFile(let url, let reason):
            "pending links: cannot write \(url.path): \(reason)"
        }
    }
}
