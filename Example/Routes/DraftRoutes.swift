import Switchyard

/// Drafts are private (the default): from another app, `mailapp://drafts/2` answers exactly as
/// a URL that matches nothing, and no stage of these routes runs.
enum DraftRoutes {
    static let all: [Route] = Route.group(
        "/drafts",
        [
            Route("/", name: "index", controller: DraftController.index),
            Route("/:draft_id(int)", name: "show", controller: DraftController.show),
        ])
}
