import Switchyard
import SwitchyardPolicies

/// The sign-in flow.
///
/// 1. A signed-out request reaches a route guarded by ``MailPolicies/signedIn``. The policy
///    redirects to `/sign-in?next=<the original path>` and carries the link it interrupted, with
///    its source, in the redirect's data; ``Switchyard/Connection`` follows the redirect, and the
///    app gets the sign-in screen, which keeps `request.interruptedLink`.
/// 2. When the user signs in, the screen (``SignInScreen``) sends the private route
///    `/sign-in/complete?account=…` from inside the app, then resumes the interrupted link with
///    `Connection.resume`: the link opens with the source it arrived with, so a link from another
///    app still reaches public routes only.
///
/// `next` is shown, never sent. `/sign-in` is public, so anyone can write `next`; sending it
/// in-app would let an outside link reach a private route (the attack
/// `/sign-in?next=/settings/labs/…`, replayed by `MailRouterTests`).
struct SessionController: Sendable {
    let session: Session

    /// Shows the sign-in screen, with the link to resume afterwards, if a policy interrupted one.
    var show: Controller {
        { request in
            Response(
                request,
                showing: .signIn(
                    next: request.query[SignInPolicy.nextParameter], resuming: request.interruptedLink))
        }
    }

    /// Signs in and goes to the inbox. What the user was opening is resumed by the sign-in screen
    /// (``SignInScreen``), with its own source; this route never reads a destination from its URL.
    var complete: Controller {
        { [session] request in
            guard let account = request.query["account"], !account.isEmpty else {
                throw RoutingError(.badRequest, "sign-in needs an account")
            }
            await session.signIn(as: account)
            return .redirect(request, to: "/inbox")
        }
    }
}
