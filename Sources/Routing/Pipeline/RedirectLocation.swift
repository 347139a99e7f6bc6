/// What ``Connection`` does with the `location` of a ``Status/seeOther`` response (the redirect
/// step of the Architecture article, "The pipeline").
enum RedirectLocation: Equatable {
    /// A path or URL this router serves: follow it (the parser may still answer 400 or 414).
    case follow
    /// A URL for someone else (a web page, another app, `mailto:`): return the response as it is,
    /// for the caller to open.
    case handBack
    /// A scheme that runs code or reads local data (`javascript:`, `data:`, `file:`…): never
    /// handed back, answered as a bad request.
    case refuse

    /// Classifies `location` for a router serving `served` (compiled once at init: a redirect hop
    /// compiles nothing).
    static func classify(_ location: String, served: ServedLinks) -> RedirectLocation {
        read(location, served: served).kind
    }

    /// ``classify(_:served:)``, with the parser's answer for a location to follow: the next hop
    /// starts from it, so a redirect parses its location once. `nil` when not followed.
    static func read(_ location: String, served: ServedLinks) -> (
        kind: RedirectLocation, parsed: Result<ParsedURL, URLRejection>?
    ) {
        let scheme = Self.scheme(of: location)
        if let scheme, ASCIICaseFolding.contains(URLParser.refusedSchemes, scheme.utf8) {
            return (.refuse, nil)
        }
        let parsed = URLParser.parse(location, served: served)
        switch parsed {
        case .success(let url):
            return url.isServed ? (.follow, parsed) : (.handBack, nil)
        case .failure(let rejection) where rejection.kind == .notFound:
            return (.handBack, nil)
        case .failure:
            // Malformed. A location without a scheme is a path of this router, and a scheme the
            // router claims is its own: follow, so the parser's answer (400, 414) is the response.
            // Any other scheme (`mailto:`, `tel:`, `otherapp:x`) is someone else's URL.
            guard let scheme else { return (.follow, parsed) }
            if SchemeName.isWeb(scheme.utf8) { return (.follow, parsed) }
            let schemes = served.schemes
            let claimed =
                schemes.isEmpty
                ? location.utf8.dropFirst(scheme.utf8.count).starts(with: "://".utf8)
                : ASCIICaseFolding.contains(schemes, scheme.utf8)
            return claimed ? (.follow, parsed) : (.handBack, nil)
        }
    }

    /// `location` as the next hop after `url`: a bare path (`/b`) redirected from a link the
    /// router serves takes that link's scheme and host (`https://x.com/a` → `https://x.com/b`,
    /// `mailapp://a` → `mailapp://b`), so the hop stays in the link's scope, and an external link
    /// does not widen into the app's bare-path shorthand. Anything else is returned unchanged.
    static func absolute(_ location: String, after url: String, served: ServedLinks) -> String {
        guard isBarePath(location) else { return location }
        return origin(of: url, served: served) + location
    }

    /// ``absolute(_:after:served:)`` after the URL `request` was sent with, as the router read
    /// it: nothing is parsed again.
    static func absolute(_ location: String, after request: Request) -> String {
        guard isBarePath(location) else { return location }
        return origin(of: request.resolved?.parsed) + location
    }

    /// A path of this router's (`/b`), not a scheme-relative URL (`//host/b`).
    private static func isBarePath(_ location: String) -> Bool {
        let utf8 = location.utf8
        return utf8.first == UInt8(ascii: "/") && utf8.dropFirst().first != UInt8(ascii: "/")
    }

    /// What goes before a bare path to make it a link of the same scheme and host as `url`:
    /// `scheme://host:port` for a web link, `scheme:/` for a custom scheme (whose authority is
    /// the path's first segment: `mailapp:/` + `/b`), nothing for a bare path or a link the
    /// router does not serve.
    static func origin(of url: String, served: ServedLinks) -> String {
        // A bare path (`/a`, never `//a`) names no scheme or host: no parse needed.
        if isBarePath(url) { return "" }
        guard case .success(let parsed) = URLParser.parse(url, served: served) else { return "" }
        return origin(of: parsed)
    }

    /// ``origin(of:served:)`` of a URL already parsed; nothing for one the parser refused (`nil`).
    static func origin(of parsed: ParsedURL?) -> String {
        guard let parsed, parsed.isServed else { return "" }
        switch parsed.link {
        case .path:
            return ""
        case .custom(let scheme):
            return String(parsed.string.substring(utf8: scheme)) + ":/"
        case .web(let host), .hosted(let host):
            // Without the path, query or fragment.
            return parsed.withUTF8 { bytes in
                var end = host.upperBound
                while end < bytes.count, !"/?#".utf8.contains(bytes[end]) { end += 1 }
                return String(decoding: bytes[..<end], as: UTF8.self)
            }
        }
    }

    /// The RFC 3986 scheme of `location` (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` before
    /// `:`), or `nil` for a path.
    private static func scheme(of location: String) -> Substring? {
        guard let colon = location.firstIndex(of: ":") else { return nil }
        let candidate = location[..<colon]
        return SchemeName.isValid(candidate.utf8) ? candidate : nil
    }
}
