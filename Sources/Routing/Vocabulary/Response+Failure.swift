extension Response {
    /// The ``data`` key under which in-app requests get a ``RoutingError`` describing a failure.
    public static let errorKey = "error"

    /// What went wrong, for in-app requests that failed in the URL parser, in a stage that threw,
    /// or in a policy that answered with ``failure(_:_:_:)``; always `nil` for external requests.
    public var error: RoutingError? { data[Self.errorKey] as? RoutingError }

    /// A failure answer to `request` with `status`. An in-app request also gets `message`, as the
    /// ``error``; an external caller learns the status and nothing else, so a reason written for
    /// the app's developers never reaches another app.
    ///
    /// The router answers its own failures this way; policies and controllers can too:
    ///
    /// ```swift
    /// Policy("beta") { request in
    ///     request.data["beta"] as? Bool == true
    ///         ? .verified : .failed(.failure(request, .forbidden, "the beta is off for this account"))
    /// }
    /// ```
    public static func failure(_ request: Request, _ status: Status, _ message: String) -> Response {
        let data: [String: any Sendable] =
            request.isExternal ? [:] : [errorKey: RoutingError(status, message)]
        return Response(request: request, status: status, data: data)
    }
}
