import Switchyard

/// The composer. `/compose` is public, but from outside only our companion apps may open it
/// (``MailPolicies/companionApps``); in-app requests always pass that policy.
///
/// `/share?url=…` is how any app hands the composer a link to send. `schemes:` keeps it to
/// `mailapp://` links: `https://mail.example.com/share` is the web site's own share page, which
/// ``WebViewFallback`` opens in the browser view. `query:` makes `url` part of the match, so a
/// share link without one answers 404 instead of an empty composer.
enum ComposeRoutes {
    static let all: [Route] = [
        Route(
            "/compose", name: "compose", isPublic: true, policies: [MailPolicies.companionApps],
            controller: ComposeController.new),
        Route(
            "/share", name: "share", isPublic: true, schemes: ["mailapp"], query: ["url": .any],
            controller: ComposeController.share),
    ]
}
