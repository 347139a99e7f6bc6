import Switchyard

/// Received messages.
enum MessageController {
    /// Shows one message. `require` throws a 400 for a bad id; the route's `(int)` constraint
    /// already refuses non-numbers, so this only guards against misuse of the controller.
    static let show: Controller = { request in
        let id = try request.params.require("message_id", as: Int.self)
        guard let message = Mailbox.message(id) else {
            // Thrown errors become responses in one place; the message reaches in-app callers only.
            throw RoutingError(.notFound, "there is no message \(id)")
        }
        // The fragment never takes part in matching: `/messages/7#attachments` is the same
        // route, and only the screen cares where to scroll.
        return Response(request, showing: .message(message, scrolledTo: request.fragment))
    }
}
