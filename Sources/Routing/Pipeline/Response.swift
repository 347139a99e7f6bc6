/// What a request ended with: a ``Status`` and data for the caller.
///
/// ```swift
/// Response(request: request, data: ["message": message])
/// Response(request: request, status: .forbidden)
/// Response.redirect(request, to: "/sign-in?next=%2Fdrafts")
/// ```
public struct Response: Sendable {
    /// The request this response answers, as the last stage saw it.
    public let request: Request
    /// The outcome.
    public let status: Status
    /// Data for the caller: view models, errors (in-app only), anything `Sendable`.
    public let data: [String: any Sendable]
    /// Where to go next; set by ``redirect(_:to:)``.
    public let location: String?

    /// Creates a response to `request`.
    public init(request: Request, status: Status = .ok, data: [String: any Sendable] = [:]) {
        self.init(request: request, status: status, data: data, location: nil)
    }

    init(request: Request, status: Status, data: [String: any Sendable], location: String?) {
        self.request = request
        self.status = status
        self.data = data
        self.location = location
    }

    /// A ``Status/seeOther`` response to `location`, a path or URL of the same router.
    ///
    /// ``Connection`` follows it within the router, keeping the original ``Source``, at most
    /// ``Router/Configuration/maxRedirects`` times. A location for a scheme or host the router
    /// does not serve (`https://help.example.com`, `mailto:`, another app's scheme) comes back to
    /// the caller as it is, to open; `javascript:`, `data:`, `file:`, `about:`, `blob:` and
    /// `vbscript:` locations are never handed back and answer ``Status/badRequest``.
    public static func redirect(_ request: Request, to location: String) -> Response {
        Response(request: request, status: .seeOther, data: [:], location: location)
    }
}
