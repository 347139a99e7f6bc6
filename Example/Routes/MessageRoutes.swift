import Switchyard

/// Received messages: public, so links from mail notifications and the web open them, and
/// guarded by the router-wide sign-in policy. The old `/msg/:id` form still works through a
/// ``Switchyard/Rewrite`` in ``MailRouter``.
///
/// Three routes take `/messages/7`; they are its *candidates*, tried in this order
/// (`swift run Example explain 'mailapp://messages/7'` lists them):
///
/// 1. `messageAnalytics` records the link and answers 204. `continueNext: true` lets the next
///    candidate run after it, so it never hides a screen. It may share the next route's pattern
///    only because it continues: routes of the same shape and scope must form such a chain, or
///    `Router.init` throws. `priority: 1` keeps it first whatever the order of the routes.
/// 2. `thread`, the threaded view, is behind ``FeatureFlag/threadedMessages``. While the flag is
///    off its policy *declines*: the route counts as not matched, and the next candidate runs.
/// 3. `message`, the classic view, answers whatever `thread` declines. It needs a shape of its
///    own (a plain parameter where `thread` has `(int)`): a route of the same shape and scope
///    would be refused at init, since it could only run behind a `continueNext`.
///
/// All three have `parent: "inbox"`: ``Switchyard/Connection/sendStack(_:data:router:trusted:)``
/// opens `mailapp://messages/7` as the inbox with message 7 above it, whichever candidate
/// answers. The dry run, `Router.stack(for:source:)`, starts from the first candidate, the
/// analytics route, so it needs the parent too. Messages filed in a folder have their own
/// links, with the folder beneath (``FolderRoutes``).
///
/// `/messages/7.eml` is the message's raw source, the link a mail web client writes for "show
/// original": a parameter and a literal suffix in one segment. The segment pattern ranks above
/// the plain parameter of `message`, so `7.eml` never reaches the classic view as an id.
enum MessageRoutes {
    static func all(analytics: LinkAnalytics) -> [Route] {
        [
            Route(
                "/messages/:message_id(int)", name: "messageAnalytics", isPublic: true, parent: "inbox",
                priority: 1, continueNext: true, controller: AnalyticsController(analytics: analytics).record),
            Route(
                "/messages/:message_id(int)", name: "thread", isPublic: true, parent: "inbox",
                policies: [MailPolicies.featureFlag(.threadedMessages)], controller: MessageController.thread),
            Route(
                "/messages/:message_id", name: "message", isPublic: true, parent: "inbox",
                controller: MessageController.show),
            Route(
                "/messages/:message_id(int).eml", name: "messageSource", isPublic: true,
                controller: MessageController.source),
        ]
    }
}
