import Foundation
import Switchyard

/// The app's sign-in screen, as its view model would be: shown for the response of `/sign-in`,
/// it signs the user in through the app's own private route, then resumes the link the sign-in
/// policy interrupted, with the source that link arrived with.
///
/// ```swift
/// let shown = await Connection.send(fromPublicURL: "https://mail.example.com/messages/7",
///                                   sourceApplication: "com.example.chat", router: router)
/// let screen = SignInScreen(showing: shown, router: router)
/// let message = await screen?.signIn(as: "ada")   // message 7, sent as Chat's link
/// ```
struct SignInScreen: Sendable {
    /// The link to resume after sign-in; `nil` when the user opened sign-in directly.
    let resuming: InterruptedLink?
    let router: Router

    /// The screen `response` shows, or `nil` when it is not the sign-in screen.
    init?(showing response: Response, router: Router) {
        guard case .signIn(_, let link) = response.screen else { return nil }
        resuming = link
        self.router = router
    }

    /// The user signed in as `account`: the private `/sign-in/complete` route signs in, then the
    /// interrupted link is resumed as it first arrived (never the `next` the screen shows). The
    /// answer is the resumed link's, or the inbox when there is none to resume, or the failure of
    /// sign-in itself.
    func signIn(as account: String) async -> Response {
        let encoded = account.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let signedIn = await Connection.send("/sign-in/complete?account=" + encoded, router: router)
        guard signedIn.status.isSuccess, let resuming else { return signedIn }
        return await Connection.resume(resuming, router: router)
    }
}
