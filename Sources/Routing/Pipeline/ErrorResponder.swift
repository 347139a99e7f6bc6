/// The one place where thrown errors become responses (see the Architecture article, "Requests,
/// responses, policies and middleware").
///
/// A ``ResponseError`` keeps its status, cancellation becomes ``Status/cancelled`` and anything
/// else ``Status/internalError``. The answer is built by ``Response/failure(_:_:_:)``, which
/// decides what the caller may learn.
enum ErrorResponder {
    static func response(for error: any Error, to request: Request) -> Response {
        let status: Status
        switch error {
        case let error as any ResponseError: status = error.status
        case is CancellationError: status = .cancelled
        default: status = .internalError
        }
        let message = (error as? RoutingError)?.message ?? String(describing: error)
        return .failure(request, status, message)
    }
}
