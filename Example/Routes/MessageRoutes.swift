import Switchyard

/// Received messages: public, so links from mail notifications and the web open them, and
/// guarded by the router-wide sign-in policy.
///
/// The old `/msg/:id` form still works through a ``Switchyard/Rewrite`` in ``MailRouter``.
enum MessageRoutes {
    static let all: [Route] = [
        Route(
            "/messages/:message_id(int)", name: "message", isPublic: true, controller: MessageController.show)
    ]
}
