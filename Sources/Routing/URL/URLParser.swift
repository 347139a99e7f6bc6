/// The one URL parser of Switchyard (DESIGN §5). Written for this package: Foundation's `URL`
/// drops trailing slashes, returns "" on bad escapes and drops a leading U+FEFF on Linux.
///
/// Order of the checks, each answering on the first failure:
/// 1. limits (414): byte count, then segment and query-item counts;
/// 2. form (400): a bare path must start with `/`, a scheme must be followed by `//`;
/// 3. authority (400): no user-info on any scheme, no port on a custom scheme; on `http`/`https`
///    well-formed escapes, no control character, a non-empty host and a valid port;
/// 4. acceptance (404): the scheme, and for `http`/`https` the host, must be the app's;
/// 5. content (400): path, then query, then fragment, byte by byte.
///
/// The limits need the segment and query-item counts before anything is validated, so a cheap
/// ``URLShape`` scan finds the boundaries and counts first; validation is then one forward pass
/// over each component. Each byte is read a small, fixed number of times; no decoded copy is built.
///
/// A URL that is not for this app is refused (404) before its path is looked at, so the reason
/// never depends on what a foreign link carries.
enum URLParser {
    /// Schemes that run code or reach local data and never name an app; refused even when listed
    /// in ``Router/Configuration/schemes``.
    static let refusedSchemes: Set<String> = ["javascript", "data", "file", "about", "blob", "vbscript"]

    /// Parses and validates a full URL or a bare path (`/path?query#fragment`).
    static func parse(_ url: String, configuration: Router.Configuration) -> Result<ParsedURL, URLRejection> {
        let limits = configuration.limits
        // Checked before the contiguous copy below, so an oversized string is refused uncopied.
        guard url.utf8.count <= limits.urlBytes else {
            return .failure(tooLong("the URL is longer than \(limits.urlBytes) bytes"))
        }
        var string = url
        string.makeContiguousUTF8()
        // The common case, settled in one pass: see `PlainPath` for why the checks below would
        // all pass and give this path and segment count.
        if let plain = string.withUTF8({ PlainPath.scan($0, folding: false) }),
            plain.segmentCount <= limits.segments
        {
            return .success(
                ParsedURL(
                    string: string, path: 0..<plain.end, query: nil, segmentCount: plain.segmentCount,
                    fragment: nil))
        }
        return parseInFull(string, configuration: configuration)
    }

    /// ``parse(_:configuration:)`` without the plain-path shortcut: every check, in the order
    /// above. `string` is contiguous and within the byte limit.
    static func parseInFull(_ string: String, configuration: Router.Configuration)
        -> Result<ParsedURL, URLRejection>
    {
        var string = string
        let outcome: Result<URLShape, URLRejection> = string.withUTF8 { bytes in
            let shape = URLShape(bytes)
            if let rejection = check(shape, in: bytes, configuration: configuration) {
                return .failure(rejection)
            }
            return .success(shape)
        }
        return outcome.map { shape in
            ParsedURL(
                string: string, path: shape.path, query: shape.query, segmentCount: shape.segmentCount,
                fragment: shape.fragment)
        }
    }

    /// Parses the query of `parsed` into decoded items, in order, duplicates kept.
    ///
    /// Splits on `&`, then on the first `=`; a piece without `=` has the value `""`, and empty
    /// pieces (`a&&b`) are skipped. ``parse(_:configuration:)`` has validated every escape, so
    /// this cannot fail.
    static func query(of parsed: ParsedURL, plusAsSpace: Bool) -> Query {
        guard let range = parsed.query, !range.isEmpty else { return Query() }
        return parsed.withUTF8 { bytes in
            var items: [(name: String, value: String)] = []
            var pieceStart = range.lowerBound
            var equals: Int? = nil
            for index in range.lowerBound...range.upperBound {
                if index < range.upperBound && bytes[index] != UInt8(ascii: "&") {
                    if equals == nil && bytes[index] == UInt8(ascii: "=") { equals = index }
                    continue
                }
                if index > pieceStart {
                    let nameEnd = equals ?? index
                    let name = PercentEncoding.decode(bytes[pieceStart..<nameEnd], plusAsSpace: plusAsSpace)
                    let value =
                        equals.map {
                            PercentEncoding.decode(bytes[($0 + 1)..<index], plusAsSpace: plusAsSpace)
                        }
                        ?? ""
                    items.append((name: name, value: value))
                }
                pieceStart = index + 1
                equals = nil
            }
            return Query(items)
        }
    }

