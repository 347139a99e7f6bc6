extension Router {
    /// Every route `url` reaches from `source`, in the order the router would try them: the
    /// first is what ``match(_:source:)`` returns, and each next one runs when the one before it
    /// declines (``RouteDeclined``) or answers with success and has `continueNext`.
    ///
    /// A dry run, like ``match(_:source:)``: no stage runs, so the list is the candidates before
    /// any stage had a chance to decline. For an external source, private routes are not among
    /// them; a URL the parser refuses, or whose scheme or host the router does not serve, has none.
    /// A route reached through two expansions of its optional parts is one candidate.
    ///
    /// ```swift
    /// // Route("/posts/:id(int)", name: "post", …), Route("/posts/:slug", name: "legacyPost", …),
    /// // Route("/*path", name: "analytics", continueNext: true, …)
    /// router.candidates("/posts/7").map(\.route.name)   // ["post", "legacyPost", "analytics"]
    /// ```
    public func candidates(_ url: String, source: Source = .app) -> [RouteMatch] {
        var tracer = SilentTracer()
        return storage.candidates(
            storage.prepare(storage.absolute(url, source: source), tracer: &tracer), source: source)
    }
}
