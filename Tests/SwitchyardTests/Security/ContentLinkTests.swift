import Foundation
import Testing

@testable import Switchyard

/// Regression (links in content were a confused deputy): a link the user tapped in content the
/// app shows but did not write (an e-mail's body, a comment) was sent in-app, so an e-mail holding
/// `mailapp://settings/forwarding?to=attacker@evil.example` ran a private route on its author's
/// behalf. Sent with `contentLink:`, it reaches exactly what a link from another app reaches.
struct ContentLinkTests {
    typealias Probing = PrivateRouteProbingTests

    static let attack = "mailapp://settings/forwarding?to=attacker@evil.example"

    /// The mail app's forwarding setting, private, and what ran of it.
    static func mailRouter(_ log: SecurityLog, notFound: Controller? = nil) throws -> Router {
        let forward: Controller = { request in
            await log.record("forwarding to \(request.query["to"] ?? "-")")
            return Response(request: request, data: ["forwarding": request.query["to"] ?? "-"])
        }
        return try Router(
            routes: Probing.publicRoutes() + [Route("/settings/forwarding", controller: forward)],
            configuration: Probing.configuration(notFound))
    }

    @Test("The attack replayed: an e-mail's link to a private route answers as a link to nothing")
    func theAttackIsClosed() async throws {
        for notFound in [nil, revealingNotFound] {
            let log = SecurityLog()
            let router = try Self.mailRouter(log, notFound: notFound)
            let tapped = await Connection.send(contentLink: Self.attack, router: router)
            // The same link where the route does not exist, and a link to nothing at all.
            let missing = try Router(
                routes: Probing.publicRoutes(), configuration: Probing.configuration(notFound))
            #expect(
                Fingerprint(tapped)
                    == Fingerprint(await Connection.send(contentLink: Self.attack, router: missing)))
            let nothing = await Connection.send(
                contentLink: "mailapp://settings/no-such-page", router: router)
            #expect(tapped.status == .notFound && nothing.status == .notFound)
            if notFound == nil { #expect(tapped.data.isEmpty && nothing.data.isEmpty) }
            #expect(tapped.error == nil, "no error details for a content link")
            #expect(await log.entries.isEmpty, "the private controller never ran")
        }
        // The same link from the app's own Forwarding screen still reaches it.
        let log = SecurityLog()
        let inApp = await Connection.send(Self.attack, router: try Self.mailRouter(log))
        #expect(inApp.status == .ok)
        #expect(await log.entries == ["forwarding to attacker@evil.example"])
    }

