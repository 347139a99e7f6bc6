import Switchyard
import SwitchyardMiddlewares

/// The inbox: the app's home screen.
enum InboxController {
    /// Lists the messages. When another app opened the inbox with App Links data, the screen
    /// offers a way back to that app (``SwitchyardMiddlewares/AppLinks/parser`` put it in the
    /// request); when a promotion link redirected here, it shows the campaign's banner
    /// (``PromoController`` put it in the request's data).
    static let index: Controller = { request in
        Response(
            request,
            showing: .inbox(
                Mailbox.messages, backTo: request.appLink?.referer?.appName, campaign: request.campaign))
    }
}
