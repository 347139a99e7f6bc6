/// The outcome class of a ``Response``: an HTTP-style code and a short reason.
///
/// `Status` is a struct, not an enum, so apps can add their own:
///
/// ```swift
/// extension Status {
///     static let paymentRequired = Status(code: 402, reason: "Payment Required")
/// }
/// ```
public struct Status: Sendable, Hashable, CustomStringConvertible {
    /// The numeric code, following HTTP where a meaning exists there.
    public let code: Int
    /// A short, human-readable reason phrase.
    public let reason: String

    /// Creates a status with a code and a reason phrase.
    public init(code: Int, reason: String) {
        self.code = code
        self.reason = reason
    }

    /// `true` for codes in `200...299`.
    public var isSuccess: Bool { (200...299).contains(code) }

    /// `"404 Not Found"`.
    public var description: String { "\(code) \(reason)" }

    /// 200: the controller handled the request.
    public static let ok = Status(code: 200, reason: "OK")
    /// 303: go to ``Response/location``; ``Connection`` follows it within the router.
    public static let seeOther = Status(code: 303, reason: "See Other")
    /// 400: the URL or a parameter is malformed.
    public static let badRequest = Status(code: 400, reason: "Bad Request")
    /// 401: the user must sign in first.
    public static let unauthorized = Status(code: 401, reason: "Unauthorized")
    /// 403: a policy refused the request.
    public static let forbidden = Status(code: 403, reason: "Forbidden")
    /// 404: no route matched, or the route is private and the request came from outside.
    public static let notFound = Status(code: 404, reason: "Not Found")
    /// 414: the URL is over one of ``Router/Limits``.
    public static let uriTooLong = Status(code: 414, reason: "URI Too Long")
    /// 429: a rate limit refused the request.
    public static let tooManyRequests = Status(code: 429, reason: "Too Many Requests")
    /// 499: the task that sent the request was cancelled.
    public static let cancelled = Status(code: 499, reason: "Client Closed Request")
    /// 500: a stage threw an error that is not a ``ResponseError``.
    public static let internalError = Status(code: 500, reason: "Internal Error")
    /// 508: redirects looped or went past ``Router/Configuration/maxRedirects``.
    public static let loopDetected = Status(code: 508, reason: "Loop Detected")
}
