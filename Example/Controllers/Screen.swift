import Switchyard

/// What a controller asks the app to show. Controllers put it in the response data under
/// ``dataKey``; the app (here, the tour's table) reads it back with ``Switchyard/Response/screen``.
///
/// Passing a typed value instead of strings is the point: in-app data keeps its types, so the UI
/// layer switches over cases rather than parsing dictionaries.
enum Screen: Sendable, Hashable, CustomStringConvertible {
    case inbox([Message], backTo: String?)
    /// `scrolledTo` is the link's fragment (`#attachments`): where in the message to start.
    case message(Message, scrolledTo: String? = nil)
    case profile(Profile)
    case drafts([Draft])
    case draft(Draft)
    /// `sharing` is a link another app asked to send (`mailapp://share?url=…`).
    case compose(to: String?, sharing: String? = nil)
    case settings(section: String)
    case signIn(next: String?)
    case team(Team)

    static let dataKey = "screen"

    /// One line for the tour's RESULT column.
    var description: String {
        switch self {
        case .inbox(let messages, let backTo):
            "inbox: \(messages.count) messages" + (backTo.map { ", with a back button to \($0)" } ?? "")
        case .message(let message, let section):
            "message \(message.id): \"\(message.subject)\" from \(message.from)"
                + (section.map { ", scrolled to \($0)" } ?? "")
        case .profile(let profile): "profile of \(profile.displayName)"
        case .drafts(let drafts): "drafts: \(drafts.count)"
        case .draft(let draft): "draft \(draft.id): \"\(draft.subject)\""
        case .compose(let to, let link):
            "compose a message" + (to.map { " to \($0)" } ?? "") + (link.map { " sharing \($0)" } ?? "")
        case .settings(let section): "settings: \(section)"
        case .signIn(let next): "sign-in screen" + (next.map { ", then \($0)" } ?? "")
        case .team(let team): "team space of \(team.name): \(team.members.count) members"
        }
    }
}

extension Response {
    /// Builds a response that shows `screen`.
    init(_ request: Request, showing screen: Screen) {
        self.init(request: request, data: [Screen.dataKey: screen])
    }

    /// The screen a controller chose, if the request got that far.
    var screen: Screen? { data[Screen.dataKey] as? Screen }
}
