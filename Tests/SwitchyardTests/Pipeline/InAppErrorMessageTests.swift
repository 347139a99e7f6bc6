import Testing

@testable import Switchyard

/// Every non-2xx answer the router makes itself carries, for an in-app request, a ``RoutingError``
/// that says what happened and what to try; an external request gets the bare status.
@Suite("Pipeline: in-app error messages")
struct InAppErrorMessageTests {
    static let echo: Controller = { Response(request: $0) }

    /// A small mail router: a typo, a link it does not serve, and routes that decline.
    static func router(notFound: Controller? = nil) throws -> Router {
        try Router(
            routes: [
                Route("/inbox", isPublic: true, controller: echo),
                Route("/messages/:id(int)", name: "message", isPublic: true, controller: echo),
                Route("/posts/:id(int)", name: "post", isPublic: true) { _ in throw RouteDeclined() },
                Route(
                    "/posts/:slug", name: "legacyPost", isPublic: true,
                    policies: [Policy("never") { _ in .declined }], controller: echo),
            ],
            configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"], notFound: notFound))
    }

    static let notFoundCases: [(url: String, message: String)] = [
        (
            "/mesages/7",
            "no route matches /mesages/7; nearest: /messages/:id(int) (message); router.explain(\"/mesages/7\") "
                + "shows, segment by segment, where matching stopped"
        ),
        (
            "mailapp://messages/seven",
            "no route matches mailapp://messages/seven; router.explain(\"mailapp://messages/seven\") "
                + "shows, segment by segment, where matching stopped"
        ),
        (
            "https://news.example.org/story",
            "no route is for https://news.example.org/story: the router does not serve the host "
                + "'news.example.org'; add it to Configuration.hosts to route its links, or set a "
                + "notFound controller to open them in a web view"
        ),
        (
            "otherapp://open/1",
            "no route is for otherapp://open/1: the router does not serve the scheme 'otherapp'; add it "
                + "to Configuration.schemes"
        ),
    ]

    @Test(
        "Regression (in-app 404 carried no RoutingError): a 404 says why and where to look, in-app only",
        arguments: notFoundCases)
    func notFoundExplains(url: String, message: String) async throws {
        let router = try Self.router()
        let app = await Connection.send(url, router: router)
        #expect(app.status == .notFound)
        #expect(app.error == RoutingError(.notFound, message))
        #expect(app.data.count == 1)
        let external = await Connection.send(
            fromPublicURL: url, sourceApplication: "com.other", router: router)
        #expect(external.status == .notFound)
        #expect(external.error == nil)
        #expect(external.data.isEmpty, "an external caller learns the status and nothing else")
    }

    static let declined =
        "every route for /posts/7 declined (a stage threw RouteDeclined or a policy answered .declined): "
        + "/posts/:id(int) (post), /posts/:slug (legacyPost); router.candidates(\"/posts/7\") lists them "
        + "in the order they ran"

    /// `RequestPipeline.runRemainingCandidates` passes the candidates it ran, so telling a decline
    /// from no route costs no walk of its own (`LinearDeclineTests` counts them).
    @Test("every candidate declined: a 404 naming them, in-app only")
    func everyCandidateDeclined() async throws {
        let router = try Self.router()
        let app = await Connection.send("/posts/7", router: router)
        #expect(app.status == .notFound)
        #expect(app.error?.status == .notFound)
        #expect(app.error == RoutingError(.notFound, Self.declined))
        let external = await Connection.send(
            fromPublicURL: "/posts/7", sourceApplication: nil, router: router)
        #expect(external.status == .notFound)
        #expect(external.data.isEmpty)
    }

    /// The hints name tools that do show what the message promises.
    @Test func theHintsAreAccurate() throws {
        let router = try Self.router()
        #expect(router.explain("/mesages/7").contains("'mesages' matches none of"))
        #expect(router.explain("mailapp://messages/seven").contains("'seven' fails constraint int"))
        #expect(router.candidates("/posts/7").map(\.route.name) == ["post", "legacyPost"])
    }

    @Test(
        "a notFound controller's answer is left as it is", arguments: notFoundCases.map(\.url) + ["/posts/7"])
    func notFoundControllerAnswers(url: String) async throws {
        let router = try Self.router(notFound: {
            Response(request: $0, status: .notFound, data: ["web": true])
        })
        let app = await Connection.send(url, router: router)
        #expect(app.status == .notFound)
        #expect(app.error == nil)
        #expect(app.data["web"] as? Bool == true)
    }

    @Test("a notFound controller that declines: a 404 that says so, in-app only")
    func notFoundControllerDeclines() async throws {
        let router = try Self.router(notFound: { _ in throw RouteDeclined() })
        let app = await Connection.send("/mesages/7", router: router)
        #expect(app.status == .notFound)
        #expect(
            app.error?.message
                == "the notFound controller declined /mesages/7 (it threw RouteDeclined), and no route is left to try"
        )
        let external = await Connection.send(
            fromPublicURL: "/mesages/7", sourceApplication: nil, router: router)
        #expect(external.status == .notFound)
        #expect(external.data.isEmpty)
    }

