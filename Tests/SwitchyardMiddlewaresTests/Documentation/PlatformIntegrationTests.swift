import Foundation
import SwitchyardMiddlewares
import SwitchyardPolicies
import Testing

/// The snippets of `Sources/Routing/Switchyard.docc/PlatformIntegration.md`: the receiver, the
/// navigation and the route compile and run here; the Combine, UIKit and SwiftUI blocks,
/// Apple-only, are in `PlatformIntegrationAppleSnippets.swift`.
enum PlatformIntegrationSnippets {
    /// Where every link from outside the app arrives. Make one per app, shared by every scene: two
    /// `PendingLinks` on one file would both deliver the links it held at launch.
    actor LinkReceiver {
        let router: Router
        let pending: PendingLinks
        /// Links the file could not take; they open at ready() after those in the file.
        private var unsaved: [InterruptedLink] = []
        private var isReady = false

        init(router: Router, pendingFile: URL) {
            self.router = router
            do {
                pending = try PendingLinks(file: pendingFile, timeToLive: .seconds(600))
            } catch {
                log.error("held links stay in memory: \(String(describing: error))")
                pending = try! PendingLinks(timeToLive: .seconds(600))  // only a file can fail
            }
        }

        /// The response to show now, or `nil` when the link is held for later.
        func receive(_ url: URL, sourceApplication: String?) async -> Response? {
            guard isReady else {
                let source = Source.external(sourceApplication: sourceApplication)
                await hold(InterruptedLink(url: url.absoluteString, source: source))
                return nil
            }
            return await Connection.send(
                fromPublicURL: url, sourceApplication: sourceApplication, router: router)
        }

        /// Holds `link` until ready(), with the source it arrived with.
        func hold(_ link: InterruptedLink) async {
            do {
                try await pending.hold(link)
            } catch {
                // The file cannot take it (a full disk): in memory it still opens at ready(), and only
                // a kill before then loses it; opening it now would show it before the app is ready.
                log.error("link held in memory only: \(String(describing: error))")
                unsaved.append(link)
            }
        }

        /// Call once the user is signed in and the root screen is up.
        func ready() async -> [Response] {
            isReady = true
            var responses = await pending.deliver(router: router)
            while !unsaved.isEmpty {
                responses.append(await Connection.resume(unsaved.removeFirst(), router: router))
            }
            return responses
        }

        /// Call at sign-out: links hold again until the next sign-in.
        func notReady() {
            isReady = false
        }
    }

    /// The screens a link can open.
    enum Screen: Hashable, Identifiable, Sendable {
        case inbox
        case message(id: Int)
        case compose(to: String)

        var id: Self { self }
    }

    /// Where the responses so far lead: a navigation stack and a sheet.
    struct Navigation: Equatable, Sendable {
        var path: [Screen] = []
        var sheet: Screen?

        mutating func show(_ response: Response) {
            guard response.status.isSuccess, let screen = response.data["screen"] as? Screen else { return }
            switch screen {
            case .inbox: path = []
            case .message: path = [screen]
            case .compose: sheet = screen
            }
        }
    }

    static func router() throws -> Router {
        try Router(
            routes: [
                Route("/messages/:id(int)", name: "message", isPublic: true) { request in
                    let id = try request.params.require("id", as: Int.self)
                    return Response(request: request, data: ["screen": Screen.message(id: id)])
                },
                Route("/compose", name: "compose", isPublic: true) { request in
                    Response(request: request, data: ["screen": Screen.compose(to: "ada")])
                },
                Route("/admin", isPublic: false) { request in
                    Response(request: request, data: ["screen": Screen.inbox])
                },
            ],
            configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))
    }
}

/// The article's name for the receiver, so its extension reads as written there.
typealias LinkReceiver = PlatformIntegrationSnippets.LinkReceiver

extension LinkReceiver {
    /// The sign-in route answered: hold the link it interrupted, so ready() opens it.
    func signInShown(_ response: Response) async {
        guard let link = response.request.interruptedLink else { return }
        await hold(link)
    }
}

