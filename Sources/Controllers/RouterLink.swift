import Foundation
import Switchyard

/// A reference to a ``Router`` that is connected after the router is created, for
/// controllers that need the router they belong to (``Forward``).
///
/// ```swift
/// let link = RouterLink()
/// let router = try Router(routes: [
///     Route("/messages/:message_id(int)", name: "message") { … },
///     Route("/m/:message_id", isPublic: true, controller: Forward.to("message", in: link)),
/// ])
/// link.connect(router)
/// ```
public final class RouterLink: @unchecked Sendable {
    // `@unchecked Sendable` is safe: the only mutable state, `storage`, is read and written only
    // while holding `lock`, and `Router` itself is an immutable Sendable value.
    private let lock = NSLock()
    private var storage: Router?

    /// Creates a link that is not connected yet.
    public init() {}

    /// Creates a link that is already connected to `router`.
    public init(_ router: Router) {
        storage = router
    }

    /// Connects the link to `router`, replacing any router it had.
    public func connect(_ router: Router) {
        lock.lock()
        defer { lock.unlock() }
        storage = router
    }

    /// The connected router, or `nil` before ``connect(_:)``.
    public var router: Router? {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}
