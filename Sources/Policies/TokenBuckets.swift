import Switchyard

/// Token buckets keyed by ``Source``, for ``RateLimit``.
actor TokenBuckets {
    struct Bucket {
        var tokens: Int
        /// The clock reading the current tokens are counted from.
        var updated: Duration
    }

    /// Past this many buckets, full ones are dropped: a full bucket is the same as a new one.
    static let pruneThreshold = 1024

    let capacity: Int
    let interval: Duration
    let clock: RateLimit.Clock
    private var buckets: [Source: Bucket] = [:]

    init(capacity: Int, interval: Duration, clock: @escaping RateLimit.Clock) {
        self.capacity = max(1, capacity)
        self.interval = interval
        self.clock = clock
    }

    /// How many buckets are kept.
    var count: Int { buckets.count }

    /// Takes a token for `key`: `nil` when granted, else how long until the next token.
    func take(for key: Source) -> Duration? {
        let now = clock()
        var bucket = buckets[key] ?? Bucket(tokens: capacity, updated: now)
        refill(&bucket, now: now)
        defer {
            buckets[key] = bucket
            if buckets.count > Self.pruneThreshold { prune(now: now) }
        }
        if bucket.tokens > 0 {
            bucket.tokens -= 1
            return nil
        }
        return interval - (now - bucket.updated)
    }

    private func refill(_ bucket: inout Bucket, now: Duration) {
        guard interval > .zero else {
            bucket.tokens = capacity
            bucket.updated = now
            return
        }
        let elapsed = now - bucket.updated
        guard elapsed >= interval else { return }
        let gained = elapsed / interval
        if gained >= Double(capacity - bucket.tokens) {
            bucket.tokens = capacity
            bucket.updated = now
        } else {
            let whole = Int(gained)
            bucket.tokens += whole
            bucket.updated += interval * whole
        }
    }

    private func prune(now: Duration) {
        buckets = buckets.filter { _, bucket in
            var copy = bucket
            refill(&copy, now: now)
            return copy.tokens < capacity
        }
    }
}
