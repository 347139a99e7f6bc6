/// An error raised by Switchyard itself, for example by ``Parameters/require(_:as:)``.
///
/// It carries the ``Status`` of the response it turns into and a message for developers. The
/// message reaches the response data only for in-app (``Source/app``) requests.
public struct RoutingError: ResponseError, Hashable, CustomStringConvertible {
    /// The status of the response this error turns into.
    public let status: Status
    /// What went wrong, for developers.
    public let message: String

    /// Creates an error with a status and a message.
    public init(_ status: Status, _ message: String) {
        self.status = status
        self.message = message
    }

    /// `"400 Bad Request: parameter 'id' is not a valid Int"`.
    public var description: String { "\(status): \(message)" }
}
