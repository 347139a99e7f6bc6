import Switchyard

/// The sign-in flow (see ``SessionController``). Both routes skip the router-wide sign-in policy;
/// otherwise signing in would require being signed in.
enum SessionRoutes {
    static func all(session: Session) -> [Route] {
        let controller = SessionController(session: session)
        return [
            // Public: the sign-in policy's redirect keeps the request's source, so an external link
            // to a message lands here and must be allowed in. `next` is only shown; from outside it
            // must still reach a public route (SafeRedirectPolicy's dry run), else 400.
            Route(
                "/sign-in", name: "signIn", isPublic: true, policies: [MailPolicies.nextStaysInApp],
                skipping: ["signIn"], controller: controller.show),
            // Private: only the app's own sign-in screen may sign someone in.
            Route(
                "/sign-in/complete", name: "signIn.complete", skipping: ["signIn"],
                controller: controller.complete),
        ]
    }
}
