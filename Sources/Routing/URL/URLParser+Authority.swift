/// The parts of ``URLParser``'s checks that read what follows a scheme: the authority of a
/// hierarchical URL, its host and port, and the text of an opaque one (`mailto:a@b.example`).
extension URLParser {
    /// Checks a URL without `//` after its scheme (400): only a scheme the router does not name
    /// may have that shape (`mailto:a@b.example`, `tel:+15551234`, for the notFound controller),
    /// and what follows the scheme is held to the rules every component follows.
    static func opaqueRejection(
        _ shape: URLShape, in bytes: UnsafeBufferPointer<UInt8>, served: ServedLinks
    )
        -> URLRejection?
    {
        guard let scheme = shape.scheme else { return nil }
        let name = bytes[scheme]
        if shape.isWeb || ASCIICaseFolding.contains(served.schemes, name) {
            return badRequest("the scheme must be followed by '//' (as in scheme://host/path)")
        }
        if ASCIICaseFolding.contains(refusedSchemes, name) {
            return badRequest(
                "the scheme never names an app: javascript, data, file, about, blob and vbscript links are refused"
            )
        }
        // The whole text up to the query: the shape leaves a trailing '/' out of the path.
        let restEnd = (shape.query ?? shape.fragment).map { $0.lowerBound - 1 } ?? bytes.count
        let rest = (scheme.upperBound + 1)..<restEnd
        return URLComponentValidator.rejection(in: bytes, rest, as: .opaque)
    }

    /// Checks the authority's syntax (400).
    /// `hostIsLDHName`: set when a web link's host is a ``WebHost/isLDHName(_:_:)``, which
    /// the host parser would give back as it is.
    static func authorityRejection(
        _ shape: URLShape, in bytes: UnsafeBufferPointer<UInt8>, hostIsLDHName: inout Bool
    ) -> URLRejection? {
        guard let authority = shape.authority else { return nil }
        let authorityBytes = bytes[authority]
        if authorityBytes.contains(UInt8(ascii: "@")) {
            return badRequest(
                "user-info ('@' in the authority) is not allowed: remove the 'name@' before the host, or write '@' as %40"
            )
        }
        guard shape.hasHost else {
            if authorityBytes.contains(UInt8(ascii: ":")) {
                return badRequest(
                    "a port (':' in the host) is not allowed on a custom scheme: remove it, or write ':' as %3A"
                )
            }
            // The host is the first path segment and is validated with the path.
            return nil
        }
        let host = hostRange(shape, in: bytes)
        // An LDH name holds no escape, control or non-ASCII byte, so the validator has nothing to
        // find in it (and the port is read below): one word-wide pass instead of the byte loop.
        hostIsLDHName = WebHost.isLDHName(bytes, host)
        if !hostIsLDHName,
            let rejection = URLComponentValidator.rejection(in: bytes, authority, as: .authority)
        {
            return rejection
        }
        if host.upperBound < authority.upperBound,
            !isValidPort(bytes[(host.upperBound + 1)..<authority.upperBound])
        {
            return badRequest("invalid port: expected a number from 1 to 65535")
        }
        if host.isEmpty {
            return badRequest(
                shape.isWeb
                    ? "empty host in an http(s) URL: write https://host/path"
                    : "empty host in a link of a scheme that carries a host (Configuration.hostSchemes): write scheme://host/path"
            )
        }
        return nil
    }

    /// The host of a web URL's authority: before a port's `:`, which an IPv6 literal's
    /// (`[::1]`) is not.
    @inline(__always)
    static func hostRange(_ shape: URLShape, in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        guard let authority = shape.authority else { return 0..<0 }
        let authorityBytes = bytes[authority]
        if let colon = authorityBytes.lastIndex(of: UInt8(ascii: ":")),
            !authorityBytes[colon...].contains(UInt8(ascii: "]"))
        {
            return authority.lowerBound..<colon
        }
        return authority
    }

    /// `true` for 1 to 65535 written in ASCII digits (leading zeros allowed).
    static func isValidPort(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        guard !digits.isEmpty else { return false }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return false }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            if value > 65535 { return false }
        }
        return value >= 1
    }
}
