/// Where the parts of a URL lie, found by a cheap scan that refuses nothing.
///
/// The limits of Architecture, "URL handling", are checked "before any other work", so the segment
/// and query-item counts must be known before validation starts; this scan finds them together with
/// the component boundaries, looking at each byte once and deciding nothing about its validity.
struct URLShape {
    /// The three spellings a URL can have.
    enum Form: Equatable {
        /// No scheme: `/path?query#fragment`.
        case path
        /// `scheme://authority/path…`.
        case hierarchical
        /// `scheme:rest` without `//`, such as `javascript:alert(1)`.
        case opaque
    }

    /// How the URL is spelled.
    var form: Form
    /// The scheme without its `:`.
    var scheme: Range<Int>?
    /// The bytes between `//` and the next `/`, `?` or `#`. For a custom scheme this is also the
    /// first path segment.
    var authority: Range<Int>?
    /// `true` for `http` and `https`, whose authority is a host and not part of the path.
    var isWeb: Bool
    /// `true` when the authority is a host, not the first path segment: web links, and custom
    /// schemes listed in ``Router/Configuration/hostSchemes`` (see ``carryHost()``).
    var hasHost: Bool
    /// The path to route: a single trailing `/` is dropped and the root is an empty range, as is
    /// the path of an opaque link.
    var path: Range<Int>
    /// The number of `/` in `path`, which is its segment count.
    var segmentCount: Int
    /// The query without its `?`.
    var query: Range<Int>?
    /// The number of non-empty `&`-separated pieces of the query, as ``URLParser/query(of:reading:)``
    /// will produce them.
    var queryItemCount: Int
    /// The fragment without its `#`.
    var fragment: Range<Int>?

    /// Scans `bytes` once; a link of one of `hostSchemes` (``Router/Configuration/hostSchemes``)
    /// carries its host (``carryHost()``). Done here rather than by the parser on a `var`: a
    /// shape the parser held as a `var` was copied for each call it was passed to.
    init(_ bytes: UnsafeBufferPointer<UInt8>, hostSchemes: Set<String>) {
        let count = bytes.count
        var pathStart = 0
        scheme = nil
        authority = nil
        isWeb = false
        hasHost = false
        form = .path
        if let schemeEnd = Self.schemeEnd(bytes) {
            scheme = 0..<schemeEnd
            isWeb = SchemeName.isWeb(bytes[0..<schemeEnd])
            hasHost = isWeb
            let afterColon = schemeEnd + 1
            if afterColon + 1 < count, bytes[afterColon] == UInt8(ascii: "/"),
                bytes[afterColon + 1] == UInt8(ascii: "/")
            {
                form = .hierarchical
                let authorityStart = afterColon + 2
                var authorityEnd = authorityStart
                while authorityEnd < count, !Self.endsAuthority(bytes[authorityEnd]) { authorityEnd += 1 }
                authority = authorityStart..<authorityEnd
                if isWeb {
                    pathStart = authorityEnd
                } else {
                    // The host of a custom scheme is the first path segment, so the path begins
                    // at the second slash of `//`; with `///` the authority is empty and the path
                    // begins at the third.
                    pathStart = authorityStart == authorityEnd ? authorityEnd : authorityStart - 1
                }
            } else {
                form = .opaque
                pathStart = afterColon
            }
        }

        var index = pathStart
        var slashes = 0
        // Eight bytes at a time while none ends the path.
        while index &+ 8 <= count {
            let word = ByteWord.load(bytes, at: index)
            if ByteWord.bytes(of: word, equalTo: UInt8(ascii: "?"))
                | ByteWord.bytes(of: word, equalTo: UInt8(ascii: "#"))
                != 0
            {
                break
            }
            slashes &+= ByteWord.bytes(of: word, equalTo: UInt8(ascii: "/")).nonzeroBitCount
            index &+= 8
        }
        while index < count {
            let byte = bytes[index]
            // Letters and most of ASCII are above `?`, `/` and `#`: one comparison for them.
            if byte <= UInt8(ascii: "?") {
                if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                if byte == UInt8(ascii: "/") { slashes &+= 1 }
            }
            index &+= 1
        }
        var pathEnd = index
        if pathEnd - pathStart == 1, bytes[pathStart] == UInt8(ascii: "/") {
            pathEnd = pathStart
            slashes = 0
        } else if pathEnd > pathStart, bytes[pathEnd - 1] == UInt8(ascii: "/") {
            pathEnd -= 1
            slashes -= 1
        }
        // An opaque link (`mailto:a@b.example`) is never routed: it has no path to route.
        path = form == .opaque ? pathStart..<pathStart : pathStart..<pathEnd
        segmentCount = form == .opaque ? 0 : slashes

        query = nil
        queryItemCount = 0
        if index < count, bytes[index] == UInt8(ascii: "?") {
            let queryStart = index + 1
            index = queryStart
            var pieceIsEmpty = true
            while index < count, bytes[index] != UInt8(ascii: "#") {
                if bytes[index] == UInt8(ascii: "&") {
                    pieceIsEmpty = true
                } else if pieceIsEmpty {
                    pieceIsEmpty = false
                    queryItemCount += 1
                }
                index += 1
            }
            query = queryStart..<index
        }
        fragment = index < count ? (index + 1)..<count : nil
        if !hostSchemes.isEmpty, let scheme, !isWeb, ASCIICaseFolding.contains(hostSchemes, bytes[scheme]) {
            carryHost()
        }
    }

    /// Reads the authority of a hierarchical custom-scheme link as a host, as a web link's is:
    /// the path starts after it (`ksr://www.kickstarter.com/projects/1` routes `/projects/1`).
    private mutating func carryHost() {
        guard form == .hierarchical, !isWeb, let authority else { return }
        hasHost = true
        // The path began at the `/` before the authority, which was its first segment.
        guard path.lowerBound < authority.upperBound else { return }
        if path.upperBound <= authority.upperBound {
            path = authority.upperBound..<authority.upperBound
            segmentCount = 0
        } else {
            path = authority.upperBound..<path.upperBound
            segmentCount -= 1
        }
    }

    /// The offset of the `:` ending a scheme `[A-Za-z][A-Za-z0-9+.-]*`, or `nil` if the URL does
    /// not begin with one.
    private static func schemeEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = bytes.first, ASCIICaseFolding.isLetter(first) else { return nil }
        var index = 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { return index }
            guard SchemeName.isContinuation(byte) else { return nil }
            index += 1
        }
        return nil
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }
}
