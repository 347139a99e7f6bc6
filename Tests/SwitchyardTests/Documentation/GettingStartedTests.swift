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

    // Section "Links to your websites": the router with the web-view fallback.
    static func makeSite() throws -> Router {
        let openInWebView: Controller = { request in
            guard request.url.lowercased().hasPrefix("https://") else {
                return Response(request: request, status: .notFound)
            }
            return Response(request: request, data: ["screen": "web", "url": request.url])
        }
        let site = try Router(
            routes: MessageRoutes.all + HelpRoutes.all,
            configuration: .init(
                schemes: ["mailapp"], hosts: ["mail.example.com", "help.example.com"],
                notFound: openInWebView))
        return site
    }

    @Test("Links to your websites")
    func websites() async throws {
        let site = try Self.makeSite()
        let article = await Connection.send(
            fromPublicURL: "https://help.example.com/articles/setup", sourceApplication: nil, router: site)
        // article.data["screen"] as? String == "article"
        let wrongSite = await Connection.send(
            fromPublicURL: "https://mail.example.com/articles/setup", sourceApplication: nil, router: site)
        // wrongSite.data["screen"] as? String == "web": /articles is help.example.com's
        let blog = await Connection.send(
            fromPublicURL: "https://blog.example.com/launch", sourceApplication: nil, router: site)
        // blog.data["url"] as? String == "https://blog.example.com/launch": a host the app does not serve

        #expect(HelpRoutes.all.map(\.hosts) == [["help.example.com"]])
        #expect(HelpRoutes.all.map(\.pattern) == ["/articles/:slug"])
        #expect(article.status == .ok)
        #expect(article.data["screen"] as? String == "article")
        #expect(article.request.params["slug"] == "setup")
        #expect(wrongSite.data["screen"] as? String == "web")
        #expect(wrongSite.request.route == nil)
        #expect(blog.data["url"] as? String == "https://blog.example.com/launch")
        // Unscoped routes answer every served link; a private route is a missing one from outside.
        let message = await Connection.send(
            fromPublicURL: "https://help.example.com/messages/7", sourceApplication: nil, router: site)
        #expect(message.data["screen"] as? String == "message")
        let draft = await Connection.send(
            fromPublicURL: "https://mail.example.com/drafts/3", sourceApplication: nil, router: site)
        #expect(draft.data["screen"] as? String == "web")
        // Not https: no web view.
        #expect(await Connection.send("mailapp://articles/setup", router: site).status == .notFound)
        #expect(await Connection.send("/articles/setup", router: site).data["screen"] as? String == "article")
    }
}
