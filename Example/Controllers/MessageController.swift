import Switchyard

/// Received messages: the classic view, and the threaded view behind a feature flag. Both read
/// their link whole, as a ``MessageLink``.
enum MessageController {
    /// Shows one message. Its route, `/messages/:message_id`, takes any segment (it is the
    /// fallback when the threaded view declines), so `decode` is what answers 400 for
    /// `/messages/abc`: "'message_id' is not a valid Int".
    static let show: Controller = { request in
        let link = try request.decode(MessageLink.self)
        // The fragment never takes part in matching: `/messages/7#attachments` is the same
        // route, and only the screen cares where to scroll.
        return Response(
            request,
            showing: .message(
                try message(link.id), scrolledTo: request.fragment, highlighting: link.highlight))
    }

    /// Shows a message with its replies. Only reached while ``FeatureFlag/threadedMessages`` is
    /// on: the route's policy declines otherwise, and ``show`` answers instead.
    static let thread: Controller = { request in
        let link = try request.decode(MessageLink.self)
        let message = try message(link.id)
        return Response(
            request,
            showing: .thread(message, replies: Mailbox.replies(to: message.id), highlighting: link.highlight))
    }

    /// The message's raw source, from `/messages/7.eml`: the id is read from inside the segment,
    /// before the `.eml` suffix.
    static let source: Controller = { request in
        let id = try request.params.require("message_id", as: Int.self)
        return Response(request, showing: .messageSource(try message(id)))
    }

    private static func message(_ id: Int) throws -> Message {
        guard let message = Mailbox.message(id) else {
            // Thrown errors become responses in one place; the message reaches in-app callers only.
            throw RoutingError(.notFound, "there is no message \(id)")
        }
        return message
    }
}
