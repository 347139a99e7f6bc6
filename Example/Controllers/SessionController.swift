import Switchyard
import SwitchyardPolicies

/// The sign-in flow.
///
/// 1. A signed-out request reaches a route guarded by ``MailPolicies/signedIn``; the policy
///    redirects to `/sign-in?next=<the original path>`, and ``Switchyard/Connection`` follows
///    that redirect, so the app gets the sign-in screen with `next` filled in.
/// 2. When the user signs in, the sign-in screen sends the private route
///    `/sign-in/complete?account=…&next=…` from inside the app. It signs in and redirects to
///    `next`, which the router follows: the user lands where the link pointed.
struct SessionController: Sendable {
    let session: Session

    /// Shows the sign-in screen; `next` says where to continue afterwards.
    var show: Controller {
        { request in Response(request, showing: .signIn(next: request.query[SignInPolicy.nextParameter])) }
    }

    /// Signs in and continues to `next` (or the inbox). The route's policies have checked that
    /// `next` is an in-app path, so this cannot be turned into an open redirect.
    var complete: Controller {
        { [session] request in
            guard let account = request.query["account"], !account.isEmpty else {
                throw RoutingError(.badRequest, "sign-in needs an account")
            }
            await session.signIn(as: account)
            return .redirect(request, to: request.query[SignInPolicy.nextParameter] ?? "/inbox")
        }
    }
}
