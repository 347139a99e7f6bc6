import Foundation

/// Sends URLs through a ``Router``. Every outcome is a ``Response``: `send` never throws and
/// never crashes, whatever the input.
///
/// ```swift
/// let response = await Connection.send("/messages/7", router: router)                 // from the app
/// let opened = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
/// ```
public enum Connection {
    /// Sends a URL from inside the app (``Source/app``): every route is reachable, and `data`
    /// lands in ``Request/data`` with its types kept.
    public static func send(_ url: String, data: [String: any Sendable] = [:], router: Router) async -> Response {
        fatalError("pipeline pending")
    }
}
