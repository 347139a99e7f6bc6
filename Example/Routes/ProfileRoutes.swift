import Switchyard
import SwitchyardControllers

/// Public profiles, readable without signing in.
enum ProfileRoutes {
    /// `link` lets the short form forward to the named profile route of the same router.
    static func all(link: RouterLink) -> [Route] {
        [
            Route(
                "/profiles/:username(alnum)", name: "profile", isPublic: true, skipping: ["signIn"],
                controller: ProfileController.show),
            // Short links such as `mailapp://u/grace`, as printed on business cards. Forwarding by
            // name (rather than a hard-coded path) keeps working if the profile pattern changes.
            Route(
                "/u/:username", isPublic: true, skipping: ["signIn"],
                controller: Forward.to("profile", in: link)),
        ]
    }
}
