/// A URL string cut at its first `#` and at the first `?` before it, with nothing validated or
/// decoded: for the built-in modules that rewrite links byte for byte (tracking parameters,
/// redaction, redirects that keep the query). The router itself reads URLs only through
/// ``URLParser``.
package struct RawURLParts: Sendable {
    /// Everything before the query (or before the fragment when there is no query).
    package let head: Substring
    /// The query without its `?`, or `nil` when the URL has no `?`.
    package let query: Substring?
    /// The fragment without its `#`, or `nil` when the URL has no `#`.
    package let fragment: Substring?

    package init(_ url: String) {
        let hash = url.utf8.firstIndex(of: UInt8(ascii: "#"))
        let beforeFragment = url[..<(hash ?? url.endIndex)]
        let mark = beforeFragment.utf8.firstIndex(of: UInt8(ascii: "?"))
        head = beforeFragment[..<(mark ?? beforeFragment.endIndex)]
        query = mark.map { beforeFragment[beforeFragment.utf8.index(after: $0)...] }
        fragment = hash.map { url[url.utf8.index(after: $0)...] }
    }

    /// The query's items as written, split on `&`, empty items kept so that joining them again
    /// gives the query back.
    package static func items(of query: Substring) -> [Substring] {
        query.split(separator: "&", omittingEmptySubsequences: false)
    }

    /// An item's name (what comes before its first `=`), percent-decoded once.
    package static func name(of item: Substring) -> String {
        PercentEncoding.decode(item[..<(item.firstIndex(of: "=") ?? item.endIndex)])
    }
}
