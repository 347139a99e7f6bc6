/// A URL that passed every check of the parser, as UTF-8 offsets into `string`.
struct ParsedURL: Sendable {
    /// The input, made contiguous UTF-8 (so offsets are O(1) to use).
    var string: String
    /// The path to route: starts at its leading `/`, ends before a trailing `/`, query or fragment.
    /// Empty for the root path.
    var path: Range<Int>
    /// The query without its `?`, if the URL has one (possibly empty).
    var query: Range<Int>?
    /// Number of segments in `path` (0 for the root).
    var segmentCount: Int
    /// The fragment without its `#`, if the URL has one. Never routed.
    var fragment: Range<Int>? = nil
    /// What kind of link the URL is, which decides the routes its scope lets it reach.
    var link: Link = .path
    /// `false` for a scheme or host the router does not serve: such a URL is valid but reaches
    /// no route, and the `notFound` controller answers it.
    var isServed = true

    /// The three kinds of URL a router receives.
    enum Link: Sendable, Equatable {
        /// A bare path, the app's own shorthand: `/inbox`.
        case path
        /// A custom-scheme link, `mailapp://messages/7`; the range is the scheme.
        case custom(scheme: Range<Int>)
        /// An `http(s)` link; the range is the host, without a port.
        case web(host: Range<Int>)
    }

    /// The fragment percent-decoded once, or `nil` when the URL has no `#`.
    var decodedFragment: String? {
        guard let fragment else { return nil }
        return withUTF8 { PercentEncoding.decode($0[fragment], plusAsSpace: false) }
    }

    /// The path as a string; the root path is `"/"`.
    var pathString: String {
        if path.isEmpty { return "/" }
        // A bare path without query, fragment or trailing slash is the whole string: no copy.
        if path == 0..<string.utf8.count { return string }
        return String(string.utf8[utf8Index(path.lowerBound)..<utf8Index(path.upperBound)])!
    }

    /// The string index of a UTF-8 offset.
    func utf8Index(_ offset: Int) -> String.Index {
        string.utf8.index(string.utf8.startIndex, offsetBy: offset)
    }

    /// Calls `body` with the UTF-8 bytes of `string`, which the offsets index.
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try string.utf8.withContiguousStorageIfAvailable(body) { return result }
        // Only reached if `string` was replaced by a non-contiguous one after parsing.
        return try Array(string.utf8).withUnsafeBufferPointer(body)
    }
}

/// Why the parser refused a URL: the status to answer with and a precise reason.
struct URLRejection: Error, Sendable, Hashable {
    /// `badRequest`, `notFound` or `uriTooLong`.
    let status: Status
    /// What was wrong, worded for the app's developer (logs, `explain`), not for end users.
    let reason: String
}
