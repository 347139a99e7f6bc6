/// The one URL parser of Switchyard (DESIGN §5). Written for this package: Foundation's `URL`
/// drops trailing slashes, returns "" on bad escapes and drops a leading U+FEFF on Linux.
enum URLParser {
    /// Parses and validates a full URL or a bare path (`/path?query#fragment`).
    static func parse(_ url: String, configuration: Router.Configuration) -> Result<ParsedURL, URLRejection> {
        fatalError("URL helper implements this")
    }

    /// Parses the query of `parsed` into decoded items.
    static func query(of parsed: ParsedURL, plusAsSpace: Bool) -> Query {
        fatalError("URL helper implements this")
    }
}
