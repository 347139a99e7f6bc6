import Switchyard

/// What a controller asks the app to show. Controllers put it in the response data under
/// ``dataKey``; the app (here, the tour's table) reads it back with ``Switchyard/Response/screen``.
///
/// Passing a typed value instead of strings is the point: in-app data keeps its types, so the UI
/// layer switches over cases rather than parsing dictionaries.
enum Screen: Sendable, Hashable, CustomStringConvertible {
    /// `campaign` is the promotion whose banner the inbox shows: data carried by the redirect of a
    /// promotion link (``PromoController``), never read from the URL.
    case inbox([Message], backTo: String?, campaign: String? = nil)
    /// `scrolledTo` is the link's fragment (`#attachments`): where in the message to start;
    /// `highlighting` the word its ``MessageLink`` asks to highlight.
    case message(Message, scrolledTo: String? = nil, highlighting: String? = nil)
    /// A message's raw source (`/messages/7.eml`).
    case messageSource(Message)
    /// The threaded view of a message, behind ``FeatureFlag/threadedMessages``.
    case thread(Message, replies: [Message], highlighting: String? = nil)
    case profile(Profile)
    /// A folder's messages (``FolderController``).
    case folder(String, messages: [Message])
    case drafts([Draft])
    case draft(Draft)
    /// The read-only preview of a draft shared for review, the one draft screen a link from
    /// outside may open.
    case draftPreview(Draft)
    /// `to` holds every recipient of the link (`?to=grace&to=linus`); `sharing` is a link
    /// another app asked to send (`mailapp://share?url=…`).
    case compose(to: [String], subject: String? = nil, sharing: String? = nil)
    case settings(section: String)
    /// Settings → Forwarding, after forwarding incoming mail to `to`.
    case forwarding(to: String)
    /// Settings → Labs, after turning a feature flag on or off.
    case labs(FeatureFlag, isOn: Bool)
    /// `next` is the interrupted link's path, to show; `resuming` is the link itself, with its
    /// source, which ``SignInScreen`` resumes once the user signed in.
    case signIn(next: String?, resuming: InterruptedLink? = nil)
    case team(Team)

    static let dataKey = "screen"

    /// One line for the tour's RESULT column.
    var description: String {
        switch self {
        case .inbox(let messages, let backTo, let campaign):
            "inbox: \(messages.count) messages" + (backTo.map { ", with a back button to \($0)" } ?? "")
                + (campaign.map { ", with the \($0) campaign's banner" } ?? "")
        case .message(let message, let section, let word):
            "message \(message.id): \"\(message.subject)\" from \(message.from)"
                + (section.map { ", scrolled to \($0)" } ?? "")
                + (word.map { ", highlighting \"\($0)\"" } ?? "")
        case .messageSource(let message): "source of message \(message.id) (message/rfc822)"
        case .thread(let message, let replies, let word):
            "thread of message \(message.id): \"\(message.subject)\" from \(message.from), \(replies.count) replies"
                + (word.map { ", highlighting \"\($0)\"" } ?? "")
        case .profile(let profile): "profile of \(profile.displayName)"
        case .folder(let name, let messages): "folder \(name): \(messages.count) messages"
        case .drafts(let drafts): "drafts: \(drafts.count)"
        case .draft(let draft): "draft \(draft.id): \"\(draft.subject)\""
        case .draftPreview(let draft):
            "preview of draft \(draft.id): \"\(draft.subject)\", shared with "
                + draft.sharedWith.joined(separator: ", ")
        case .compose(let to, let subject, let link):
            "compose a message" + (to.isEmpty ? "" : " to " + to.joined(separator: ", "))
                + (subject.map { " about \"\($0)\"" } ?? "") + (link.map { " sharing \($0)" } ?? "")
        case .settings(let section): "settings: \(section)"
        case .forwarding(let address): "settings: forwarding all mail to \(address)"
        case .labs(let flag, let isOn): "settings: labs, \(flag) turned \(isOn ? "on" : "off")"
        case .signIn(let next, _): "sign-in screen" + (next.map { ", then \($0)" } ?? "")
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
