extension Router.Configuration {
    /// What a path with an empty segment means (``Router/Configuration/emptySegments``).
    ///
    /// ```swift
    /// // MediaWiki titles may begin with '/': /wiki//dev/null is the page "/dev/null".
    /// Router.Configuration(hosts: ["en.wikipedia.org"], emptySegments: .keep)
    /// ```
    public enum EmptySegments: Sendable, Hashable {
        /// An empty segment is a 400 before anything runs.
        case refuse
        /// Empty segments are routed: a glob captures them (`/wiki/*title` reads `/wiki//dev/null`
        /// as `title` = `/dev/null`), a literal or a parameter never matches one.
        case keep
        /// Repeated `/` read as one, as Rails reads them: `//projects/1` is `/projects/1`, and
        /// ``Request/path`` is the path so read.
        case squeeze
    }

    /// Which value of a repeated query item counts (``Router/Configuration/repeatedQueryItems``).
    public enum RepeatedQueryItems: Sendable, Hashable {
        /// The first, as URLSearchParams' `get` reads it.
        case first
        /// The last, as Rack, PHP and MediaWiki read it: `?diff=x&diff=20` is the diff 20.
        case last
    }
}