/// Stands in for the app's `Logger` (`log` in the article), which Linux lacks, and keeps what it
/// is told so that tests can check it.
final class SnippetLog: @unchecked Sendable {
    // `@unchecked Sendable` is safe: `lines` is only read and written while holding `lock`.
    private let lock = NSLock()
    private var lines: [String] = []

    func error(_ message: String) {
        lock.withLock { lines.append(message) }
    }

    /// The messages that mention `text`: tests run in parallel, so each looks for its own file.
    func messages(mentioning text: String) -> [String] {
        lock.withLock { lines.filter { $0.contains(text) } }
    }
}

let log = SnippetLog()

/// Who is signed in, for the sign-in snippet's router.
actor SignedIn {
    var isSignedIn = false

    func signIn() { isSignedIn = true }
}

struct PlatformIntegrationTests {
    @Test("a link sign-in interrupted is held and opens after sign-in, with its source, across a relaunch")
    func interruptedBySignIn() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let session = SignedIn()
        let signIn = SignInPolicy.redirect(to: "/sign-in") { _ in await session.isSignedIn }
        let router = try Router(
            routes: [
                Route("/sign-in", isPublic: true) { request in Response(request: request) },
                Route("/messages/:id(int)", isPublic: true, policies: [signIn]) { request in
                    Response(request: request, data: ["id": request.params["id"] ?? "-"])
                },
            ], configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))
        let file = directory.appendingPathComponent("pending.jsonl")
        let receiver = LinkReceiver(router: router, pendingFile: file)
        _ = await receiver.ready()
        let shown = try #require(
            await receiver.receive(
                URL(string: "https://mail.example.com/messages/7")!, sourceApplication: "com.example.chat"))
        #expect(shown.request.path == "/sign-in")
        await receiver.signInShown(shown)
        // The app is killed at the sign-in screen; at the next launch, the user signs in.
        let relaunched = LinkReceiver(router: router, pendingFile: file)
        await session.signIn()
        let opened = await relaunched.ready()
        #expect(opened.map(\.status) == [.ok])
        #expect(opened.first?.data["id"] as? String == "7")
        #expect(opened.first?.request.source == .external(sourceApplication: "com.example.chat"))
    }

    @Test("Links held before ready() open once it is called, oldest first, as external links")
    func heldUntilReady() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let router = try PlatformIntegrationSnippets.router()
        let receiver = LinkReceiver(
            router: router, pendingFile: directory.appendingPathComponent("pending.jsonl"))
        // The value the article's Navigator publishes; `show` is the same call.
        var navigator = PlatformIntegrationSnippets.Navigation()
        for link in ["https://mail.example.com/messages/7", "mailapp://admin", "mailapp://compose"] {
            let shown = await receiver.receive(URL(string: link)!, sourceApplication: "com.example.chat")
            #expect(shown == nil, "held: the app is not ready")
        }
        let responses = await receiver.ready()
        for response in responses {
            navigator.show(response)
        }
        #expect(responses.map(\.status) == [.ok, .notFound, .ok], "the private route stays invisible")
        #expect(navigator.path == [.message(id: 7)])
        #expect(navigator.sheet == .compose(to: "ada"))
        // Ready now: a link is answered at once, and nothing is held any more.
        let now = await receiver.receive(URL(string: "mailapp://messages/8")!, sourceApplication: nil)
        #expect(now?.request.source == .external(sourceApplication: nil))
        #expect(await receiver.pending.count == 0)
        await receiver.notReady()
        #expect(await receiver.receive(URL(string: "mailapp://messages/9")!, sourceApplication: nil) == nil)
        #expect(await receiver.pending.count == 1)
    }

    /// Regression: `receive` threw when the file could not be written, and the article's scene
    /// delegate and SwiftUI view called it in a `Task {}` that dropped the error, and the link.
    @Test("A link the file cannot take is held in memory, logged, and opens at ready() after the file's")
    func heldInMemoryWhenTheFileFails() async throws {
        let directory = try temporaryDirectory()
        let file = directory.appendingPathComponent("pending.jsonl")
        let receiver = LinkReceiver(router: try PlatformIntegrationSnippets.router(), pendingFile: file)
        _ = await receiver.receive(URL(string: "mailapp://messages/1")!, sourceApplication: nil)
        try FileManager.default.removeItem(at: directory)
        _ = await receiver.receive(
            URL(string: "mailapp://messages/2")!, sourceApplication: "com.example.chat")
        #expect(log.messages(mentioning: file.path).count == 1)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        _ = await receiver.receive(URL(string: "mailapp://messages/3")!, sourceApplication: nil)
        let responses = await receiver.ready()
        #expect(
            responses.map(\.request.url) == [
                "mailapp://messages/1", "mailapp://messages/3", "mailapp://messages/2",
            ])
        #expect(responses.last?.request.source == .external(sourceApplication: "com.example.chat"))
        #expect(try lines(of: file).isEmpty, "delivered, so out of the file")
    }

    @Test("A file that cannot be opened is logged, and links are held in memory")
    func inMemoryWhenTheFileCannotBeOpened() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "no-such-\(UUID())/pending.jsonl")
        let receiver = LinkReceiver(router: try PlatformIntegrationSnippets.router(), pendingFile: file)
        #expect(log.messages(mentioning: file.path).map { $0.prefix(26) } == ["held links stay in memory:"])
        _ = await receiver.receive(URL(string: "mailapp://messages/4")!, sourceApplication: nil)
        #expect(await receiver.pending.count == 1)
        #expect(await receiver.ready().map(\.status) == [.ok])
    }
}

