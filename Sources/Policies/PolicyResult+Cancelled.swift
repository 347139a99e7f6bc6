import Switchyard

extension PolicyResult {
    /// A ``Status/cancelled`` failure, for the built-in policies' waits that the sending task gave
    /// up on.
    static func cancelled(_ request: Request) -> PolicyResult {
        .failed(.failure(request, .cancelled, "the request was cancelled while waiting"))
    }
}
