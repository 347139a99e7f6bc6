/// Sees every final response of a router, with the time the whole request took.
///
/// Observers run after the response is decided and cannot change it. Use them for logging,
/// history and metrics:
///
/// ```swift
/// struct PrintObserver: RouteObserver {
///     func didRespond(_ response: Response, duration: Duration) async {
///         print(response.status, response.request.url, duration)
///     }
/// }
/// ```
public protocol RouteObserver: Sendable {
    /// Called once per ``Connection/send(_:data:router:trusted:)`` with its final response, and
    /// once per ``Connection/sendAll(_:data:router:trusted:)`` with its last answer.
    func didRespond(_ response: Response, duration: Duration) async
}
