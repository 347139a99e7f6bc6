import Switchyard

/// Settings, private: `isPublic: false` on the group makes every route in it private, whatever
/// the routes say. Names get the group's prefix: `settings.index`, `settings.notifications`.
enum SettingsRoutes {
    /// Every flag's spelling in links; any other `:flag` does not match, so it answers 404.
    static let featureFlag = Constraint.oneOf(Set(FeatureFlag.allCases.map(\.rawValue)))

    /// `session` is where Labs turns feature flags on and off.
    static func all(session: Session) -> [Route] {
        Route.group(
            "/settings", isPublic: false,
            [
                Route("/", name: "index", controller: SettingsController.section("general")),
                Route(
                    "/notifications", name: "notifications",
                    controller: SettingsController.section("notifications")),
                Route(
                    "/signatures", name: "signatures", controller: SettingsController.section("signatures")),
                // `mailapp://settings/forwarding?to=grace@example.com`: forwards all mail. Private,
                // so a link in a message (sent as content) cannot forward the user's mail to its
                // author.
                Route(
                    "/forwarding", name: "forwarding",
                    controller: SettingsController.forwarding(session: session)),
                // `mailapp://settings/labs/threaded-messages?enabled=true`: what the Labs screen's
                // switch sends. Private like the rest, so no other app can turn a feature on.
                Route(
                    "/labs/:flag(featureFlag)", name: "labs", query: ["enabled": .oneOf(["true", "false"])],
                    constraints: ["featureFlag": featureFlag],
                    controller: SettingsController.labs(session: session)),
            ])
    }
}
