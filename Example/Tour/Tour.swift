import Foundation
import Switchyard
import SwitchyardMiddlewares

/// The scripted tour that `swift run Example` prints: links from inside the app and from other
/// apps, one per row, showing each outcome of the pipeline.
///
/// Then rows about links rather than paths: a route scoped to a wildcard host, a team home whose
/// team is a host parameter (`:team(alnum).mail.example.com`), a route scoped to the custom
/// scheme with a query condition, the web-view fallback for links no route takes, and a fragment.
/// Then typed links: a controller that reads its link whole (``MessageLink``), the 400 of a value
/// that does not convert, and a link the app builds from a typed value. Then rows about dispatch,
/// when several routes take one URL: a route behind a feature flag that declines, an analytics
/// route that lets the next one answer too (sent with `sendAll` to see both answers), and a
/// redirect that carries data. The last rows open links at the right depth with `sendStack`: a
/// message with its folder beneath, a message with the inbox beneath, and a shared draft whose
/// private parent, the drafts list, only an in-app link gets.
///
/// The tour starts signed out and signs in on the second row, the way a user following a link
/// would: the first row shows the sign-in redirect, the second signs in on that screen and resumes
/// the interrupted link with the source it arrived with (Chat's, not the app's). Rows run in
/// order against one router, so each sees the session the previous rows left.
///
/// ```swift
/// let tour = try Tour()
/// print(Tour.table(await tour.run()))
/// ```
struct Tour {
    /// A step and what the router answered.
    struct Row: Sendable {
        let step: Step
        /// Every answer: the one `send` returned, each of the chain `sendAll` returned, or each
        /// level of the stack `sendStack` returned, root first.
        let answers: [Response]

        /// The last answer, the one `send` returns (for a stack, the link's own answer).
        var response: Response { answers[answers.count - 1] }
        var status: Status { response.status }
        var result: String { result(at: answers.count - 1) }

        /// What the answer at `index` means, with its note.
        func result(at index: Int) -> String {
            ResultSummary.of(answers[index], sentURL: step.url) + " — "
                + step.notes[min(index, step.notes.count - 1)]
        }
    }

    static let chat = Source.external(sourceApplication: "com.example.chat")
    static let calendar = Source.external(sourceApplication: "com.example.calendar")
    static let unknownApp = Source.external(sourceApplication: nil)

