// The Apple-only snippets of `Sources/Routing/Switchyard.docc/NavigationStacks.md`: the Combine,
// SwiftUI and UIKit blocks, which Linux cannot build. They sit behind a condition no build sets, so
// that the snippet check (`SnippetSyncTests`) sees every line and a change to them shows here too;
// `scripts/apple-snippets` parses the article's own blocks.
#if SWITCHYARD_APPLE_SNIPPETS
    #if canImport(Combine)
        import Combine
        import Switchyard

        /// What a scene's views watch: the stack the last link opened.
        @MainActor
        final class StackNavigator: ObservableObject {
            @Published var navigation = StackNavigation()

            /// Opens a link another app or a web page opened, at its depth, in place of what is shown.
            func open(_ url: URL, sourceApplication: String?, router: Router) async {
                let stack = await Connection.sendStack(
                    fromPublicURL: url.absoluteString, sourceApplication: sourceApplication, router: router)
                navigation.show(stack: stack)
            }
        }
    #endif

    #if canImport(SwiftUI)
        import SwiftUI
        import Switchyard

        struct MailStack: View {
            let router: Router
            @StateObject private var navigator = StackNavigator()

            var body: some View {
                NavigationStack(path: $navigator.navigation.path) {
                    InboxView()
                        .navigationDestination(for: Level.self) { level in ScreenView(screen: level.screen) }
                }
                .onOpenURL { url in
                    Task { @MainActor in
                        await navigator.open(url, sourceApplication: nil, router: router)
                    }
                }
            }
        }
    #endif

    #if os(iOS) || os(tvOS) || os(visionOS)
        import Switchyard
        import UIKit

        /// The base class of the app's screens: each knows the level it shows.
        class LevelViewController: UIViewController {
            let level: Level

            init(level: Level) {
                self.level = level
                super.init(nibName: nil, bundle: nil)
            }

            required init?(coder: NSCoder) {
                return nil  // made in code, never from a storyboard
            }
        }

        extension UINavigationController {
            /// Shows `stack` above the root view controller, in place of what is shown, in one
            /// transition; a screen already shown at its depth stays.
            func setStack(_ stack: [Response]) {
                let shown = viewControllers.dropFirst().compactMap { $0 as? LevelViewController }
                var navigation = StackNavigation(path: shown.map(\.level))
                navigation.show(stack: stack)
                let levels: [UIViewController] = navigation.path.enumerated().map { depth, level in
                    depth < shown.count && shown[depth].level == level
                        ? shown[depth] : LevelViewController(level: level)
                }
                setViewControllers(Array(viewControllers.prefix(1)) + levels, animated: true)
            }

            /// The links of the levels shown, root first, to keep for state restoration.
            var stackLinks: [InterruptedLink] {
                viewControllers.compactMap { ($0 as? LevelViewController)?.level.link }
            }
        }

        final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
            var window: UIWindow?
            let router = try! MailRoutes.router()

            func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
                guard let context = contexts.first,
                    let navigationController = window?.rootViewController as? UINavigationController
                else {
                    return
                }
                let url = context.url.absoluteString
                let sourceApplication = context.options.sourceApplication
                Task {
                    let stack = await Connection.sendStack(
                        fromPublicURL: url, sourceApplication: sourceApplication, router: router)
                    navigationController.setStack(stack)
                }
            }
        }
    #endif
#endif
