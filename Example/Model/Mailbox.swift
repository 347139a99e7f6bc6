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

    static let drafts: [Draft] = [
        Draft(id: 1, subject: "Re: Lunch on Friday?"),
        Draft(id: 2, subject: "Ideas for the offsite"),
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

/// An unsent message: private to the app, never reachable from a link.
struct Draft: Sendable, Hashable {
    let id: Int
    let subject: String
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
