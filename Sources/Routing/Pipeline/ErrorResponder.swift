/// The one place where errors become responses (DESIGN §3).
///
/// A ``ResponseError`` keeps its status, cancellation becomes ``Status/cancelled`` and anything
/// else ``Status/internalError``. Details reach the response data (as ``Response/error``) only for
/// in-app requests: an external caller learns the status and nothing else.
enum ErrorResponder {
    static func response(for error: any Error, to request: Request) -> Response {
        let status: Status
        switch error {
        case let error as any ResponseError: status = error.status
        case is CancellationError: status = .cancelled
        default: status = .internalError
        }
        let message = (error as? RoutingError)?.message ?? String(describing: error)
        return response(status: status, message: message, to: request)
    }

    static func response(status: Status, message: String, to request: Request) -> Response {
        let data: [String: any Sendable] =
            request.isExternal ? [:] : [Response.errorKey: RoutingError(status, message)]
        return Response(request: request, status: status, data: data)
    }
}

extension Response {
    /// The ``Response/data`` key under which in-app requests get a ``RoutingError`` describing a failure.
    public static let errorKey = "error"

    /// What went wrong, for in-app requests that failed in the URL parser or with a thrown error;
    /// always `nil` for external requests.
    public var error: RoutingError? { data[Self.errorKey] as? RoutingError }
}
