import Foundation
import SwitchyardMiddlewares
import SwitchyardPolicies
import Testing

/// The snippets of `Sources/Routing/Switchyard.docc/PlatformIntegration.md`: the receiver, the
/// navigator and the route compile and run here; the UIKit and SwiftUI blocks, Apple-only, are
/// kept below behind a condition no build sets, so that a change to them shows in this file too.
enum PlatformIntegrationSnippets {
    /// Where every link from outside the app arrives.
    actor LinkReceiver {
        let router: Router
        let pending: PendingLinks
        private var isReady = false

        init(router: Router, pendingFile: URL) throws {
            self.router = router
            self.pending = try PendingLinks(file: pendingFile, timeToLive: .seconds(600))
        }

        /// The response to show now, or `nil` when the link is held for later.
        func receive(_ url: URL, sourceApplication: String?) async throws -> Response? {
            guard isReady else {
                try await pending.hold(
                    fromPublicURL: url.absoluteString, sourceApplication: sourceApplication)
                return nil
            }
            return await Connection.send(
                fromPublicURL: url, sourceApplication: sourceApplication, router: router)
        }

        /// Call once the user is signed in and the root screen is up.
        func ready() async -> [Response] {
            isReady = true
            return await pending.deliver(router: router)
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

    /// Turns responses into a navigation stack and a sheet; SwiftUI binds to both.
    @MainActor
    final class Navigator {
        var path: [Screen] = []
        var sheet: Screen?

        func show(_ response: Response) {
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
    func signInShown(_ response: Response) async throws {
        guard let link = response.request.interruptedLink else { return }
        try await pending.hold(link)
    }
}

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
        let receiver = try LinkReceiver(router: router, pendingFile: file)
        _ = await receiver.ready()
        let shown = try #require(
            try await receiver.receive(
                URL(string: "https://mail.example.com/messages/7")!, sourceApplication: "com.example.chat"))
        #expect(shown.request.path == "/sign-in")
        try await receiver.signInShown(shown)
        // The app is killed at the sign-in screen; at the next launch, the user signs in.
        let relaunched = try LinkReceiver(router: router, pendingFile: file)
        await session.signIn()
        let opened = await relaunched.ready()
        #expect(opened.map(\.status) == [.ok])
        #expect(opened.first?.data["id"] as? String == "7")
        #expect(opened.first?.request.source == .external(sourceApplication: "com.example.chat"))
    }

    @Test("Links held before ready() open once it is called, oldest first, as external links")
    @MainActor
    func heldUntilReady() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let router = try PlatformIntegrationSnippets.router()
        let receiver = try LinkReceiver(
            router: router, pendingFile: directory.appendingPathComponent("pending.jsonl"))
        let navigator = PlatformIntegrationSnippets.Navigator()
        for link in ["https://mail.example.com/messages/7", "mailapp://admin", "mailapp://compose"] {
            let shown = try await receiver.receive(URL(string: link)!, sourceApplication: "com.example.chat")
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
        let now = try await receiver.receive(URL(string: "mailapp://messages/8")!, sourceApplication: nil)
        #expect(now?.request.source == .external(sourceApplication: nil))
        #expect(await receiver.pending.count == 0)
        await receiver.notReady()
        #expect(
            try await receiver.receive(URL(string: "mailapp://messages/9")!, sourceApplication: nil) == nil)
        #expect(await receiver.pending.count == 1)
    }
}

// Apple-only: the UIKit and SwiftUI snippets, which Linux cannot build. They stay parsed (not
// type-checked) so the snippet check sees every line.
#if SWITCHYARD_APPLE_SNIPPETS
    #if canImport(UIKit)
        import UIKit

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            let receiver = AppEnvironment.shared.receiver
            let navigator = AppEnvironment.shared.navigator

            func scene(
                _ scene: UIScene, willConnectTo session: UISceneSession, options: UIScene.ConnectionOptions
            ) {
                // A link that launched the app arrives here, and only here.
                for context in options.urlContexts {
                    open(context.url, from: context.options.sourceApplication)
                }
                for activity in options.userActivities
                where activity.activityType == NSUserActivityTypeBrowsingWeb {
                    if let url = activity.webpageURL { open(url, from: nil) }
                }
            }

            func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
                for context in contexts {
                    open(context.url, from: context.options.sourceApplication)
                }
            }

            func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
                guard userActivity.activityType == NSUserActivityTypeBrowsingWeb,
                    let url = userActivity.webpageURL
                else {
                    return
                }
                open(url, from: nil)
            }

            private func open(_ url: URL, from sourceApplication: String?) {
                Task {
                    if let response = try await receiver.receive(url, sourceApplication: sourceApplication) {
                        navigator.show(response)
                    }
                }
            }
        }
    #endif

    #if canImport(SwiftUI)
        import SwiftUI

        struct MailScene: Scene {
            let receiver: LinkReceiver
            @State private var path = NavigationPath()
            @State private var sheet: Screen?

            var body: some Scene {
                WindowGroup {
                    NavigationStack(path: $path) {
                        InboxView()
                            .navigationDestination(for: Screen.self) { ScreenView(screen: $0) }
                    }
                    .sheet(item: $sheet) { ScreenView(screen: $0) }
                    .onOpenURL { url in open(url) }
                    .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                        if let url = activity.webpageURL { open(url) }
                    }
                }
            }

            private func open(_ url: URL) {
                Task { @MainActor in
                    guard let response = try await receiver.receive(url, sourceApplication: nil),
                        response.status.isSuccess, let screen = response.data["screen"] as? Screen
                    else { return }
                    if case .compose = screen { sheet = screen } else { path.append(screen) }
                }
            }
        }
    #endif
#endif
