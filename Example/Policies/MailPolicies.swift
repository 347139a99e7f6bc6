import Switchyard
import SwitchyardPolicies

/// The policies of the mail app, built from SwitchyardPolicies.
enum MailPolicies {
    /// Router-wide: signed-out users go to `/sign-in?next=<path>`. Routes that must work signed
    /// out (sign-in itself, public profiles) list `"signIn"` in `skipping:`.
    static let signedIn = SignInPolicy.redirect(to: "/sign-in") { request in request.account != nil }

    /// Apps of our own team that may open the composer from outside; other apps get 403.
    static let companionApps = SourcePolicies.allowList(["com.example.calendar"])

    /// `next` must be a path inside this app: `next=https://evil.example` fails with 400.
    static let nextStaysInApp = SafeRedirectPolicy.queryItem(
        SignInPolicy.nextParameter, schemes: [], hosts: [], allowsRelative: true)
}
