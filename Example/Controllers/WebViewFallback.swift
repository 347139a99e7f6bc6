import Foundation
import Switchyard

/// The router's `notFound` controller: a web link that no route takes opens in the app's
/// browser view instead of a dead end.
///
/// The router runs it for every request that reaches no route: a host or scheme it does not
/// serve (`https://news.example.org/story`, tapped in a message), a page of our own site the app
/// has no screen for, and a private route opened from outside. Anything that is not an
/// `http(s)` link (a bare path, `mailapp://…`, another app's scheme) still gets a plain 404 with
/// no data, so the app's own missing screens look as they did without a fallback.
///
/// The answer depends on the link alone, never on whether a private route has that path, so a
/// private route from outside still answers exactly as a missing one does.
enum WebViewFallback {
    /// The data key holding the link to open, as a `String`; read it with
    /// ``Switchyard/Response/browserURL``.
    static let dataKey = "openInBrowser"

    /// Answers 404 (no route took the link) with the link to open when it is a web link.
    static let controller: Controller = { request in
        guard isWebLink(request.url) else { return Response(request: request, status: .notFound) }
        return Response(request: request, status: .notFound, data: [dataKey: request.url])
    }

    /// Whether `url` is an absolute `http(s)` link with a host: a web view can show nothing else.
    static func isWebLink(_ url: String) -> Bool {
        guard let parsed = URL(string: url), let scheme = parsed.scheme?.lowercased(),
            let host = parsed.host, !host.isEmpty
        else { return false }
        return scheme == "http" || scheme == "https"
    }
}

extension Response {
    /// The link ``WebViewFallback`` asks the app to open in its browser view, if it did.
    var browserURL: String? { data[WebViewFallback.dataKey] as? String }
}
