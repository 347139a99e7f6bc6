import Switchyard

/// Drafts. Their routes are private, but for the preview of a shared draft: only the app itself
/// can open a draft.
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

    /// Shows a shared draft, read-only. A draft that is not shared answers 404, as a missing one
    /// does: the route is public, so any app may guess ids.
    static let preview: Controller = { request in
        let id = try request.params.require("draft_id", as: Int.self)
        guard let draft = Mailbox.draft(id), !draft.sharedWith.isEmpty else {
            throw RoutingError(.notFound, "there is no shared draft \(id)")
        }
        return Response(request, showing: .draftPreview(draft))
    }
}
