import Switchyard

/// Policies for routes that need a signed-in user.
///
/// Two flows:
///
/// ```swift
/// // Send the user to a sign-in route; the link it interrupted rides along in the redirect's
/// // data (`request.interruptedLink` there), to resume once the user signed in:
/// SignInPolicy.redirect(to: "/sign-in") { request in await session.isSignedIn }
///
/// // Or show sign-in and then continue with this very request:
/// SignInPolicy.awaiting(isSignedIn: { _ in await session.isSignedIn }) { request in
///     await signInScreen.present()          // true when the user signed in
/// }
/// ```
public enum SignInPolicy {
    /// The query item that shows the original path: `next`. For display and for web pages only:
    /// Switchyard never routes it, and an app must not either (see
    /// ``redirect(to:isSignedIn:)``).
    public static let nextParameter = "next"

    /// Redirects requests of signed-out users to `signInPath`, carrying the interrupted link in
    /// the redirect's data, so the sign-in route's request has `interruptedLink`. Once the user
    /// has signed in, continue with `Connection.resume(link, router:)`: it sends the link with
    /// the source it arrived with, so an outside link still reaches public routes only.
    ///
    /// ```swift
    /// // The sign-in route's controller: the link to resume rides in the request.
    /// let pendingLink = request.interruptedLink
    /// // After the user signed in:
    /// if let pendingLink { _ = await Connection.resume(pendingLink, router: router) }
    /// ```
    ///
    /// The location also gets `next=` with the request's path and query, percent-encoded
    /// (`/drafts/3?x=1` goes to `/sign-in?next=%2Fdrafts%2F3%3Fx%3D1`), for the sign-in screen
    /// to show and for web pages. Never send `next` in-app: `/sign-in` is public, so anyone can
    /// open `/sign-in?next=/settings/…`, and an in-app send would reach a private route on that
    /// link's behalf. Data, unlike a query item, cannot come from a link.
    ///
    /// The redirect keeps the request's source, so when external links reach protected public
    /// routes, make the sign-in route public too; with `maxRedirects: 0` the 303 itself carries
    /// the link in its ``Response/data``.
    public static func redirect(
        to signInPath: String, isSignedIn: @escaping @Sendable (Request) async throws -> Bool
    ) -> Policy {
        Policy("signIn") { request in
            if try await isSignedIn(request) { return .verified }
            return .failed(
                Response.redirect(
                    request, to: redirectLocation(signInPath, for: request),
                    data: [InterruptedLink.dataKey: request.interruptedLink ?? InterruptedLink(request)]))
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
