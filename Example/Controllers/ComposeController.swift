import Switchyard

/// Writing a new message.
enum ComposeController {
    /// Opens the editor, addressed to the `to` query item if there is one.
    static let new: Controller = { request in
        Response(request, showing: .compose(to: request.query["to"]))
    }

    /// Opens the editor with a link to send. The route's query condition guarantees `url` is
    /// there, so a link without one never reaches this controller.
    static let share: Controller = { request in
        Response(request, showing: .compose(to: nil, sharing: request.query["url"]))
    }
}
