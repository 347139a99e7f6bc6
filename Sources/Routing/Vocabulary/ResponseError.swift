/// An error that knows which ``Status`` it should become.
///
/// Throw one from a middleware, policy or controller to choose the response status:
///
/// ```swift
/// struct MessageGone: ResponseError {
///     var status: Status { Status(code: 410, reason: "Gone") }
/// }
/// ```
///
/// Any other error becomes ``Status/internalError``.
public protocol ResponseError: Error {
    /// The status of the response this error turns into.
    var status: Status { get }
}
