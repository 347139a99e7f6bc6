import Switchyard
import SwitchyardPolicies

/// The policies of the mail app, built from SwitchyardPolicies.
enum MailPolicies {
    /// Router-wide: signed-out users go to `/sign-in?next=<path>`. Routes that must work signed
    /// out (sign-in itself, public profiles) list `"signIn"` in `skipping:`.
    static let signedIn = SignInPolicy.redirect(to: "/sign-in") { request in request.account != nil }

    /// Apps of our own team that may open the composer from outside; other apps get 403.
    static let companionApps = SourcePolicies.allowList(["com.example.calendar"])

    /// `next` must be a path inside this app: `next=https://evil.example` fails with 400, and so,
    /// from outside, does a `next` that no public route takes (`next=/settings/labs/…`).
    static let nextStaysInApp = SafeRedirectPolicy.queryItem(
        SignInPolicy.nextParameter, schemes: [], hosts: [], allowsRelative: true)

    /// Lets a request through only while `flag` is on; otherwise it **declines**.
    ///
    /// Declining is not refusing: the route counts as not matched and the link goes on to the next
    /// candidate, the route that answered it before the feature existed. `.failed` would instead
    /// end the request with an error, and the user would lose a link that used to work.
    static func featureFlag(_ flag: FeatureFlag) -> Policy {
        Policy("flag:\(flag)") { request in request.featureFlags.contains(flag) ? .verified : .declined }
    }
}
