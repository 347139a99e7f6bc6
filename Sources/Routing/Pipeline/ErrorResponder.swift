/// The one place where thrown errors become responses (see the Architecture article, "Requests,
/// responses, policies and middleware").
///
/// A ``ResponseError`` keeps its status, cancellation becomes ``Status/cancelled`` and anything
/// else ``Status/internalError``. The answer is built by ``Response/failure(_:_:_:)``, which
/// decides what the caller may learn; the message is built for in-app requests only.
enum ErrorResponder {
    static func response(for error: any Error, to request: Request) -> Response {
        let status: Status
        switch error {
        case let error as any ResponseError: status = error.status
        case is CancellationError: status = .cancelled
        default: status = .internalError
        }
        if request.isExternal { return Response(request: request, status: status) }
        return .failure(request, status, message(for: error))
    }

    /// What the in-app caller reads: a ``RoutingError``'s message as written, another
    /// ``ResponseError``'s description, and for anything else what it became and how to choose.
    static func message(for error: any Error) -> String {
        switch error {
        case let error as RoutingError:
            return error.message
        case is RouteDeclined:
            return "RouteDeclined thrown where no candidate is left to try: answered as not found"
        case is any ResponseError:
            return String(describing: error)
        case is CancellationError:
            return "a stage threw CancellationError: answered as cancelled (499)"
        default:
            return "\(error): \(type(of: error)) is not a ResponseError, so it answers 500 Internal Server "
                + "Error; throw a RoutingError(status, message) to choose the status and the message"
        }
    }
}
