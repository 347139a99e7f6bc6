import Switchyard

/// Policies for routes that need a signed-in user.
///
/// Two flows:
///
/// ```swift
/// // Send the user to a sign-in route, which continues to `next` afterwards:
/// SignInPolicy.redirect(to: "/sign-in") { request in await session.isSignedIn }
///
/// // Or show sign-in and then continue with this very request:
/// SignInPolicy.awaiting(isSignedIn: { _ in await session.isSignedIn }) { request in
///     await signInScreen.present()          // true when the user signed in
/// }
/// ```
public enum SignInPolicy {
    /// The query item that carries the original path: `next`.
    public static let nextParameter = "next"

    /// Redirects requests of signed-out users to `signInPath`, adding `next=` with the request's
    /// path and query, percent-encoded: `/drafts/3?x=1` goes to `/sign-in?next=%2Fdrafts%2F3%3Fx%3D1`.
    ///
    /// `next` is always an in-app path (the normalized path that matched, after rewrites; no
    /// scheme, host or fragment), so the sign-in route can continue with
    /// `Connection.send(next, router:)` after checking it with
    /// `SafeRedirectPolicy.queryItem("next", schemes: [], hosts: [], allowsRelative: true)`.
    ///
    /// The redirect keeps the request's source, so when external links reach protected public
    /// routes, make the sign-in route public too.
    public static func redirect(
        to signInPath: String, isSignedIn: @escaping @Sendable (Request) async throws -> Bool
    ) -> Policy {
        Policy("signIn") { request in
            if try await isSignedIn(request) { return .verified }
            return .failed(Response.redirect(request, to: redirectLocation(signInPath, for: request)))
        }
    }

    /// Lets signed-in users through; for others, awaits `signIn` (which presents sign-in and
    /// returns `true` once the user signed in) and then lets the same request go on to the
    /// controller, with its parameters and data.
    ///
    /// `signIn` returning `false` fails with ``Status/unauthorized``. If the sending
    /// task is cancelled during the wait, or `signIn` throws `CancellationError`, the request ends
    /// with ``Status/cancelled`` (499) and the controller never runs.
    ///
    /// Each waiting request calls `signIn`; if several may wait at once, let `signIn` share one
    /// sign-in screen between them.
    public static func awaiting(
        isSignedIn: @escaping @Sendable (Request) async throws -> Bool,
        signIn: @escaping @Sendable (Request) async throws -> Bool
    ) -> Policy {
        Policy("signIn") { request in
            if try await isSignedIn(request) { return .verified }
            if Task.isCancelled { return .cancelled(request) }
            let signedIn: Bool
            do {
                signedIn = try await signIn(request)
            } catch is CancellationError {
                return .cancelled(request)
            }
            if Task.isCancelled { return .cancelled(request) }
            return signedIn
                ? .verified : .failed(.failure(request, .unauthorized, "sign-in did not complete"))
        }
    }

    static func redirectLocation(_ signInPath: String, for request: Request) -> String {
        var next = request.path.isEmpty ? "/" : request.path
        if let query = RawURLParts(request.url).query, !query.isEmpty {
            next += "?" + query
        }
        let separator = signInPath.contains("?") ? "&" : "?"
        return signInPath + separator + nextParameter + "=" + PercentEncoding.encodeQueryComponent(next)
    }
}