    /// Returns why the encoded segment `value` cannot appear in a routable path (an empty value,
    /// `.`, `..`, a control or an invisible character), or `nil` when it can.
    ///
    /// For reverse routing: ``PercentEncoding/encodeSegment(_:)`` escapes any value, but the
    /// parser refuses some values however they are spelled, so `path(for:)` must refuse them too
    /// to keep `match(path(for:))` true.
    static func rejection(forSegmentValue value: String) -> URLRejection? {
        var path = "/" + PercentEncoding.encodeSegment(value)
        return path.withUTF8 { URLComponentValidator.rejection(in: $0, 0..<$0.count, as: .path) }
    }

    private static func check(
        _ shape: URLShape, in bytes: UnsafeBufferPointer<UInt8>, configuration: Router.Configuration
    )
        -> URLRejection?
    {
        let limits = configuration.limits
        if shape.segmentCount > limits.segments {
            return tooLong("the path has more than \(limits.segments) segments")
        }
        if shape.queryItemCount > limits.queryItems {
            return tooLong("the query has more than \(limits.queryItems) query items")
        }
        switch shape.form {
        case .path:
            guard bytes.first == UInt8(ascii: "/") else {
                return badRequest("not a URL: a path must start with '/' and a URL with a valid scheme")
            }
        case .opaque:
            return badRequest("the scheme must be followed by '//' (as in scheme://host/path)")
        case .hierarchical:
            if let rejection = authorityRejection(shape, in: bytes, configuration: configuration) {
                return rejection
            }
        }
        if let rejection = URLComponentValidator.rejection(in: bytes, shape.path, as: .path) {
            return rejection
        }
        if let query = shape.query,
            let rejection = URLComponentValidator.rejection(in: bytes, query, as: .query)
        {
            return rejection
        }
        if let fragment = shape.fragment {
            return URLComponentValidator.rejection(in: bytes, fragment, as: .fragment)
        }
        return nil
    }

    /// Checks the authority's syntax (400), then whether the scheme and host are the app's (404).
    private static func authorityRejection(
        _ shape: URLShape, in bytes: UnsafeBufferPointer<UInt8>, configuration: Router.Configuration
    ) -> URLRejection? {
        guard let schemeRange = shape.scheme, let authority = shape.authority else { return nil }
        let scheme = bytes[schemeRange]
        let authorityBytes = bytes[authority]
        if authorityBytes.contains(UInt8(ascii: "@")) {
            return badRequest("user-info ('@' in the authority) is not allowed")
        }
        guard shape.isWeb else {
            if authorityBytes.contains(UInt8(ascii: ":")) {
                return badRequest("a port (':' in the host) is not allowed on a custom scheme")
            }
            // The host is the first path segment and is validated with the path.
            let isRefused = ASCIICaseFolding.contains(refusedSchemes, scheme)
            if isRefused
                || (!configuration.schemes.isEmpty
                    && !ASCIICaseFolding.contains(configuration.schemes, scheme))
            {
                return notFound("the scheme is not one of the app's schemes")
            }
            return nil
        }
        if let rejection = URLComponentValidator.rejection(in: bytes, authority, as: .authority) {
            return rejection
        }
        var hostEnd = authority.upperBound
        // A ':' inside an IPv6 literal (`[::1]`) is not a port separator.
        if let colon = authorityBytes.lastIndex(of: UInt8(ascii: ":")),
            authorityBytes[colon...].contains(UInt8(ascii: "]")) == false
        {
            guard isValidPort(bytes[(colon + 1)..<authority.upperBound]) else {
                return badRequest("invalid port: expected a number from 1 to 65535")
            }
            hostEnd = colon
        }
        let host = bytes[authority.lowerBound..<hostEnd]
        if host.isEmpty { return badRequest("empty host in an http(s) URL") }
        if configuration.hosts.isEmpty {
            return notFound("http(s) links are not accepted: no hosts are configured")
        }
        guard ASCIICaseFolding.contains(configuration.hosts, host) else {
            return notFound("the host is not one of the app's hosts")
        }
        return nil
    }

    /// `true` for 1 to 65535 written in ASCII digits (leading zeros allowed).
    private static func isValidPort(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard !digits.isEmpty else { return false }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return false }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            if value > 65535 { return false }
        }
        return value >= 1
    }

    private static func tooLong(_ reason: String) -> URLRejection {
        URLRejection(status: .uriTooLong, reason: reason)
    }

    private static func badRequest(_ reason: String) -> URLRejection {
        URLRejection(status: .badRequest, reason: reason)
    }

    private static func notFound(_ reason: String) -> URLRejection {
        URLRejection(status: .notFound, reason: reason)
    }
}
