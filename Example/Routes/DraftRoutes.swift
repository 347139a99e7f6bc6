import Switchyard

/// Drafts are private (the default): from another app, `mailapp://drafts/2` answers exactly as
/// a URL that matches nothing, and no stage of these routes runs.
///
/// One exception: a draft shared with colleagues for review has a read-only preview, public so
/// the link can be pasted in a chat, `https://mail.example.com/drafts/2/preview`. Its parent is
/// the drafts list, the screen beneath it in the app. Sent from inside the app,
/// ``Switchyard/Connection/sendStack(_:data:router:trusted:)`` opens the list, then the preview.
/// From outside, the list is private, so it is left out: the preview is the whole stack, and
/// the link never opens a screen the app keeps to itself. `parent:` names the list as the router
/// has it, with the group's prefix: a group prefixes its routes' names, not the names they refer to.
enum DraftRoutes {
    static let all: [Route] = Route.group(
        "/drafts",
        [
            Route("/", name: "index", controller: DraftController.index),
            Route("/:draft_id(int)", name: "show", parent: "drafts.index", controller: DraftController.show),
            Route(
                "/:draft_id(int)/preview", name: "preview", isPublic: true, parent: "drafts.index",
                controller: DraftController.preview),
        ])
}
