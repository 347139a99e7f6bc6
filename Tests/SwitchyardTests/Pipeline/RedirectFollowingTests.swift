import Testing

@testable import Switchyard

/// Architecture, "The pipeline" step 9: `.seeOther` with a location is followed within the router,
/// keeping the original source, at most `maxRedirects` times; more, or a loop, gives 508.
@Suite("Pipeline: redirects")
struct RedirectFollowingTests {
    static func to(_ location: String) -> Controller {
        { request in Response.redirect(request, to: location) }
    }

    /// `/hop/n` redirects to `/hop/n-1`; `/hop/0` answers 200.
    static func hopRouter(maxRedirects: Int, observers: [any RouteObserver] = []) throws -> Router {
        try Router(
            routes: [
                Route("/hop/:n(int)", isPublic: true) { request in
                    let n = try request.params.require("n", as: Int.self)
                    return n == 0 ? Response(request: request) : .redirect(request, to: "/hop/\(n - 1)")
                }
            ], configuration: .init(maxRedirects: maxRedirects, observers: observers))
    }

    static func sourceData(_ request: Request) -> Response {
        Response(request: request, data: ["source": request.source, "user": request.data["user"] ?? "-"])
    }

    static let redirectRouter: Router = try! Router(
        routes: [
            Route("/old", isPublic: true, controller: to("/new?from=old")),
            Route("/new", isPublic: true) { sourceData($0) },
            Route("/to-private", isPublic: true, controller: to("/private")),
            Route("/private") { sourceData($0) },
            Route("/loop/a", isPublic: true, controller: to("/loop/b")),
            Route("/loop/b", isPublic: true, controller: to("mailapp://loop/a")),
            Route("/loop/c", isPublic: true, controller: to("mailapp://loop/c")),
            Route("/self", isPublic: true, controller: to("/self")),
            Route("/web", isPublic: true, controller: to("https://help.example.org/mail?x=1")),
            Route("/other-app", isPublic: true, controller: to("otherapp://open/1")),
            Route("/own-web", isPublic: true, controller: to("https://mail.example.com/new")),
            Route("/broken", isPublic: true, controller: to("/a/%zz")),
        ],
        configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"], maxRedirects: 10))

    static let sources: [Source] = [
        .app, .external(sourceApplication: nil), .external(sourceApplication: "com.example.chat"), .content,
    ]

    static func send(_ url: String, from source: Source, data: [String: any Sendable] = [:]) async -> Response
    {
        switch source {
        case .app: await Connection.send(url, data: data, router: redirectRouter)
        case .external(let application):
            await Connection.send(fromPublicURL: url, sourceApplication: application, router: redirectRouter)
        case .content: await Connection.send(contentLink: url, data: data, router: redirectRouter)
        }
    }

    @Test("a redirect is followed, keeping the source", arguments: sources)
    func followed(source: Source) async {
        let response = await Self.send("/old", from: source)
        #expect(response.status == .ok)
        #expect(response.request.url == "/new?from=old")
        #expect(response.request.query["from"] == "old")
        #expect(response.request.source == source)
        #expect(response.data["source"] as? Source == source)
    }

    @Test("in-app data is kept across a redirect, with its type")
    func dataKept() async {
        let response = await Self.send("/old", from: .app, data: ["user": 42])
        #expect(response.data["user"] as? Int == 42)
    }

    @Test("a redirect into a private route answers like a missing route from outside", arguments: sources)
    func privateTarget(source: Source) async {
        let response = await Self.send("/to-private", from: source)
        #expect(response.status == (source == .app ? .ok : .notFound))
        #expect(response.request.source == source)
    }

    @Test(
        "loops give 508",
        arguments: ["/loop/a", "/loop/b", "mailapp://loop/a", "/loop/c", "/self"], sources)
    func loops(url: String, source: Source) async {
        let response = await Self.send(url, from: source)
        #expect(response.status == .loopDetected)
        #expect(response.location == nil)
        #expect((response.error != nil) == (source == .app))
    }

    @Test("up to maxRedirects hops are followed; one more gives 508", arguments: [1, 3, 5])
    func maxRedirects(limit: Int) async throws {
        let router = try Self.hopRouter(maxRedirects: limit)
        let within = await Connection.send("/hop/\(limit)", router: router)
        #expect(within.status == .ok)
        #expect(within.request.url == "/hop/0")
        let beyond = await Connection.send("/hop/\(limit + 1)", router: router)
        #expect(beyond.status == .loopDetected)
    }

    @Test("the default maxRedirects is 5")
    func defaultMaxRedirects() async throws {
        let router = try Router(
            routes: try Self.hopRouter(maxRedirects: 0).routes, configuration: .init())
        #expect(await Connection.send("/hop/5", router: router).status == .ok)
        #expect(await Connection.send("/hop/6", router: router).status == .loopDetected)
    }

    @Test(
        "a redirect to a scheme or host the router does not serve is returned as it is",
        arguments: [("/web", "https://help.example.org/mail?x=1"), ("/other-app", "otherapp://open/1")],
        sources)
    func foreign(redirect: (url: String, location: String), source: Source) async {
        let (url, location) = redirect
        let response = await Self.send(url, from: source)
        #expect(response.status == .seeOther)
        #expect(response.location == location)
        #expect(response.request.url == url)
        #expect(response.request.source == source)
    }

    @Test("a redirect to an http(s) URL of a served host is followed")
    func ownUniversalLink() async {
        let response = await Self.send("/own-web", from: .external(sourceApplication: nil))
        #expect(response.status == .ok)
        #expect(response.request.url == "https://mail.example.com/new")
    }

    @Test("a redirect to a malformed URL of this router is answered by the parser")
    func malformedLocation() async {
        #expect(await Self.send("/broken", from: .app).status == .badRequest)
    }

    @Test("observers see one final response per send, after redirects")
    func observersSeeFinal() async throws {
        let observer = RecordingObserver()
        let router = try Self.hopRouter(maxRedirects: 5, observers: [observer])
        _ = await Connection.send("/hop/3", router: router)
        _ = await Connection.send("/hop/9", router: router)
        let seen = await observer.observations
        #expect(seen.map(\.status) == [.ok, .loopDetected])
        #expect(seen.map(\.url) == ["/hop/0", "/hop/4"])
    }
}
