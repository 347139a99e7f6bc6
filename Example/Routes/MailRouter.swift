import Switchyard
import SwitchyardControllers
import SwitchyardMiddlewares

/// Assembles the mail app's router from the route files, in one place.
///
/// ```swift
/// let session = Session()
/// let router = try MailRouter.make(session: session)
/// let response = await Connection.send("mailapp://inbox", router: router)
/// ```
///
/// Stages run in this order for every route (Architecture, "The pipeline"): the rewrite, then the router's
/// middlewares (App Links, session), then the router's sign-in policy unless the route skips it,
/// then the route's own policies, then its controller.
///
/// When several routes take one URL they are its candidates, tried in order: a route that
/// declines lets the next one take the URL, and one with `continueNext` lets the next one answer
/// too (``MessageRoutes``). `swift run Example explain <url>` lists them.
enum MailRouter {
    /// The URL forms the app accepts: `mailapp://…`, and universal links on `mail.example.com`
    /// and on each company's subdomain (`acme.mail.example.com`, see ``TeamRoutes``). Routes
    /// without `hosts:` or `schemes:` answer on all of them.
    ///
    /// A link no route takes goes to ``WebViewFallback``: other sites open in the browser view.
    static let configuration = Router.Configuration(
        schemes: ["mailapp"], hosts: ["mail.example.com", "*.mail.example.com"],
        notFound: WebViewFallback.controller)

    /// The app, as its `apple-app-site-association` file names it (`TEAMID.bundle.identifier`).
    static let appID = "ABCDE12345.com.example.mail"

    /// The web host whose `https` links open the app: `swift run Example aasa` writes its file.
    static let webHost = "mail.example.com"

    /// Builds the router.
    ///
    /// - Parameters:
    ///   - session: Who is signed in; the sign-in route changes it.
    ///   - analytics: Records the message links opened (``MessageRoutes``); in memory.
    ///   - history: Records every final response; in memory here, so running the example never
    ///     writes files. Give `History(file:)` a file URL to keep a log on disk.
    /// - Returns: The mail app's router, its `Forward` link connected.
    /// - Throws: `RouteTableError` when a route file has a mistake (an invalid pattern, a duplicate).
    static func make(
        session: Session = Session(), analytics: LinkAnalytics = LinkAnalytics(),
        history: History = History(file: nil)
    ) throws -> Router {
        let link = RouterLink()
        var configuration = Self.configuration
        configuration.observers = [history]
        let router = try Router(
            rewrites: [
                // Links from the old web app: `/msg/7` is now `/messages/7`.
                Rewrite("/msg/:id", to: "/messages/:id")
            ],
            middlewares: MailMiddlewares.all(session: session),
            policies: [MailPolicies.signedIn],
            routes: InboxRoutes.all + MessageRoutes.all(analytics: analytics) + FolderRoutes.all
                + ProfileRoutes.all(link: link)
                + DraftRoutes.all + SettingsRoutes.all(session: session) + ComposeRoutes.all
                + SessionRoutes.all(session: session) + TeamRoutes.all + PromoRoutes.all,
            configuration: configuration)
        // `Forward` needs the router it belongs to, which exists only now.
        link.connect(router)
        return router
    }
}
