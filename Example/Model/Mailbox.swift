/// The example's data: a fixed mailbox, so every run of the tour prints the same table.
///
/// A real app would read from its store here; the routing code would not change.
enum Mailbox {
    static let messages: [Message] = [
        Message(id: 7, from: "grace", subject: "Lunch on Friday?"),
        Message(id: 8, from: "linus", subject: "Quarterly report"),
        Message(id: 9, from: "ada", subject: "Notes from the meetup"),
    ]

    /// Replies, by the id of the message they answer: what the threaded view (behind
    /// ``FeatureFlag/threadedMessages``) shows under a message. Not in the inbox list.
    static let replies: [Int: [Message]] = [
        9: [
            Message(id: 10, from: "grace", subject: "Re: Notes from the meetup"),
            Message(id: 11, from: "linus", subject: "Re: Notes from the meetup"),
        ]
    ]

    /// The folders, each holding some of ``messages`` by id: every message arrives in the inbox,
    /// and the user filed some of them away too.
    static let folders: [Folder] = [
        Folder(name: "inbox", messageIDs: [7, 8, 9]),
        Folder(name: "work", messageIDs: [8, 9]),
        Folder(name: "personal", messageIDs: [7]),
    ]

    /// Draft 2 is shared with colleagues for review: its read-only preview has a public link
    /// (``DraftRoutes``); draft 1 is not shared.
    static let drafts: [Draft] = [
        Draft(id: 1, subject: "Re: Lunch on Friday?"),
        Draft(id: 2, subject: "Ideas for the offsite", sharedWith: ["grace", "linus"]),
    ]

    static let profiles: [Profile] = [
        Profile(username: "ada", displayName: "Ada Lovelace"),
        Profile(username: "grace", displayName: "Grace Hopper"),
        Profile(username: "linus", displayName: "Linus Torvalds"),
    ]

    static let teams: [Team] = [
        Team(slug: "acme", name: "Acme", members: ["ada", "grace", "linus"])
    ]

    static func message(_ id: Int) -> Message? { messages.first { $0.id == id } }
    static func replies(to id: Int) -> [Message] { replies[id] ?? [] }
    static func folder(_ name: String) -> Folder? { folders.first { $0.name == name } }
    static func messages(in folder: Folder) -> [Message] { folder.messageIDs.compactMap { message($0) } }
    static func draft(_ id: Int) -> Draft? { drafts.first { $0.id == id } }
    static func profile(_ username: String) -> Profile? { profiles.first { $0.username == username } }
    static func team(_ slug: String) -> Team? { teams.first { $0.slug == slug } }
}

/// A received message.
struct Message: Sendable, Hashable {
    let id: Int
    let from: String
    let subject: String
}

/// A folder of received messages. Its screen is public: a link opens a folder, or a message
/// in it with the folder beneath (``FolderRoutes``).
struct Folder: Sendable, Hashable {
    let name: String
    /// The ids of its messages, in the order the folder lists them.
    let messageIDs: [Int]
}

/// An unsent message: private to the app, never reachable from a link, unless it is shared.
struct Draft: Sendable, Hashable {
    let id: Int
    let subject: String
    /// The colleagues it is shared with for review; empty for a draft no one else sees. Only a
    /// shared draft has a preview a link opens.
    var sharedWith: [String] = []
}

/// A user's public profile.
struct Profile: Sendable, Hashable {
    let username: String
    let displayName: String
}

/// A company's shared space. Each company has its own subdomain (`acme.mail.example.com`), so a
/// link to a team space names the company twice: once in the host, once in the path.
struct Team: Sendable, Hashable {
    let slug: String
    let name: String
    let members: [String]
}
