import Switchyard
import SwitchyardControllers

/// The home of the app.
enum InboxRoutes {
    static let all: [Route] = [
        // `mailapp://` alone opens the inbox: a redirect the router follows itself.
        Route("/", name: "home", isPublic: true, controller: Redirect.to("/inbox")),
        Route("/inbox", name: "inbox", isPublic: true, controller: InboxController.index),
    ]
}
