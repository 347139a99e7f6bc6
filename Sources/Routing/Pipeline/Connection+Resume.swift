extension Connection {
    /// Sends a link a policy interrupted (``Request/interruptedLink``) as it first arrived: an
    /// external link stays external and a content link content, so it reaches public routes only,
    /// whoever resumes it and whenever.
    ///
    /// This is how an app continues after sign-in. Never continue by sending the `next` item of a
    /// sign-in URL with ``send(_:data:router:trusted:)``: anyone can write that item, and an
    /// in-app send would reach private routes on its behalf.
    ///
    /// ```swift
    /// // The sign-in screen was shown for `link`; the user has signed in.
    /// let response = await Connection.resume(link, router: router)
    /// ```
    ///
    /// An in-app link is sent as ``send(_:data:router:trusted:)`` sends it (so, from inside an
    /// external request's pipeline, as that external request).
    ///
    /// - Parameters:
    ///   - link: The interrupted link, as the request that redirected carried it.
    ///   - data: Values for the request, as in ``send(_:data:router:trusted:)``; an external link's
    ///     request gets them too (they come from the app, not from the link).
    ///   - router: The router to send through.
    /// - Returns: The final response, after redirects.
    public static func resume(_ link: InterruptedLink, data: [String: any Sendable] = [:], router: Router)
        async
        -> Response
    {
        switch link.source {
        case .app:
            return await send(link.url, data: data, router: router)
        case .external, .content:
            return await outside(link.url, data: data, source: link.source, router: router)
        }
    }
}
