import Switchyard

/// Writing a new message. Both routes read their query as a ``ComposeLink``.
enum ComposeController {
    /// Opens the editor, addressed to every `to` item (`?to=grace&to=linus`), with the `subject`
    /// if there is one.
    static let new: Controller = { request in
        let link = try request.decode(ComposeLink.self)
        return Response(request, showing: .compose(to: link.to, subject: link.subject))
    }

    /// Opens the editor with a link to send. The route's query condition guarantees `url` is
    /// there, so a link without one never reaches this controller.
    static let share: Controller = { request in
        let link = try request.decode(ComposeLink.self)
        return Response(request, showing: .compose(to: link.to, subject: link.subject, sharing: link.url))
    }
}