    @Test(
        "A content link to a private route, in any spelling, answers exactly as a missing route",
        arguments: Probing.privateURLs + Probing.variants)
    func probe(_ url: String) async throws {
        for notFound in [nil, revealingNotFound] {
            let log = SecurityLog()
            let router = try Router(
                routes: Probing.publicRoutes() + Probing.privateRoutes(log),
                configuration: Probing.configuration(notFound))
            let missing = try Router(routes: [], configuration: Probing.configuration(notFound))
            let tapped = await Connection.send(contentLink: url, router: router)
            #expect(
                Fingerprint(tapped) == Fingerprint(await Connection.send(contentLink: url, router: missing)))
            let all = await Connection.sendAll(contentLink: url, router: router)
            #expect(all.map(Fingerprint.init) == [Fingerprint(tapped)])
            let stack = await Connection.sendStack(contentLink: url, router: router)
            #expect(stack.map(Fingerprint.init) == [Fingerprint(tapped)])
            #expect(await log.entries.isEmpty, "nothing of a private route runs")
            #expect(router.match(url, source: .content) == nil)
            #expect(router.candidates(url, source: .content).isEmpty)
        }
    }

    /// Apart from its source, a content link's answer is an outside link's, whatever the route.
    @Test(arguments: [
        "/messages", "/users/7", "/users/x", "/admin", "/go?to=/admin", "/%zz", "/go?to=https://evil.example",
    ])
    func answersAsAnOutsideLink(_ url: String) async throws {
        let router = try Router(
            routes: Probing.publicRoutes() + Probing.privateRoutes(SecurityLog()),
            configuration: Probing.configuration(revealingNotFound))
        let tapped = Fingerprint(await Connection.send(contentLink: url, router: router))
        let outside = Fingerprint(
            await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router))
        #expect(tapped.source == .content)
        #expect("\(tapped)" == "\(outside)")
    }

    /// A controller that re-sends a URL while handling a content link sends it as content: it
    /// cannot reach a private route with a URL the content wrote.
    @Test func aSendFromInsideAContentRequestStaysContent() async throws {
        let log = SecurityLog()
        let forwarder = Route("/open", isPublic: true) { request in
            let inner = await Connection.send(request.query["url"] ?? "/", router: try Self.mailRouter(log))
            return Response(
                request: request, status: inner.status, data: ["source": "\(inner.request.source)"])
        }
        let router = try Router(routes: [forwarder], configuration: Probing.configuration(nil))
        let response = await Connection.send(
            contentLink: "/open?url=" + "/settings/forwarding?to=attacker@evil.example".addingPercentEncoding(
                withAllowedCharacters: .alphanumerics)!,
            router: router)
        #expect(response.status == .notFound)
        #expect(response.data["source"] as? String == "content")
        #expect(await log.entries.isEmpty)
    }

    /// A content link interrupted (here by a policy that redirects to sign-in) keeps its source:
    /// resumed after sign-in, it still reaches public routes only.
    @Test func anInterruptedContentLinkIsResumedAsContent() async throws {
        let log = SecurityLog()
        let signIn = Policy("signIn") { request in
            .failed(
                .redirect(request, to: "/sign-in", data: [InterruptedLink.dataKey: InterruptedLink(request)]))
        }
        let router = try Router(
            routes: [
                Route("/sign-in", isPublic: true) { request in
                    Response(request: request, data: request.interruptedLink.map { ["resuming": $0] } ?? [:])
                },
                Route("/inbox", isPublic: true, policies: [signIn]) { Response(request: $0) },
                Route("/settings/forwarding") { request in
                    await log.record("forwarding")
                    return Response(request: request)
                },
            ],
            configuration: Probing.configuration(nil))
        let interrupted = await Connection.send(contentLink: "/inbox", router: router)
        let link = try #require(interrupted.data["resuming"] as? InterruptedLink)
        #expect(link == InterruptedLink(url: "/inbox", source: .content))
        let forged = InterruptedLink(url: "/settings/forwarding", source: link.source)
        #expect(await Connection.resume(forged, router: router).status == .notFound)
        #expect(await log.entries.isEmpty)
    }

    @Test func aContentRequestNamesNoApplication() async throws {
        let router = try Router(routes: [Route("/messages", isPublic: true) { Response(request: $0) }])
        let response = await Connection.send(contentLink: "/messages", router: router)
        #expect(response.request.source == .content)
        #expect(response.request.isExternal)
        #expect(response.request.sourceApplication == nil)
        #expect(router.explain("/messages", source: .content).hasPrefix("explain /messages from content"))
        let withPrivate = try Router(routes: [
            Route("/messages", isPublic: true) { Response(request: $0) },
            Route("/drafts") { Response(request: $0) },
        ])
        #expect(
            withPrivate.explain("/drafts", source: .content).contains(
                "link from content: private routes are left out, as if they did not exist"))
    }

    @Test(arguments: [
        (Source.app, #"{"source":"app","url":"/a"}"#),
        (
            Source.external(sourceApplication: "com.example.chat"),
            #"{"source":"external","sourceApplication":"com.example.chat","url":"/a"}"#
        ),
        (Source.external(sourceApplication: nil), #"{"source":"external","url":"/a"}"#),
        (Source.content, #"{"source":"content","url":"/a"}"#),
    ])
    func anInterruptedLinkWritesAndReadsItsSource(source: Source, json: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let link = InterruptedLink(url: "/a", source: source)
        #expect(String(decoding: try encoder.encode(link), as: UTF8.self) == json)
        #expect(try JSONDecoder().decode(InterruptedLink.self, from: Data(json.utf8)) == link)
    }
}
