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
    /// Where to go next; set by ``redirect(_:to:data:)``.
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

    /// A ``Status/seeOther`` response to `location`, a path or URL of the same router, carrying
    /// `data` to the request it leads to.
    ///
    /// ``Connection`` follows it within the router, keeping the original ``Source``, at most
    /// ``Router/Configuration/maxRedirects`` times (with `0`, the 303 itself is the answer). A bare
    /// path (`/b`) is read against the scheme and host of the URL that redirected, so a link keeps
    /// its scope across the hop. `data` is merged over the data the request carried (its values
    /// win), so it accumulates over hops; it never appears in the URL, so no outside link can
    /// forge it. The response's own ``data`` is `data`.
    ///
    /// A location for a scheme or host the router does not serve (`https://help.example.com`,
    /// `mailto:`, another app's scheme) comes back to the caller as it is, to open;
    /// `javascript:`, `data:`, `file:`, `about:`, `blob:` and `vbscript:` locations are never
    /// handed back and answer ``Status/badRequest``.
    ///
    /// ```swift
    /// Response.redirect(request, to: "/compose", data: ["campaign": "spring", "draft": draft])
    /// ```
    public static func redirect(_ request: Request, to location: String, data: [String: any Sendable] = [:])
        -> Response
    {
        Response(request: request, status: .seeOther, data: data, location: location)
    }
}