/// Who is signed in: the app's own state, never the link's.
actor Account {
    private(set) var user: String?
    func signIn(as user: String) { self.user = user }
}

/// The article's "Sign-in, end to end", line for line.
struct SignInEndToEndTests {
    @Test("sign-in, end to end: the user from a middleware, the policy, the sign-in route, resume")
    func signInEndToEnd() async throws {
        let account = Account()
        // 1. A router-wide middleware puts the signed-in user into every request's data.
        let session = Middleware("session") { request in
            guard let user = await account.user else { return request }
            return request.adding(["user": user])
        }
        // 2. Signed out: redirect to /sign-in, carrying the link. Its name, for `skipping:`, is "signIn".
        let signIn = SignInPolicy.redirect(to: "/sign-in") { request in request.data["user"] != nil }
        // 3. The sign-in route skips it, and refuses a `next` item that points outside the app.
        let safeNext = SafeRedirectPolicy.queryItem(
            "next", schemes: ["mailapp", "https"], hosts: ["mail.example.com"], allowsRelative: true)
        let router = try Router(
            middlewares: [session], policies: [signIn],
            routes: [
                Route("/sign-in", isPublic: true, policies: [safeNext], skipping: ["signIn"]) { request in
                    Response(request: request, data: ["screen": "sign-in"])
                },
                Route("/messages/:id(int)", isPublic: true) { request in
                    Response(request: request, data: ["user": request.data["user"] ?? "-"])
                },
            ],
            configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))

        // 4. A link from outside while signed out: the sign-in screen, holding the link it interrupted.
        let shown = await Connection.send(
            fromPublicURL: "https://mail.example.com/messages/7", sourceApplication: nil, router: router)
        // shown.data["screen"] as? String == "sign-in"
        #expect(shown.data["screen"] as? String == "sign-in")
        let interrupted = shown.request.interruptedLink  // the URL as it arrived, and its source
        #expect(
            interrupted
                == InterruptedLink(
                    url: "https://mail.example.com/messages/7", source: .external(sourceApplication: nil)))
        // Not in the article: from outside, `next` must stay inside the app.
        let offsite = await Connection.send(
            fromPublicURL: "https://mail.example.com/sign-in?next=https%3A%2F%2Fevil.example",
            sourceApplication: nil, router: router)
        #expect(offsite.status == .badRequest)
        // 5. Signed in, resume the link with its own source: never `send` it, nor the `next` item.
        await account.signIn(as: "ada")
        if let interrupted {
            let opened = await Connection.resume(interrupted, router: router)
            // opened.data["user"] as? String == "ada", opened.request.source == .external(sourceApplication: nil)
            #expect(opened.data["user"] as? String == "ada")
            #expect(opened.request.source == .external(sourceApplication: nil))
        }
        #expect(interrupted != nil)
    }
}
