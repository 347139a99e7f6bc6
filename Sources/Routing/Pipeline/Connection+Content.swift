extension Connection {
    /// Sends a link the user tapped in content the app shows but did not write (``Source/content``):
    /// a message body, a comment, a web page in a web view. Public routes only.
    ///
    /// Whoever wrote the content wrote the link. Sent in-app, an e-mail's
    /// `mailapp://settings/forwarding?to=…` would run a private route on its author's behalf; sent
    /// as content, it reaches exactly what a link from another app reaches: private routes answer
    /// as missing ones, errors carry no details, ``Request/sourceApplication`` is `nil`, and a
    /// link interrupted by sign-in is resumed as content.
    ///
    /// ```swift
    /// // A link in a message body, tapped.
    /// let response = await Connection.send(contentLink: tapped.absoluteString, router: router)
    /// ```
    ///
    /// - Parameters:
    ///   - contentLink: The link as the content holds it, any bytes at all.
    ///   - data: Values for the request, as in ``send(_:data:router:trusted:)``: they come from the
    ///     app (a presenter, say), not from the link.
    ///   - router: The router to send through.
    /// - Returns: The final response; for a private route, exactly the response a missing route gets.
    public static func send(contentLink: String, data: [String: any Sendable] = [:], router: Router) async
        -> Response
    {
        await outside(contentLink, data: data, source: .content, router: router)
    }

    /// Every answer of the chain of a link tapped in content; see ``send(contentLink:data:router:)``
    /// and ``sendAll(_:data:router:trusted:)``. Private routes are never among the candidates.
    public static func sendAll(contentLink: String, data: [String: any Sendable] = [:], router: Router)
        async -> [Response]
    {
        await outsideAll(contentLink, data: data, source: .content, router: router)
    }
}
