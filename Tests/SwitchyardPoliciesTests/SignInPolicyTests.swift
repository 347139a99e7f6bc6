import Foundation
import Testing

@testable import SwitchyardPolicies

/// ``SignInPolicy``: the redirect flow and the await-then-resume flow.
struct SignInPolicyTests {
    /// Records what the sign-in route received.
    static let signInRoute = Route("/sign-in", isPublic: true) { request in
        Response(request: request, data: ["next": request.query["next"] ?? "-"])
    }

    static func redirectRouter(signedIn: Bool, counter: Counter) throws -> Router {
        let policy = SignInPolicy.redirect(to: "/sign-in") { _ in signedIn }
        return try Router(
            rewrites: [Rewrite("/d/:id", to: "/drafts/:id")],
            routes: [
                signInRoute,
                Route(
                    "/drafts/:id", isPublic: true, policies: [policy], controller: countingController(counter)
                ),
                Route(
                    "/files/*path", isPublic: true, policies: [policy],
                    controller: countingController(counter)),
            ], configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))
    }

    static let redirects: [(url: String, next: String)] = [
        ("/drafts/3", "/drafts/3"),
        ("/drafts/3?x=1&y=a%20b", "/drafts/3?x=1&y=a%20b"),
        ("/drafts/3/?x=1#frag", "/drafts/3?x=1"),
        ("mailapp://drafts/3?x=1", "/drafts/3?x=1"),
        ("https://mail.example.com/drafts/3", "/drafts/3"),
        ("/d/3?x=1", "/drafts/3?x=1"),
        ("/files/a%2Fb/c", "/files/a%2Fb/c"),
        ("/files/%C3%A9t%C3%A9", "/files/%C3%A9t%C3%A9"),
    ]

    @Test(arguments: redirects)
    func signedOutUsersGoToSignInWithNext(url: String, next: String) async throws {
        let counter = Counter()
        let router = try Self.redirectRouter(signedIn: false, counter: counter)
        let response = await Connection.send(url, router: router)
        #expect(response.status == .ok)
        #expect(response.request.path == "/sign-in")
        #expect(
            response.data["next"] as? String == next, "the sign-in route can continue to the original path")
        // The sign-in redirect is a bare path: it keeps the scheme and host of a link (0.2).
        let scope = url.hasPrefix("/") ? "" : String(url.dropLast(next.count))
        #expect(url.hasPrefix("/") || url.hasSuffix(next))
        #expect(response.request.url == scope + "/sign-in?next=" + encoded(next), "next is percent-encoded")
        #expect(await counter.value == 0, "the protected controller did not run")
        let link = try #require(response.request.interruptedLink, "the redirect's data carries the link")
        #expect(link == InterruptedLink(url: url, source: .app), "the link as it arrived, not next")

        let resumed = await Connection.resume(
            link, router: try Self.redirectRouter(signedIn: true, counter: counter))
        #expect(resumed.status == .ok)
        #expect(resumed.request.path == String(next.prefix { $0 != "?" }))
        #expect(await counter.value == 1, "the resumed link reaches the protected route")
    }

    @Test func theRedirectKeepsTheExternalSource() async throws {
        let router = try Self.redirectRouter(signedIn: false, counter: Counter())
        let response = await Connection.send(
            fromPublicURL: "mailapp://drafts/3", sourceApplication: "com.other", router: router)
        #expect(response.request.path == "/sign-in")
        #expect(response.request.source == .external(sourceApplication: "com.other"))
        #expect(
            response.request.interruptedLink
                == InterruptedLink(
                    url: "mailapp://drafts/3", source: .external(sourceApplication: "com.other")))
    }

    @Test func aSignInPathWithAQueryGetsAnAmpersand() async throws {
        let policy = SignInPolicy.redirect(to: "/sign-in?mode=quick") { _ in false }
        let router = try Router(routes: [
            Route("/sign-in") { request in Response(request: request) },
            Route("/inbox", policies: [policy]) { request in Response(request: request) },
        ])
        let response = await Connection.send("/inbox", router: router)
        #expect(response.request.url == "/sign-in?mode=quick&next=%2Finbox")
    }

    @Test func signedInUsersPass() async throws {
        let counter = Counter()
        let response = await Connection.send(
            "/drafts/3", router: try Self.redirectRouter(signedIn: true, counter: counter))
        #expect(response.status == .ok)
        #expect(response.request.path == "/drafts/3")
        #expect(await counter.value == 1)
    }

    // MARK: awaiting

    static func awaitingRouter(
        signedIn: Bool, counter: Counter, signIn: @escaping @Sendable (Request) async throws -> Bool
    ) throws -> Router {
        try Router(
            routes: [
                Route(
                    "/drafts/:id", isPublic: true,
                    policies: [SignInPolicy.awaiting(isSignedIn: { _ in signedIn }, signIn: signIn)],
                    controller: { request in
                        await counter.increment("controller")
                        return Response(request: request, data: ["id": request.params["id"] ?? "-"])
                    })
            ], configuration: .init(schemes: ["mailapp"]))
    }

    @Test func theSameRequestResumesAfterSignIn() async throws {
        let counter = Counter()
        let router = try Self.awaitingRouter(signedIn: false, counter: counter) { request in
            await counter.increment("signIn \(request.params["id"] ?? "-")")
            try await Task.sleep(for: .milliseconds(20))
            return true
        }
        let response = await Connection.send(
            fromPublicURL: "mailapp://drafts/42?x=1", sourceApplication: nil, router: router)
        #expect(response.status == .ok)
        #expect(response.data["id"] as? String == "42")
        #expect(response.request.query["x"] == "1")
        #expect(await counter.labels == ["signIn 42", "controller"])
    }

    @Test func signedInUsersAreNotAskedAgain() async throws {
        let counter = Counter()
        let router = try Self.awaitingRouter(signedIn: true, counter: counter) { _ in
            await counter.increment("signIn")
            return true
        }
        #expect(await Connection.send("/drafts/1", router: router).status == .ok)
        #expect(await counter.labels == ["controller"])
    }

    @Test func aDeclinedSignInIsUnauthorized() async throws {
        let counter = Counter()
        let router = try Self.awaitingRouter(signedIn: false, counter: counter) { _ in false }
        let response = await Connection.send("/drafts/1", router: router)
        #expect(response.status == .unauthorized)
        #expect(await counter.value == 0)
    }

    @Test func aCancelledWaitEndsWith499() async throws {
        let counter = Counter()
        let started = AsyncStream<Void>.makeStream()
        let router = try Self.awaitingRouter(signedIn: false, counter: counter) { _ in
            started.continuation.yield()
            try await Task.sleep(for: .seconds(60))
            return true
        }
        let task = Task { await Connection.send("/drafts/1", router: router) }
        var iterator = started.stream.makeAsyncIterator()
        await iterator.next()
        task.cancel()
        let response = await task.value
        #expect(response.status == .cancelled)
        #expect(await counter.value == 0, "the controller never runs")
    }

    @Test func aSignInThatIgnoresCancellationStillEndsWith499() async throws {
        let counter = Counter()
        let started = AsyncStream<Void>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        let router = try Self.awaitingRouter(signedIn: false, counter: counter) { _ in
            started.continuation.yield()
            var iterator = release.stream.makeAsyncIterator()
            await iterator.next()
            return true
        }
        let task = Task { await Connection.send("/drafts/1", router: router) }
        var iterator = started.stream.makeAsyncIterator()
        await iterator.next()
        task.cancel()
        release.continuation.yield()
        let response = await task.value
        #expect(response.status == .cancelled)
        #expect(await counter.value == 0)
    }
}
