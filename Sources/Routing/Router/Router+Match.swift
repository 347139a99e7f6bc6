extension Router {
    /// Which route `url` reaches for `source`, with its parameters: a dry run, no stage runs.
    ///
    /// Rewrites apply. An external source never sees private routes, and a URL the parser
    /// refuses matches nothing.
    ///
    /// ```swift
    /// router.match("mailapp://messages/7")?.route.name                          // "message"
    /// router.match("/drafts/3", source: .external(sourceApplication: nil))      // nil: private
    /// ```
    public func match(_ url: String, source: Source = .app) -> RouteMatch? {
        storage.quickMatch(url, source: source)
    }
}
