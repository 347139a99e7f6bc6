import Switchyard

/// Builds the `.failed` results of the built-in policies.
enum PolicyFailure {
    /// The key of the response data under which in-app failures carry a ``RoutingError``.
    static let errorKey = "error"

    /// A failure with `status`. In-app requests also get a ``RoutingError`` with `message` under
    /// ``errorKey``; external requests get no details (DESIGN §3).
    static func failed(_ request: Request, _ status: Status, _ message: String) -> PolicyResult {
        let data: [String: any Sendable] =
            request.isExternal ? [:] : [errorKey: RoutingError(status, message)]
        return .failed(Response(request: request, status: status, data: data))
    }

    /// A ``Status/cancelled`` failure, for waits the sending task gave up on.
    static func cancelled(_ request: Request) -> PolicyResult {
        failed(request, .cancelled, "the request was cancelled while waiting")
    }
}
