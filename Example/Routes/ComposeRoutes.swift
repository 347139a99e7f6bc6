import Switchyard

/// The composer. Public, but from outside only our companion apps may open it
/// (``MailPolicies/companionApps``); in-app requests always pass that policy.
enum ComposeRoutes {
    static let all: [Route] = [
        Route(
            "/compose", name: "compose", isPublic: true, policies: [MailPolicies.companionApps],
            controller: ComposeController.new)
    ]
}
