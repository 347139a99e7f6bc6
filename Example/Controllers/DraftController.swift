import Switchyard

/// Drafts. Their routes are private: only the app itself can open them.
enum DraftController {
    /// Lists the drafts.
    static let index: Controller = { request in
        Response(request, showing: .drafts(Mailbox.drafts))
    }

    /// Shows one draft.
    static let show: Controller = { request in
        let id = try request.params.require("draft_id", as: Int.self)
        guard let draft = Mailbox.draft(id) else { throw RoutingError(.notFound, "there is no draft \(id)") }
        return Response(request, showing: .draft(draft))
    }
}
