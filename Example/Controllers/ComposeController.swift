import Switchyard

/// Writing a new message.
enum ComposeController {
    /// Opens the editor, addressed to the `to` query item if there is one.
    static let new: Controller = { request in
        Response(request, showing: .compose(to: request.query["to"]))
    }
}
