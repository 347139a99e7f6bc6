import Foundation
import Switchyard
import SwitchyardMiddlewares

/// What the app does with links that arrive before it can show them: at a cold start the UI is
/// not up and the user may be signed out, so every link from outside is held in a
/// `PendingLinks`, and opened once the user has signed in.
///
/// The tour runs it in memory; `Example hold` and `Example sign-in` run its two halves in two
/// processes over one file, the way a link survives an app killed at the sign-in screen.
///
/// ```swift
/// let coldStart = try ColdStart(pendingFile: nil)
/// try await coldStart.receive("https://mail.example.com/messages/7", from: Tour.chat)
/// let responses = try await coldStart.signIn(as: "ada")
/// ```
struct ColdStart {
    let session = Session()
    let pending: PendingLinks
    let router: Router

    /// - Parameter pendingFile: Where held links survive a relaunch; `nil` keeps them in memory.
    /// - Throws: `PendingLinksError` when the file cannot be written, `RouteTableError` when a
    ///   route file has a mistake.
    init(pendingFile: URL?) throws {
        pending = try PendingLinks(file: pendingFile, timeToLive: .seconds(600), capacity: 16)
        router = try MailRouter.make(session: session)
    }

    /// A link arrives before the app is ready: it is held, with the source it came from, as a
    /// link a policy interrupted would be (``SignInScreen``).
    func receive(_ url: String, from source: Source) async throws {
        try await pending.hold(InterruptedLink(url: url, source: source))
    }

    /// The user signs in and the inbox is up: every held link opens once, oldest first.
    func signIn(as account: String) async throws -> [Response] {
        await session.signIn(as: account)
        return await pending.deliver(router: router)
    }

    /// The links the tour's cold start receives: a universal link from Chat, a custom-scheme link
    /// from an unknown app, and a private route from outside, which stays invisible.
    static let arrivals: [(url: String, source: Source)] = [
        ("https://mail.example.com/messages/7", Tour.chat),
        ("mailapp://inbox", Tour.unknownApp),
        ("mailapp://drafts/2", Tour.chat),
    ]

    /// The tour's section: links held at launch, then delivered after sign-in.
    static func tourSection() async throws -> String {
        let coldStart = try ColdStart(pendingFile: nil)
        for arrival in arrivals {
            try await coldStart.receive(arrival.url, from: arrival.source)
        }
        let held = await coldStart.pending.count
        let responses = try await coldStart.signIn(as: "ada")
        let left = await coldStart.pending.count
        let rows = responses.map { response in
            [
                response.request.source.description, response.request.url, response.status.description,
                ResultSummary.of(response, sentURL: response.request.url),
            ]
        }
        return """
            A cold start: \(held) links arrive before the inbox is up, signed out. PendingLinks holds them;
            after sign-in each opens once, oldest first, with the source it came with (\(left) left held):

            \(TextColumns.render([["SOURCE", "URL", "STATUS", "RESULT"]] + rows))
            """
    }
}
