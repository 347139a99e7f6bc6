import Switchyard

/// Asks the user before a sensitive route runs for a URL that came from outside the app.
///
/// ```swift
/// Route("/account/delete", isPublic: true, policies: [
///     ConfirmationPolicy.external { request in
///         await alerts.confirm("Open “\(request.path)” from \(request.sourceApplication ?? "another app")?")
///     },
/// ], controller: AccountController.delete)
/// ```
public enum ConfirmationPolicy {
    /// In-app requests pass without asking. For external requests, awaits `confirm`: `true` lets
    /// the request go on; `false` ends it with ``Status/forbidden`` and the controller
    /// never runs. A cancelled wait ends with ``Status/cancelled`` (499).
    public static func external(confirm: @escaping @Sendable (Request) async throws -> Bool) -> Policy {
        Policy("confirmation") { request in
            guard request.isExternal else { return .verified }
            if Task.isCancelled { return .cancelled(request) }
            let confirmed: Bool
            do {
                confirmed = try await confirm(request)
            } catch is CancellationError {
                return .cancelled(request)
            }
            if Task.isCancelled { return .cancelled(request) }
            return confirmed ? .verified : .failed(.failure(request, .forbidden, "the user declined"))
        }
    }
}
