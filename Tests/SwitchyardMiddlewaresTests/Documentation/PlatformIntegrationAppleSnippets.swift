// The Apple-only snippets of `Sources/Routing/Switchyard.docc/PlatformIntegration.md`: the
// Combine, UIKit and SwiftUI blocks, which Linux cannot build. They sit behind a condition no
// build sets, so that the snippet check (`SnippetSyncTests`) sees every line and a change to them
// shows here too; `scripts/apple-snippets` parses the article's own blocks.
#if SWITCHYARD_APPLE_SNIPPETS
    #if canImport(Combine)
        import Combine
        import SwitchyardMiddlewares

        /// What a scene's views watch: every change to its navigation redraws them.
        @MainActor
        final class Navigator: ObservableObject {
            @Published var navigation = Navigation()

            func show(_ response: Response) {
                navigation.show(response)
            }
        }

        /// What every scene shares, made once per app.
        enum AppEnvironment {
            static let receiver = LinkReceiver(
                router: try! MailRoutes.router(),  // a test builds it too: a route mistake fails there
                pendingFile: .cachesDirectory.appending(path: "pending-links.jsonl"))
        }
    #endif

    #if os(iOS) || os(tvOS) || os(visionOS)
        import SwitchyardMiddlewares
        import UIKit

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            let receiver = AppEnvironment.receiver
            let navigator = Navigator()

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
                    if let response = await receiver.receive(url, sourceApplication: sourceApplication) {
                        navigator.show(response)
                    }
                }
            }
        }
    #endif

    #if canImport(SwiftUI)
        import SwiftUI
        import SwitchyardMiddlewares

        @main
        struct MailApp: App {
            var body: some Scene {
                WindowGroup {
                    MailRoot(receiver: AppEnvironment.receiver)
                }
            }
        }

        struct MailRoot: View {
            let receiver: LinkReceiver
            @StateObject private var navigator = Navigator()

            var body: some View {
                NavigationStack(path: $navigator.navigation.path) {
                    InboxView()
                        .navigationDestination(for: Screen.self) { ScreenView(screen: $0) }
                }
                .sheet(item: $navigator.navigation.sheet) { ScreenView(screen: $0) }
                .onOpenURL { url in open(url) }
                .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                    if let url = activity.webpageURL { open(url) }
                }
            }

            private func open(_ url: URL) {
                Task { @MainActor in
                    if let response = await receiver.receive(url, sourceApplication: nil) {
                        navigator.show(response)
                    }
                }
            }
        }
    #endif
#endif
