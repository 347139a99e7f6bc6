/// A URL that passed every check of the parser, as UTF-8 offsets into `string`.
///
/// Offsets are stored as `Int32` pairs (a URL is at most ``Router/Limits/urlBytes`` long, far
/// below `Int32.max`): a parsed URL travels by value through the resolver and into every
/// request, and at its natural size each copy was a `memcpy` call.
struct ParsedURL: Sendable {
    /// The input, made contiguous UTF-8 (so offsets are O(1) to use).
    var string: String
    private var pathBounds: Bounds
    /// `Bounds.none` when the URL has no `?`.
    private var queryBounds: Bounds
    /// `Bounds.none` when the URL has no `#`.
    private var fragmentBounds: Bounds
    /// The scheme of a custom-scheme link, the host of a web link or of a custom-scheme link that
    /// carries one, nothing for a bare path.
    private var linkBounds: Bounds
    private var linkKind: LinkKind
    private var segments: Int32
    /// `false` for a scheme or host the router does not serve: such a URL is valid but reaches
    /// no route, and the `notFound` controller answers it.
    var isServed = true

    private struct Bounds: Sendable, Equatable {
        var lower: Int32
        var upper: Int32

        static let none = Bounds(lower: -1, upper: -1)

        init(lower: Int32, upper: Int32) {
            self.lower = lower
            self.upper = upper
        }

        init(_ range: Range<Int>?) {
            guard let range else {
                self = .none
                return
            }
            self.init(
                lower: Int32(truncatingIfNeeded: range.lowerBound),
                upper: Int32(truncatingIfNeeded: range.upperBound))
        }

        var range: Range<Int>? { self == .none ? nil : Int(lower)..<Int(upper) }
    }

    private enum LinkKind: UInt8, Sendable {
        case path, custom, web, hosted
    }

    init(string: String, path: Range<Int>, query: Range<Int>?, segmentCount: Int, fragment: Range<Int>? = nil)
    {
        self.string = string
        pathBounds = Bounds(path)
        queryBounds = Bounds(query)
        fragmentBounds = Bounds(fragment)
        linkBounds = .none
        linkKind = .path
        segments = Int32(truncatingIfNeeded: segmentCount)
    }

    /// The path to route: starts at its leading `/`, ends before a trailing `/`, query or fragment.
    /// Empty for the root path.
    var path: Range<Int> { Int(pathBounds.lower)..<Int(pathBounds.upper) }
    /// The query without its `?`, if the URL has one (possibly empty).
    var query: Range<Int>? { queryBounds.range }
    /// Number of segments in `path` (0 for the root).
    var segmentCount: Int { Int(segments) }
    /// The fragment without its `#`, if the URL has one. Never routed.
    var fragment: Range<Int>? { fragmentBounds.range }

    /// What kind of link the URL is, which decides the routes its scope lets it reach.
    var link: Link {
        get {
            switch linkKind {
            case .path: .path
            case .custom: .custom(scheme: Int(linkBounds.lower)..<Int(linkBounds.upper))
            case .web: .web(host: Int(linkBounds.lower)..<Int(linkBounds.upper))
            case .hosted: .hosted(host: Int(linkBounds.lower)..<Int(linkBounds.upper))
            }
        }
        set {
            switch newValue {
            case .path: (linkKind, linkBounds) = (.path, .none)
            case .custom(let scheme): (linkKind, linkBounds) = (.custom, Bounds(scheme))
            case .web(let host): (linkKind, linkBounds) = (.web, Bounds(host))
            case .hosted(let host): (linkKind, linkBounds) = (.hosted, Bounds(host))
            }
        }
    }

    /// The three kinds of URL a router receives.
    enum Link: Sendable, Equatable {
        /// A bare path, the app's own shorthand: `/inbox`.
        case path
        /// A custom-scheme link, `mailapp://messages/7`; the range is the scheme.
        case custom(scheme: Range<Int>)
        /// An `http(s)` link; the range is the host, without a port.
        case web(host: Range<Int>)
        /// A link of a custom scheme that carries a web host (``Router/Configuration/hostSchemes``):
        /// `ksr://www.kickstarter.com/projects/1`; the range is the host, without a port.
        case hosted(host: Range<Int>)

        /// The host of a web link or of a custom scheme that carries one.
        var host: Range<Int>? {
            switch self {
            case .web(let host), .hosted(let host): host
            case .path, .custom: nil
            }
        }

        /// The scheme, without its `:`; `nil` for a bare path. A host follows `scheme://`.
        var scheme: Range<Int>? {
            switch self {
            case .path: nil
            case .custom(let scheme): scheme
            case .web(let host), .hosted(let host): Self.scheme(beforeHost: host)
            }
        }

        /// The scheme of a link whose host is at `host`: user-info is refused, so the host
        /// follows `scheme://` directly.
        @inline(__always)
        static func scheme(beforeHost host: Range<Int>) -> Range<Int> { 0..<(host.lowerBound - 3) }
    }

    /// The scheme, lowercased, as ``Request/scheme`` gives it; `nil` for a bare path.
    var schemeName: String? {
        guard let scheme = link.scheme else { return nil }
        return withUTF8 { ASCIICaseFolding.string(lowercasing: $0[scheme]) }
    }

    /// The host as the router matched it (lowercased, mapped), as ``Request/host`` gives it;
    /// `nil` for a link without a host.
    var hostName: String? {
        guard let host = link.host else { return nil }
        return withUTF8 { ASCIICaseFolding.string(lowercasing: $0[host]) }
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
        return String(string.substring(utf8: path))
    }

    /// Calls `body` with the UTF-8 bytes of `string`, which the offsets index.
    func withUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let result = try string.utf8.withContiguousStorageIfAvailable(body) { return result }
        // Only reached if `string` was replaced by a non-contiguous one after parsing.
        return try Array(string.utf8).withUnsafeBufferPointer(body)
    }
}
