/// Percent-decoding and -encoding for path segments and query components.
enum PercentEncoding {
    /// Decodes `%XX` escapes of an already validated string, once.
    static func decode(_ encoded: Substring) -> String {
        fatalError("URL helper implements this")
    }
}
