import Switchyard

/// Token-bucket rate limits for URLs opened from outside the app.
///
/// ```swift
/// // Each source application may open 5 URLs at once, then one more every 2 seconds.
/// let limit = RateLimit.perSourceApplication(capacity: 5, refillEvery: .seconds(2))
/// let router = try Router(policies: [limit], routes: routes)
/// ```
///
/// Create the policy once and share it (a router-wide or `static let` policy): each call of
/// ``perSourceApplication(capacity:refillEvery:includesApp:clock:)`` has its own buckets.
public enum RateLimit {
    /// A monotonic clock: the time elapsed since some fixed start.
    public typealias Clock = @Sendable () -> Duration

    /// The key of the response data under which a refused request finds how long until the next
    /// token: a `Duration`.
    public static let retryAfterKey = "retryAfter"

    private static let start = ContinuousClock.now

    /// The default clock: time since the first use, from `ContinuousClock`.
    public static let continuousClock: Clock = { start.duration(to: .now) }

    /// One token bucket per source application: external requests from the same
    /// `sourceApplication` (or all that reported none, together) share a bucket of `capacity`
    /// tokens that regains one token every `refillEvery`. A request without a token ends with
    /// ``Status/tooManyRequests`` (429) and data under ``retryAfterKey``.
    ///
    /// In-app requests are not limited unless `includesApp` is `true` (then they share one bucket).
    /// `capacity` below 1 counts as 1. Inject `clock` in tests:
    ///
    /// ```swift
    /// let now = ManualClock()      // your own: a locked Duration you advance
    /// let limit = RateLimit.perSourceApplication(capacity: 2, refillEvery: .seconds(1)) { now.value }
    /// ```
    public static func perSourceApplication(
        capacity: Int, refillEvery interval: Duration, includesApp: Bool = false,
        clock: @escaping Clock = continuousClock
    ) -> Policy {
        let buckets = TokenBuckets(capacity: capacity, interval: interval, clock: clock)
        return Policy("rateLimit") { request in
            if request.source == .app && !includesApp { return .verified }
            guard let wait = await buckets.take(for: request.source) else { return .verified }
            let data: [String: any Sendable] = [retryAfterKey: wait]
            return .failed(Response(request: request, status: .tooManyRequests, data: data))
        }
    }
}
