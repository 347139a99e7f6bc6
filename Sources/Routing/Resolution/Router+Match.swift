extension Router {
    /// Which route `url` reaches for `source`, with its parameters: a dry run, no stage runs.
    ///
    /// Rewrites, scopes and query conditions apply. For an external source the answer is the
    /// one a router without its private routes would give, and a URL the parser refuses, or
    /// whose scheme or host the router does not serve, matches nothing.
    ///
    /// ```swift
    /// router.match("mailapp://messages/7")?.route.name                          // "message"
    /// router.match("/drafts/3", source: .external(sourceApplication: nil))      // nil: private
    /// ```
    public func match(_ url: String, source: Source = .app) -> RouteMatch? {
        storage.match(url, source: source)
    }
}
