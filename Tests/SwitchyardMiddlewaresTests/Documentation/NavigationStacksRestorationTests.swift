import Foundation
import SwitchyardMiddlewares
import Testing

/// The `PendingLinks` snippet of `Sources/Routing/Switchyard.docc/NavigationStacks.md` (state
/// restoration, every level held until the app is ready); the article's other snippets are in
/// `Tests/SwitchyardTests/Documentation/NavigationStacksTests.swift`.
enum NavigationStacksRestorationSnippets {
    /// A saved stack, held until the app is ready, then opened level by level, root first, each
    /// with the source it first came with.
    actor SavedStack {
        /// Without a file: the scene keeps the links; this holds them until the app is ready.
        private let pending = try! PendingLinks(timeToLive: .seconds(600))  // only a file can fail

        /// At launch, before sign-in: holds every level the scene saved.
        func hold(_ links: [InterruptedLink]) async throws {
            for link in links {
                try await pending.hold(link)
            }
        }

        /// Once the app is ready: every level sent again, in order, each once.
        func open(router: Router) async -> [Response] {
            await pending.deliver(router: router)
        }
    }
}

@Suite("Docs: Navigation Stacks, restoration through PendingLinks")
struct NavigationStacksRestorationTests {
    typealias SavedStack = NavigationStacksRestorationSnippets.SavedStack

    static let screen: Controller = { request in Response(request: request) }

    /// Folders and messages as in the article, a private drafts list, and a route for the screen
    /// the user opened by hand, which is in no parent chain.
    static func router() throws -> Router {
        try Router(
            routes: [
                Route("/folders/:folder", name: "folder", isPublic: true, controller: screen),
                Route(
                    "/folders/:folder/messages/:id(int)", name: "message", isPublic: true, parent: "folder",
                    controller: screen),
                Route("/drafts", name: "drafts", controller: screen),
                Route("/contacts/:name", name: "contact", controller: screen),
            ],
            configuration: .init(schemes: ["mailapp"]))
    }

    @Test("Every level held is opened again, in order, once, each with its source")
    func restored() async throws {
        let router = try Self.router()
        let links = [
            InterruptedLink(
                url: "mailapp://folders/work", source: .external(sourceApplication: "com.example.chat")),
            InterruptedLink(
                url: "mailapp://folders/work/messages/42",
                source: .external(sourceApplication: "com.example.chat")),
            InterruptedLink(url: "mailapp://contacts/ada", source: .app),
        ]
        // At launch, before sign-in, with the links the scene saved:
        let savedStack = SavedStack()
        try await savedStack.hold(links)
        // Once the app is ready:
        let levels = await savedStack.open(router: router)
        // levels.map(\.request.url) == links.map(\.url); show them with navigation.show(stack: levels)
        #expect(levels.map(\.request.url) == links.map(\.url))
        #expect(levels.map(\.request.source) == links.map(\.source))
        #expect(levels.map(\.status) == [.ok, .ok, .ok])
        #expect(await savedStack.open(router: router).isEmpty, "each level once")
    }

    @Test("A level held as external stays external: a private route answers 404 from outside")
    func externalStaysExternal() async throws {
        let savedStack = SavedStack()
        try await savedStack.hold([
            InterruptedLink(url: "mailapp://drafts", source: .external(sourceApplication: nil)),
            InterruptedLink(url: "mailapp://drafts", source: .app),
        ])
        #expect(await savedStack.open(router: try Self.router()).map(\.status) == [.notFound, .ok])
    }
}
