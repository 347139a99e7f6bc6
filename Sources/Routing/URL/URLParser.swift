/// The one URL parser of Switchyard. Written for this package: Foundation's `URL` drops
/// trailing slashes, returns "" on bad escapes and drops a leading U+FEFF on Linux.
///
/// Order of the checks, each answering on the first failure:
/// 1. limits (414): byte count, then segment and query-item counts;
/// 2. form (400): a bare path must start with `/`, a scheme must be followed by `//`;
/// 3. authority (400): no user-info on any scheme, no port on a custom scheme; on `http`/`https`
///    and the custom schemes that carry a host (``Router/Configuration/hostSchemes``) well-formed
///    escapes, no control character, a non-empty host and a valid port;
/// 4. content (400): no raw space anywhere and no raw `\` in an `http(s)` URL before its
///    fragment, then path, query and fragment byte by byte;
/// 5. acceptance: a scheme that runs code (`javascript:`…) is refused (404); a scheme or host
///    the router does not serve gives a valid URL marked not served, which reaches no route.
///
/// A malformed URL is a 400 whatever its scheme or host; a well-formed foreign link is the
/// `notFound` controller's to answer (an app may open it in a web view).
///
/// The limits need the segment and query-item counts before anything is validated, so a cheap
/// ``URLShape`` scan finds the boundaries and counts first; validation is then one forward pass
/// over each component. Each byte is read a small, fixed number of times; no decoded copy is built.
package enum URLParser {
    /// Schemes that run code or reach local data and never name an app; refused even when listed
    /// in ``Router/Configuration/schemes``.
    package static let refusedSchemes: Set<String> = [
        "javascript", "data", "file", "about", "blob", "vbscript",
    ]

    /// Parses and validates a full URL or a bare path (`/path?query#fragment`). `shortcutTried`:
    /// the caller already found that `url` is not a ``ShortcutPath``, so the shortcut is skipped.
    static func parse(_ url: String, served: ServedLinks, shortcutTried: Bool = false)
        -> Result<ParsedURL, URLRejection>
    {
        let limits = served.limits
        // Checked before the contiguous copy below, so an oversized string is refused uncopied.
        guard url.utf8.count <= limits.urlBytes else {
            return .failure(
                tooLong(
                    "the URL is longer than \(limits.urlBytes) bytes; raise Router.Limits.urlBytes if links need more"
                ))
        }
        var string = url
        string.makeContiguousUTF8()
        // The common case, settled in one pass: see `ShortcutPath` for why the checks below would
        // all pass and give this path and segment count.
        if !shortcutTried, let shortcut = string.withUTF8({ ShortcutPath.scan($0) }),
            shortcut.segmentCount <= limits.segments
        {
            return .success(
                ParsedURL(
                    string: string, path: 0..<shortcut.end, query: nil, segmentCount: shortcut.segmentCount,
                    fragment: nil))
        }
        return parseInFull(string, served: served)
    }

    /// ``parse(_:served:shortcutTried:)`` without the shortcut for bare paths: every check, in the
    /// order above. `string` is contiguous and within the byte limit. `hostIsParsed`: `string`
    /// carries the host ``WebHost`` gave, which must parse as itself.
    static func parseInFull(_ string: String, served: ServedLinks, hostIsParsed: Bool = false)
        -> Result<ParsedURL, URLRejection>
    {
        var contiguous = string
        // Only trivial values cross the closure (a generic one): a `Result` holding strings would be
        // copied through the generic value witnesses on every URL.
        var shape: URLShape?
        var link = ParsedURL.Link.path
        var isServed = true
        var parsedHost: (range: Range<Int>, host: String)?
        let rejection = contiguous.withUTF8 { bytes -> URLRejection? in
            let scanned = URLShape(bytes, hostSchemes: served.hostSchemes)
            var hostIsLDHName = false
            if let rejection = check(scanned, in: bytes, served: served, hostIsLDHName: &hostIsLDHName) {
                return rejection
            }
            shape = scanned
            guard let schemeRange = scanned.scheme else { return nil }
            if scanned.hasHost {
                let host = hostRange(scanned, in: bytes)
                if !hostIsLDHName {
                    switch WebHost.parse(bytes[host]) {
                    case .failure(let rejection): return rejection
                    case .success(let canonical?):
                        // Unreachable for the hosts WebHost gives; refused rather than parsed again.
                        if hostIsParsed {
                            return badRequest("the host '\(canonical)' does not parse as itself")
                        }
                        parsedHost = (host, canonical)
                        return nil
                    case .success(nil): break
                    }
                }
                if scanned.isWeb {
                    link = .web(host: host)
                    isServed = served.serves(host: bytes[host])
                } else {
                    link = .hosted(host: host)
                    isServed = served.serves(scheme: bytes[schemeRange]) && served.serves(host: bytes[host])
                }
            } else if scanned.form == .opaque {
                // `mailto:`, `tel:`: well-formed, never routed (a route needs `scheme://`), so
                // the notFound controller's to answer, as any link of a scheme not served.
                link = .custom(scheme: schemeRange)
                isServed = false
            } else {
                if ASCIICaseFolding.contains(refusedSchemes, bytes[schemeRange]) {
                    return notFound(
                        "the scheme never names an app: javascript, data, file, about, blob and vbscript links "
                            + "are refused, whatever Configuration.schemes lists")
                }
                link = .custom(scheme: schemeRange)
                isServed = served.serves(scheme: bytes[schemeRange])
            }
            return nil
        }
        if let rejection { return .failure(rejection) }
        if let parsedHost {
            // The host as the router compares it, spliced in: the URL is parsed again with a host
            // that parses as itself, so this happens at most once. `Request.url` keeps the text
            // as received.
            let utf8 = string.utf8
            let start = utf8.index(utf8.startIndex, offsetBy: parsedHost.range.lowerBound)
            let end = utf8.index(utf8.startIndex, offsetBy: parsedHost.range.upperBound)
            let spliced = String(string[..<start]) + parsedHost.host + String(string[end...])
            return parseInFull(spliced, served: served, hostIsParsed: true)
        }
        // Unreachable (no rejection means the shape was kept), and answered rather than trapped.
        guard let shape else { return .failure(badRequest("not a URL")) }
        var parsed = ParsedURL(
            string: string, path: shape.path, query: shape.query, segmentCount: shape.segmentCount,
            fragment: shape.fragment)
        parsed.link = link
        parsed.isServed = isServed
        return .success(parsed)
    }

    /// Parses the query of `parsed` into decoded items, in order, duplicates kept, read as `reading` says.
    ///
    /// Splits on `&`, then on the first `=`; a piece without `=` has the value `""`, and empty
    /// pieces (`a&&b`) are skipped. ``parse(_:served:shortcutTried:)`` has validated every escape, so
    /// this cannot fail.
    static func query(of parsed: ParsedURL, reading: QueryReading) -> Query {
        guard let range = parsed.query, !range.isEmpty else {
            return Query(readsLast: reading.readsLast)
        }
        return parsed.withUTF8 { query(in: $0, range, reading: reading) }
    }

    /// ``query(of:reading:)`` on the validated query `range` of `bytes`.
    static func query(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, reading: QueryReading)
        -> Query
    {
        let plusAsSpace = reading.plusAsSpace
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
        return Query(items, readsLast: reading.readsLast)
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
        _ shape: URLShape, in bytes: UnsafeBufferPointer<UInt8>, served: ServedLinks,
        hostIsLDHName: inout Bool
    ) -> URLRejection? {
        let limits = served.limits
        if shape.segmentCount > limits.segments {
            return tooLong(
                "the path has more than \(limits.segments) segments; raise Router.Limits.segments if links need more"
            )
        }
        if shape.queryItemCount > limits.queryItems {
            return tooLong(
                "the query has more than \(limits.queryItems) query items; raise Router.Limits.queryItems if links need more"
            )
        }
        switch shape.form {
        case .path:
            guard bytes.first == UInt8(ascii: "/") else {
                return badRequest(
                    "not a URL: a path must start with '/' (/inbox) and a URL with a valid scheme (mailapp://inbox)"
                )
            }
            // `//host/path` is a protocol-relative link, never a path: read as one only where
            // Configuration.protocolRelativeScheme gives it a scheme, before the parser sees it.
            if bytes.count > 1 && bytes[1] == UInt8(ascii: "/") {
                return badRequest(
                    "a path never starts with '//' (an empty segment): '//host/path' is a protocol-relative "
                        + "link, which Configuration.protocolRelativeScheme reads in-app and from content")
            }
        case .opaque:
            if let rejection = opaqueRejection(shape, in: bytes, served: served) { return rejection }
        case .hierarchical:
            if let rejection = authorityRejection(shape, in: bytes, hostIsLDHName: &hostIsLDHName) {
                return rejection
            }
        }
        // Browsers read `\` as `/` in web URLs, so routing it as a character would disagree with
        // the link the user saw. (A raw space, which browsers strip at the end, is refused by the
        // component validator.)
        let beforeFragment = 0..<(shape.fragment.map { $0.lowerBound - 1 } ?? bytes.count)
        if shape.isWeb, let backslash = bytes[beforeFragment].firstIndex(of: UInt8(ascii: "\\")) {
            return badRequest(
                "raw '\\' at byte \(backslash) of an http(s) URL: browsers read it as '/', so it must be percent-encoded (%5C)"
            )
        }
        if shape.form != .opaque,
            let rejection = URLComponentValidator.rejection(
                in: bytes, shape.path, as: served.keepsEmptySegments ? .pathWithEmptySegments : .path)
        {
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

    static func tooLong(_ reason: String) -> URLRejection {
        URLRejection(.uriTooLong, reason)
    }

    static func badRequest(_ reason: String) -> URLRejection {
        URLRejection(.badRequest, reason)
    }

    static func notFound(_ reason: String) -> URLRejection {
        URLRejection(.notFound, reason)
    }
}