    struct Unexpected: Error {}

    static let stageCases: [(name: String, route: Route, status: Status, message: String)] = [
        (
            "middleware returned another request",
            Route(
                "/r", isPublic: true,
                middlewares: [
                    Middleware("swap") { request in
                        await Connection.send("/other", router: try Router(routes: [])).request
                    }
                ], controller: echo),
            .internalError,
            "middleware 'swap' returned a request for another URL or source; a middleware only adds data: "
                + "return request.adding([…]), and redirect from a controller to go elsewhere"
        ),
        (
            "an error that is not a ResponseError",
            Route("/r", isPublic: true) { _ in throw Unexpected() },
            .internalError,
            "Unexpected(): Unexpected is not a ResponseError, so it answers 500 Internal Server Error; "
                + "throw a RoutingError(status, message) to choose the status and the message"
        ),
        (
            "CancellationError thrown",
            Route("/r", isPublic: true) { _ in throw CancellationError() },
            .cancelled,
            "a stage threw CancellationError: answered as cancelled (499)"
        ),
    ]

    @Test("a stage's failure says what happened and the fix, in-app only", arguments: 0..<stageCases.count)
    func stageFailures(index: Int) async throws {
        let row = Self.stageCases[index]
        let router = try Router(routes: [row.route])
        let app = await Connection.send("/r", router: router)
        #expect(app.status == row.status, "\(row.name)")
        #expect(app.error == RoutingError(row.status, row.message), "\(row.name)")
        let external = await Connection.send(fromPublicURL: "/r", sourceApplication: nil, router: router)
        #expect(external.status == row.status)
        #expect(external.data.isEmpty, "\(row.name): external responses carry no error data")
    }

    /// The parser's refusals, each with its fix where there is one (`URLParserTests` has them all).
    static let parseCases: [(url: String, status: Status, message: String)] = [
        (
            "messages/7", .badRequest,
            "not a URL: a path must start with '/' (/inbox) and a URL with a valid scheme (mailapp://inbox)"
        ),
        (
            "/a%zz", .badRequest,
            "malformed percent-escape at byte 2 of the path (expected '%' and two hex digits): write a '%' itself as %25"
        ),
        (
            "/a//b", .badRequest,
            "empty segment in the path ('//'): remove the extra '/', or route such paths with Configuration.emptySegments"
        ),
        (
            "/a/../b", .badRequest,
            "dot segment ('.' or '..') in the path: links are not resolved, so write the path without it"
        ),
        (
            "mailapp://inbox:1", .badRequest,
            "a port (':' in the host) is not allowed on a custom scheme: remove it, or write ':' as %3A"
        ),
        (
            "https://me@mail.example.com/inbox", .badRequest,
            "user-info ('@' in the authority) is not allowed: remove the 'name@' before the host, or write '@' as %40"
        ),
        (
            "javascript://alert(1)", .notFound,
            "the scheme never names an app: javascript, data, file, about, blob and vbscript links are refused, whatever Configuration.schemes lists"
        ),
        (
            "/" + String(repeating: "a/", count: 65), .uriTooLong,
            "the path has more than 64 segments; raise Router.Limits.segments if links need more"
        ),
    ]

    @Test("a refused URL says what is wrong and the fix, in-app only", arguments: parseCases)
    func parserRefusals(url: String, status: Status, message: String) async throws {
        let router = try Self.router()
        let app = await Connection.send(url, router: router)
        #expect(app.status == status)
        #expect(app.error == RoutingError(status, message))
        let external = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(external.status == status)
        #expect(external.data.isEmpty)
    }

    @Test("a cancelled sender: 499 saying so, in-app only")
    func cancelledSender() async throws {
        let router = try Self.router()
        for external in [false, true] {
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return external
                    ? await Connection.send(fromPublicURL: "/inbox", sourceApplication: nil, router: router)
                    : await Connection.send("/inbox", router: router)
            }
            let response = await task.value
            #expect(response.status == .cancelled)
            #expect(
                response.error?.message
                    == (external
                        ? nil
                        : "the task that sent the request was cancelled: no stage runs after a cancellation"))
        }
    }
}