    /// App Links data as the Chat app would attach it: JSON in the `al_applink_data` query item.
    static let appLinkURL =
        "mailapp://inbox?al_applink_data="
        + percentEncoded(
            #"{"target_url":"https://mail.example.com/inbox","version":"1.0","#
                + #""referer_app_link":{"app_name":"Chat","url":"chat://conversations/12"}}"#)

    /// The steps, in order. The links the app itself sends from its screens (Reply all, the Labs
    /// switch) are built from typed values with `router`, as the app would build them.
    static func steps(building router: Router) throws -> [Step] {
        [
            Step(chat, "https://mail.example.com/messages/7", "signed out: the sign-in policy redirected"),
            .signingIn(as: "ada", "signed in; the interrupted link resumed as Chat's, not in-app"),
            Step(.app, "mailapp://", "home redirects to the inbox"),
            Step(unknownApp, "mailapp://msg/7", "old URL form, rewritten"),
            Step(chat, "mailapp://u/grace", "short link, forwarded by route name"),
            Step(.app, "mailapp://drafts/2", "private route, in-app"),
            Step(chat, "mailapp://drafts/2", "private route from outside = missing"),
            Step(chat, "mailapp://no/such/page", "no route matches"),
            Step(chat, "mailapp://compose?to=grace", "companion apps only"),
            Step(calendar, "mailapp://compose?to=grace", "a companion app"),
            Step(unknownApp, "mailapp://messages/%zz", "malformed percent escape"),
            Step(
                chat, appLinkURL, "App Links data from Chat",
                display: "mailapp://inbox?al_applink_data={…Chat…}"),
            Step(
                unknownApp, "mailapp://inbox?q=" + String(repeating: "x", count: 9000),
                "over the 8192-byte limit",
                display: "mailapp://inbox?q=xxxx… (9018 bytes)"),
            Step(.app, "mailapp://settings/notifications", "private route, in-app"),
            Step(
                unknownApp, "mailapp://sign-in?next=https%3A%2F%2Fevil.example",
                "next must stay inside the app"),
            Step(
                unknownApp, "https://mail.example.com/sign-in?next=" + percentEncoded(privateLabsPath),
                "from outside, next must reach a public route: no borrowing the app's authority",
                display: "https://mail.example.com/sign-in?next=/settings/labs/…"),
            // Links, not just paths: which scheme and host a link names decides what it reaches.
            Step(
                chat, "https://acme.mail.example.com/team/acme",
                "a route scoped to the wildcard host *.mail.example.com"),
            Step(chat, "mailapp://team/acme", "same path by the custom scheme: the route is for web links"),
            Step(.app, "/team/acme", "a bare path in-app reaches the scoped route"),
            // A host parameter: the team home takes its team from the host (`TeamRoutes`). The
            // link is the one the team's Invite button builds, shared in Chat.
            Step(
                chat, try router.url(for: "teamHome", ["team": "acme"]),
                "a host parameter: :team(alnum).mail.example.com gives team acme; built by url(for: \"teamHome\")"
            ),
            Step(
                chat, "https://mail.example.com/",
                "three labels: the team home's host needs four, so home redirects to the inbox as before"),
            Step(
                chat, "https://a-b.mail.example.com/",
                "a-b is not alnum: the team home's host does not match, home answers"),
            Step(
                chat, "mailapp://share?url=https%3A%2F%2Fnews.example.org%2Fstory",
                "a route for mailapp:// only, with a url= condition"),
            Step(chat, "mailapp://share", "no url item: the query condition fails"),
            Step(
                .content, "https://news.example.org/story",
                "a link in a message, sent as content: web-view fallback"),
            Step(chat, "mailapp://messages/8#attachments", "the fragment, read by the controller"),
            Step(
                chat, "https://mail.example.com/messages/8.eml",
                "a parameter and a suffix in one segment: the message's source"),
            // Typed links: a controller reads its link whole, and the app builds one from a value.
            Step(.app, "mailapp://messages/8?highlight=report", "a typed link: MessageLink, decoded whole"),
            Step(
                .app, "mailapp://messages/abc",
                "MessageLink's id is an Int: the 400 names the key and the type"),
            Step(
                .app, try router.url(for: "compose", ComposeLink(to: ["grace", "linus"], subject: "Lunch")),
                "Reply all, built from a ComposeLink: one to= item per recipient"),
            // Dispatch: the routes a link fits are its candidates, tried in order (`MessageRoutes`).
            Step(
                .app, "mailapp://messages/9",
                "threaded view's flag is off: it declined, the classic route answered"),
            Step(
                .app, try router.url(for: "settings.labs", LabsLink(flag: .threadedMessages, enabled: true)),
                "Labs turns the flag on"),
            .sendingAll(
                chat, "mailapp://messages/9",
                [
                    "sendAll, answer 1: the analytics route recorded the link and continued",
                    "answer 2: the next candidate, the threaded view, now that its flag is on",
                ]),
            Step(chat, "mailapp://messages/9", "send returns the chain's last answer"),
            Step(chat, "mailapp://promo/spring", "a redirect carrying the campaign as data"),
            Step(chat, "mailapp://inbox?campaign=free", "a query item is not redirect data: no banner"),
            // Links in content the app shows but did not write are the content's author's: sent as
            // content, they reach what an outside link reaches. A mailto: link goes to Mail.
            Step(.content, "mailto:help@example.com", "a mailto: link in a message: the system opens it"),
            // A link in an e-mail is its author's, not the app's: sent as content, a link to a
            // private route answers exactly as a link to nothing.
            Step(
                .content, forwardingAttackURL,
                "an e-mail's link to private Settings → Forwarding: answered as a missing route",
                display: "mailapp://settings/forwarding?to=attacker@…"),
            Step(
                .content, "mailapp://settings/no-such-page",
                "a link to nothing, for comparison: the same answer"),
            // Stacks: a link opens at the right depth, its route's `parent:` beneath it.
            .sendingStack(
                .app, "mailapp://folders/work/messages/8",
                [
                    "sendStack, the root: the folder, its URL built from the link's :folder",
                    "the link's own answer, above its folder",
                ]),
            .sendingStack(
                chat, "https://mail.example.com/messages/7",
                [
                    "from Chat: the inbox is public, so it stays beneath, on the link's scheme and host",
                    "message 7 above it: every candidate of /messages/7 has parent: \"inbox\"",
                ]),
            .sendingStack(
                chat, sharedDraftURL,
                [
                    "a shared draft from Chat: its parent, the drafts list, is private, so sendStack "
                        + "left it out and the preview is the whole stack"
                ]),
            .sendingStack(
                .app, sharedDraftURL,
                [
                    "the app's own Drafts screen opening it: the private drafts list is the root",
                    "the preview above it",
                ]),
            .sendingStack(
                .content, sharedDraftURL,
                [
                    "the same link in a message body, sent as content: the drafts list is private, "
                        + "so the preview is again the whole stack"
                ]),
        ]
    }

    /// A private route that turns a feature on: what an outside link must never reach, even
    /// through the sign-in door.
    static let privateLabsPath = "/settings/labs/threaded-messages?enabled=true"

    /// What an attacker writes in an e-mail: a link to the private forwarding setting.
    static let forwardingAttackURL = "mailapp://settings/forwarding?to=attacker@evil.example"

    /// A draft shared for review: a public preview whose parent, the drafts list, is private.
    static let sharedDraftURL = "https://mail.example.com/drafts/2/preview"

    /// The URL whose candidates the tour prints with `explain` after the table.
    static let explainedURL = "mailapp://messages/9"

    let session = Session()
    /// Sees every response of the tour, in memory only.
    let history = History(file: nil)
    /// Fed by the analytics route, in memory only.
    let analytics = LinkAnalytics()
    let router: Router
    let steps: [Step]

    init() throws {
        router = try MailRouter.make(session: session, analytics: analytics, history: history)
        steps = try Self.steps(building: router)
    }

    /// Sends every step in order.
    func run() async -> [Row] {
        var rows: [Row] = []
        for step in steps {
            let answers: [Response]
            switch step.kind {
            case .send: answers = [await Connection.send(step.url, from: step.source, router: router)]
            case .sendAll: answers = await Connection.sendAll(step.url, from: step.source, router: router)
            case .sendStack: answers = await Connection.sendStack(step.url, from: step.source, router: router)
            case .signIn(let account):
                // The screen the previous row showed; without one, the step signs in alone.
                if let screen = rows.last.flatMap({ SignInScreen(showing: $0.response, router: router) }) {
                    answers = [await screen.signIn(as: account)]
                } else {
                    answers = [await Connection.send(step.url, router: router)]
                }
            }
            rows.append(Row(step: step, answers: answers))
        }
        return rows
    }

    /// The rows as aligned columns: SOURCE, URL, STATUS, RESULT. A `sendAll` row's later answers
    /// get lines of their own, marked as coming from the next candidate; so do the upper levels of
    /// a `sendStack` row, root first, each marked as above the line before it. A level sent to
    /// another URL than the link (an ancestor) says so with `via`.
    static func table(_ rows: [Row]) -> String {
        TextColumns.render(
            [["SOURCE", "URL", "STATUS", "RESULT"]]
                + rows.flatMap { row in
                    row.answers.indices.map { index in
                        [
                            index == 0 ? row.step.source.description : "",
                            index == 0 ? row.step.display ?? row.step.url : continuation(of: row.step.kind),
                            row.answers[index].status.description, row.result(at: index),
                        ]
                    }
                })
    }

    /// How the table marks a row's later answers.
    private static func continuation(of kind: Step.Kind) -> String {
        kind == .sendStack ? "  ↳ above it" : "  ↳ next candidate"
    }

    private static func percentEncoded(_ text: String) -> String {
        let unreserved = CharacterSet(
            charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~")
        return text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
