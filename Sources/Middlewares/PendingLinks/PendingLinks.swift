import Foundation
import Switchyard

/// Links that arrive before the app can show them (at launch, while the UI is not ready, while
/// the user is signed out), held until the app is ready and then opened once each, in arrival
/// order, with the source they arrived with.
///
/// ```swift
/// // One per app, shared by every scene: two PendingLinks on one file would both deliver the
/// // links it held at launch.
/// enum AppLinks {
///     static let pending: PendingLinks = {
///         do {
///             return try PendingLinks(file: .cachesDirectory.appending(path: "pending-links.jsonl"))
///         } catch {
///             log.error("held links stay in memory: \(String(describing: error))")
///             return try! PendingLinks()  // without a file, only invalid limits throw
///         }
///     }()
/// }
///
/// // In scene(_:willConnectTo:options:), which cannot throw: the UI is not ready, so hold the link.
/// if let context = connectionOptions.urlContexts.first {
///     Task {
///         do {
///             try await AppLinks.pending.hold(
///                 fromPublicURL: context.url.absoluteString,
///                 sourceApplication: context.options.sourceApplication)
///         } catch {
///             // Not held (a full disk): open it now rather than lose it. It goes out as the
///             // external link it is, so a route behind sign-in still answers with sign-in.
///             log.error("link not held: \(String(describing: error))")
///             let response = await Connection.send(
///                 fromPublicURL: context.url, sourceApplication: context.options.sourceApplication,
///                 router: router)
///             navigator.show(response)
///         }
///     }
/// }
///
/// // After sign-in, once the root screen is up: every held link opens, oldest first.
/// for response in await AppLinks.pending.deliver(router: router) where !response.status.isSuccess {
///     log.notice("held link \(response.request.url): \(response.status)")
/// }
/// ```
///
/// **Sources.** A link held with ``hold(fromPublicURL:sourceApplication:)`` is delivered as an
/// external link, so it reaches public routes only, as it would have on arrival; one held with
/// ``hold(_:data:)`` is delivered in-app, with its data; one held with ``hold(_:)``
/// keeps the source it was interrupted with. Hold a URL that came from outside with the first,
/// even when the app holds it on the link's behalf. Call ``deliver(router:)`` from app
/// code, not from the controller of an outside link: in-app sends made inside an external
/// request's pipeline are sent as that external request (see ``Connection``).
///
/// **At most once.** With a file, a link is in the file before `hold` returns and out of it before
/// `deliver` sends it: a process killed during a delivery loses the link being opened rather than
/// opening it again at the next launch. A link is never both delivered and still held. Both hold
/// across a power cut too: every write is flushed to the disk (`F_FULLFSYNC` on Apple platforms,
/// where `fsync` stops at the drive's cache) and the folder is flushed after each rename.
///
/// **The file.** One JSON line per link, oldest first: its URL as received, its source and its
/// arrival time, keys sorted; in-app data is never written.
///
/// ```json
/// {"arrival":1700000000.123,"source":"app","url":"mailapp://inbox"}
/// {"arrival":1700000001.5,"source":"external","sourceApplication":"com.apple.mobilesafari",
///  "url":"https://mail.example.com/messages/7"}
/// ```
///
/// (The second line is one line in the file; it is wrapped here.) `sourceApplication` is absent
/// when the OS reported none. Creating a `PendingLinks` reads the file, skips lines that do not
/// parse (a line cut short by a crash loses only that link), drops expired links and those beyond
/// the capacity, and rewrites the file. Use one `PendingLinks` per file.
///
/// **Time.** A link expires once `timeToLive` has passed since it arrived, by the wall clock
/// (arrival must mean the same after a relaunch); a link whose arrival is more than `timeToLive`
/// in the future, because the clock was set back, expires too. Expired links are dropped, never
/// delivered.
public actor PendingLinks {
    nonisolated let timeToLive: Duration
    nonisolated let capacity: Int
    /// Wall-clock time; injectable so tests need not sleep through a time-to-live.
    private let now: @Sendable () -> Date
    /// `nil` for links kept in memory only.
    private var store: PendingLinkFile?
    /// In arrival order. Invariant outside a method: with a file, exactly the file's links.
    private var links: [PendingLink]
    /// The identifier the next ``deliver(router:)`` call takes.
    private var nextDelivery: UInt64 = 1

    /// Set while a delivery of this instance sends a link, so that a hold from inside the send (a
    /// controller or policy holding its own URL again) can be told apart; see ``deliver(router:)``.
    @TaskLocal private static var delivering: ObjectIdentifier?

    /// Creates the holder and loads the links a previous process left in `file`.
    ///
    /// - Parameters:
    ///   - file: Where held links are kept across launches, for example
    ///     `…/Caches/pending-links.jsonl`; its directory must exist. A missing file is an empty one
    ///     (the first launch). `nil` keeps links in memory only.
    ///   - timeToLive: How long after its arrival a link may still be delivered; positive.
    ///   - capacity: How many links are held at most; the oldest are dropped first. At least 1.
    /// - Throws: ``PendingLinksError`` for a capacity below 1, a time-to-live that is not positive,
    ///   or a file that cannot be read, or created and written, for example because its directory
    ///   does not exist.
    public init(file: URL? = nil, timeToLive: Duration = .seconds(600), capacity: Int = 16) throws {
        try self.init(file: file, timeToLive: timeToLive, capacity: capacity, now: { Date() })
    }

    /// Creates the holder with the clock `now` and the disk flush `flush`, for tests.
    init(
        file: URL?, timeToLive: Duration, capacity: Int, now: @escaping @Sendable () -> Date,
        flush: @escaping @Sendable (CInt) throws(DiskFlush.Failure) -> Void = DiskFlush.flush
    ) throws(PendingLinksError) {
        guard capacity >= 1 else { throw .invalidCapacity(capacity) }
        guard timeToLive > .zero else { throw .invalidTimeToLive(timeToLive) }
        var store = file.map { PendingLinkFile(url: $0, flush: flush) }
        var links: [PendingLink] = []
        if store != nil {
            let date = now()
            links = try store?.load().filter { Self.isAlive($0, at: date, timeToLive: timeToLive) } ?? []
            links = Array(links.suffix(capacity))
            // Always rewritten: a torn last line must not glue onto the next append, and a file
            // that cannot be written should fail here rather than at the first hold.
            try store?.replace(with: links)
        }
        self.timeToLive = timeToLive
        self.capacity = capacity
        self.now = now
        self.store = store
        self.links = links
    }

    /// Holds a link sent from inside the app, to be delivered in-app with `data`.
    ///
    /// With a file, the link is written and flushed to disk before this returns. `data` stays in
    /// memory: a link loaded after a relaunch is delivered without it. Past the capacity, the
    /// oldest link is dropped.
    ///
    /// - Parameters:
    ///   - url: A path (`/messages/7`) or a URL of the router's schemes and hosts.
    ///   - data: Values for the request, as in ``Connection/send(_:data:router:trusted:)``.
    /// - Throws: ``PendingLinksError/unwritableFile(_:reason:)`` when the file cannot be written;
    ///   the link is then not held.
    public func hold(_ url: String, data: [String: any Sendable] = [:]) throws {
        try add(try PendingLink(InterruptedLink(url: url, source: .app), arrival: now(), data: data))
    }

    /// Holds a link a policy interrupted (``Request/interruptedLink``), to be delivered
    /// with the source it arrived with, as ``Connection/resume(_:data:router:)`` sends
    /// it: an external link stays external across a relaunch.
    ///
    /// For an app killed at the sign-in screen: hold the link the screen was shown for, and the
    /// delivery after sign-in opens it.
    ///
    /// ```swift
    /// if let link = signInRequest.interruptedLink { try await pending.hold(link) }
    /// ```
    ///
    /// - Throws: ``PendingLinksError/unwritableFile(_:reason:)`` when the file cannot be written;
    ///   the link is then not held.
    public func hold(_ link: InterruptedLink) throws {
        try add(try PendingLink(link, arrival: now()))
    }

    /// Holds a link another app or a web page opened, to be delivered as an external link
    /// (public routes only).
    ///
    /// With a file, the link is written and flushed to disk before this returns. Past the
    /// capacity, the oldest link is dropped.
    ///
    /// - Parameters:
    ///   - url: The URL as the OS delivered it.
    ///   - sourceApplication: The bundle identifier the OS reported, or `nil`.
    /// - Throws: ``PendingLinksError/unwritableFile(_:reason:)`` when the file cannot be written;
    ///   the link is then not held.
    public func hold(fromPublicURL url: String, sourceApplication: String?) throws {
        try add(
            try PendingLink(
                InterruptedLink(url: url, source: .external(sourceApplication: sourceApplication)),
                arrival: now()))
    }

    /// How many links are held: not yet delivered, dropped or expired.
    public var count: Int {
        let date = now()
        return links.count(where: { isAlive($0, at: date) })
    }

    /// Sends every held link that has not expired, oldest first, each with its own source, and
    /// returns the responses in the same order. Expired links are dropped unsent.
    ///
    /// Each link leaves the holder (memory and file) before it is sent, so it is delivered at most
    /// once, even if the process dies during its send. Links held while the delivery runs are sent
    /// by it too, after those before them; concurrent `deliver` calls share the links out, each
    /// link going to one of them. A link held from inside one of this call's own sends (a controller
    /// that holds its URL again, say because the session expired meanwhile) waits for the next
    /// call, so that a delivery always ends.
    ///
    /// The delivery stops, leaving the remaining links held, when the calling task is cancelled
    /// (a link being sent then gets ``Status/cancelled`` and is gone) or when the file cannot be
    /// rewritten to remove the next link.
    ///
    /// - Parameter router: The router to send through.
    /// - Returns: The final response of each link sent, in the order they were sent.
    public func deliver(router: Router) async -> [Response] {
        let delivery = nextDelivery
        nextDelivery += 1
        var responses: [Response] = []
        while !Task.isCancelled, let link = takeNext(for: delivery) {
            let response = await Self.$delivering.withValue(ObjectIdentifier(self)) {
                await Connection.resume(link.link, data: link.data, router: router)
            }
            responses.append(response)
        }
        return responses
    }

    private func add(_ link: PendingLink) throws(PendingLinksError) {
        var link = link
        if Self.delivering == ObjectIdentifier(self) {
            link.firstDelivery = nextDelivery
        }
        var kept = links.filter { isAlive($0, at: link.arrival) }
        let expired = kept.count < links.count
        kept.append(link)
        let overflow = kept.count - capacity
        if overflow > 0 {
            kept.removeFirst(overflow)
        }
        if expired || overflow > 0 {
            try store?.replace(with: kept)
        } else {
            try store?.append(link, all: kept)
        }
        links = kept
    }

    /// Takes the oldest link `delivery` may send out of memory and, durably, out of the file;
    /// drops expired links on the way. `nil` when there is none, or when the file cannot be
    /// rewritten: the links then stay held, since sending one still in the file could open it
    /// twice.
    private func takeNext(for delivery: UInt64) -> PendingLink? {
        let date = now()
        var kept = links.filter { isAlive($0, at: date) }
        let index = kept.firstIndex { $0.firstDelivery <= delivery }
        let link = index.map { kept.remove(at: $0) }
        guard kept.count < links.count else { return nil }
        do {
            try store?.replace(with: kept)
        } catch {
            return nil
        }
        links = kept
        return link
    }

    private func isAlive(_ link: PendingLink, at date: Date) -> Bool {
        Self.isAlive(link, at: date, timeToLive: timeToLive)
    }

    private static func isAlive(_ link: PendingLink, at date: Date, timeToLive: Duration) -> Bool {
        let (seconds, attoseconds) = timeToLive.components
        let limit = Double(seconds) + Double(attoseconds) / 1e18
        return abs(date.timeIntervalSince(link.arrival)) <= limit
    }
}
