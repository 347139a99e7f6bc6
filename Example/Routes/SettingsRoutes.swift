import Switchyard

/// Settings, private: `isPublic: false` on the group makes every route in it private, whatever
/// the routes say. Names get the group's prefix: `settings.index`, `settings.notifications`.
enum SettingsRoutes {
    static let all: [Route] = Route.group(
        "/settings", isPublic: false,
        [
            Route("/", name: "index", controller: SettingsController.section("general")),
            Route(
                "/notifications", name: "notifications",
                controller: SettingsController.section("notifications")),
            Route("/signatures", name: "signatures", controller: SettingsController.section("signatures")),
        ])
}
