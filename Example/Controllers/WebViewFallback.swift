import Switchyard

/// The router's `notFound` controller: a web link that no route takes opens in the app's
/// browser view instead of a dead end, and a `mailto:`, `tel:` or `sms:` link goes to the app
/// the system opens it with.
///
/// The router runs it for every request that reaches no route: a host or scheme it does not
/// serve (`https://news.example.org/story` or `mailto:help@example.com`, tapped in a message),
/// a page of our own site the app has no screen for, and a private route opened from outside.
/// Anything else (a bare path, `mailapp://…`, another app's scheme) still gets a plain 404 with
/// no data, so the app's own missing screens look as they did without a fallback.
///
/// The router has already parsed the link (a malformed one is a 400 and never gets here), so its
/// scheme is all this reads: no second parser, whose answer could differ from one OS to the next.
/// The answer depends on the link alone, never on whether a private route has that path, so a
/// private route from outside still answers exactly as a missing one does.
enum WebViewFallback {
    /// The data key holding the link to open, as a `String`; read it with
    /// ``Switchyard/Response/browserURL``.
    static let dataKey = "openInBrowser"
    /// The data key holding a link for the system to open (`UIApplication.open` on iOS), as a
    /// `String`; read it with ``Switchyard/Response/systemURL``.
    static let systemKey = "openWithSystem"
    /// The schemes the system opens in another app: mail, phone, messages, FaceTime.
    static let systemSchemes: Set<String> = ["mailto", "tel", "sms", "facetime"]

    /// Answers 404 (no route took the link) with the link to open when it is a web link or one
    /// the system opens.
    static let controller: Controller = { request in
        switch scheme(of: request.url) {
        case "http", "https":
            return Response(request: request, status: .notFound, data: [dataKey: request.url])
        case let scheme? where systemSchemes.contains(scheme):
            return Response(request: request, status: .notFound, data: [systemKey: request.url])
        default:
            return Response(request: request, status: .notFound)
        }
    }

    /// The link's scheme, lowercased, or `nil` for a bare path.
    static func scheme(of url: String) -> String? {
        guard let colon = url.firstIndex(of: ":"), !url.hasPrefix("/") else { return nil }
        return url[..<colon].lowercased()
    }
}

extension Response {
    /// The link ``WebViewFallback`` asks the app to open in its browser view, if it did.
    var browserURL: String? { data[WebViewFallback.dataKey] as? String }
    /// The link ``WebViewFallback`` hands to the system (`mailto:`, `tel:`…), if it did.
    var systemURL: String? { data[WebViewFallback.systemKey] as? String }
}
