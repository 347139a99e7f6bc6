import Foundation
import Switchyard
import Testing

/// Mirrors the code of Sources/Routing/Switchyard.docc/GettingStarted.md, section by section.
@Suite("Docs: Getting Started")
struct GettingStartedTests {
    // Section "Create the router".
    static func makeRouter() throws -> Router {
        let router = try Router(
            routes: MessageRoutes.all + SettingsRoutes.all,
            configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))
        return router
    }

    @Test("Send from inside the app")
    func sendInApp() async throws {
        let router = try Self.makeRouter()
        let response = await Connection.send("mailapp://messages/7", router: router)
        // response.status == .ok, response.data["id"] as? Int == 7
        let draft = await Connection.send("/drafts/3", data: ["presenter": "sheet"], router: router)
        // draft.data["presenter"] as? String == "sheet"

        #expect(response.status == .ok)
        #expect(response.data["id"] as? Int == 7)
        #expect(response.request.route?.name == "message")
        #expect(draft.status == .ok)
        #expect(draft.data["presenter"] as? String == "sheet")
    }

    @Test("Open URLs from other apps")
    func openFromOutside() async throws {
        let router = try Self.makeRouter()
        let url = URL(string: "https://mail.example.com/messages/7")!
        let shown = await Connection.send(
            fromPublicURL: url, sourceApplication: "com.example.chat", router: router)
        // shown.status == .ok: the route is public
        let hidden = await Connection.send(
            fromPublicURL: "mailapp://drafts/3", sourceApplication: nil, router: router)
        // hidden.status == .notFound: private routes answer as missing ones do

        #expect(shown.status == .ok)
        #expect(shown.request.sourceApplication == "com.example.chat")
        #expect(shown.request.isExternal)
        #expect(hidden.status == .notFound)
        #expect(hidden.request.route == nil)
    }

    @Test("Callers that are not async")
    func responseHandler() async throws {
        let router = try Self.makeRouter()
        let response = await withCheckedContinuation { (continuation: CheckedContinuation<Response, Never>) in
            Connection.send(fromPublicURL: "mailapp://messages/7", sourceApplication: nil, router: router) {
                response in
                // Runs on a new task: hop to the main actor to show a screen.
                continuation.resume(returning: response)
            }
        }
        #expect(response.status == .ok)
    }

    @Test("Group routes")
    func groups() async throws {
        let router = try Self.makeRouter()
        let names = SettingsRoutes.all.map(\.name)
        // ["settings.index", "settings.notifications"]
        let path = try router.path(for: "settings.notifications")
        // "/settings/notifications"

        #expect(names == ["settings.index", "settings.notifications"])
        #expect(path == "/settings/notifications")
        #expect(SettingsRoutes.all.allSatisfy { !$0.isPublic })
        #expect(await Connection.send("mailapp://settings", router: router).status == .ok)
    }
}
