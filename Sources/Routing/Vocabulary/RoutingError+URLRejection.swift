extension RoutingError {
    /// The error a caller sees for a URL the parser refused: the one place a ``URLRejection``'s
    /// kind becomes a status.
    init(_ rejection: URLRejection) {
        self.init(rejection.status, rejection.message)
    }
}

extension URLRejection {
    /// The status the rejection answers with.
    var status: Status {
        switch kind {
        case .badRequest: .badRequest
        case .notFound: .notFound
        case .uriTooLong: .uriTooLong
        }
    }
}
