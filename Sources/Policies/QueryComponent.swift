import Foundation

/// Percent-encoding for values placed in a query.
enum QueryComponent {
    /// RFC 3986 unreserved characters; everything else is encoded, `/`, `?`, `&` and `=` included.
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    /// The still-encoded query of a URL as received (between `?` and `#`), or `nil`.
    static func rawQuery(of url: String) -> Substring? {
        let beforeFragment = url[..<(url.firstIndex(of: "#") ?? url.endIndex)]
        guard let mark = beforeFragment.firstIndex(of: "?") else { return nil }
        let query = beforeFragment[beforeFragment.index(after: mark)...]
        return query.isEmpty ? nil : query
    }
}
