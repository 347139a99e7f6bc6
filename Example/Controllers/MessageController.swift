import Switchyard

/// Received messages: the classic view, and the threaded view behind a feature flag.
enum MessageController {
    /// Shows one message. Its route, `/messages/:message_id`, takes any segment (it is the
    /// fallback when the threaded view declines), so `require` is what answers 400 for
    /// `/messages/abc`.
    static let show: Controller = { request in
        // The fragment never takes part in matching: `/messages/7#attachments` is the same
        // route, and only the screen cares where to scroll.
        Response(request, showing: .message(try message(request), scrolledTo: request.fragment))
    }

    /// Shows a message with its replies. Only reached while ``FeatureFlag/threadedMessages`` is
    /// on: the route's policy declines otherwise, and ``show`` answers instead.
    static let thread: Controller = { request in
        let message = try message(request)
        return Response(request, showing: .thread(message, replies: Mailbox.replies(to: message.id)))
    }

    private static func message(_ request: Request) throws -> Message {
        let id = try request.params.require("message_id", as: Int.self)
        guard let message = Mailbox.message(id) else {
            // Thrown errors become responses in one place; the message reaches in-app callers only.
            throw RoutingError(.notFound, "there is no message \(id)")
        }
        return message
    }
}
