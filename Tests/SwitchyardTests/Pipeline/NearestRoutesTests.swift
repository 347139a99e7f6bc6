import Testing

@testable import Switchyard

/// An in-app 404 names the routes nearest the mistyped link (`CompiledRouter.nearestRoutes`);
/// external and content callers still learn the status alone.
@Suite("Pipeline: the in-app 404 names the nearest routes")
struct NearestRoutesTests {
    static let echo: Controller = { Response(request: $0) }

    static func router(caseSensitive: Bool = true) throws -> Router {
        try Router(
            routes: [
                Route("/inbox", name: "inbox", isPublic: true, controller: echo),
                Route("/articles", name: "articles", isPublic: true, controller: echo),
                Route("/articles/:id(int)", name: "article", isPublic: true, controller: echo),
                Route("/articles/:id/edit", name: "editArticle", controller: echo),
                Route("/drafts/:id(int)", name: "draft", controller: echo),
                Route("/team/billing", name: "billing", hosts: ["*.teams.example.com"], controller: echo),
                Route("/files/*path", name: "files", isPublic: true, controller: echo),
                Route("/aa", controller: echo), Route("/ab", controller: echo),
                Route("/ac", controller: echo), Route("/ad", controller: echo),
            ],
            configuration: .init(
                schemes: ["mailapp"], hosts: ["mail.example.com", "*.teams.example.com"],
                caseSensitive: caseSensitive))
    }

    /// `no route matches URL; nearest: …; router.explain(…) …`, or today's wording for `nil`.
    static func message(_ url: String, nearest: String?) -> String {
        "no route matches \(url)" + (nearest.map { "; nearest: " + $0 } ?? "")
            + "; router.explain(\"\(url)\") shows, segment by segment, where matching stopped"
    }

    static let cases: [(url: String, nearest: String?)] = [
        // One swap in segment 1; the route whose rest also fits the path comes first.
        (
            "/artciles/7",
            "/articles/:id(int) (article), /articles (articles), /articles/:id/edit (editArticle)"
        ),
        (
            "mailapp://artciles/7",
            "/articles/:id(int) (article), /articles (articles), /articles/:id/edit (editArticle)"
        ),
        // Agreeing up to segment 3, where matching stopped: a parameter takes any segment.
        ("/articles/7/eidt", "/articles/:id/edit (editArticle)"),
        // Private routes exist for the app.
        ("/dratfs/1", "/drafts/:id(int) (draft)"),
        // Two edits in a literal of 6 or more characters; three are too many.
        ("/artcls", "/articles (articles), /articles/:id(int) (article), /articles/:id/edit (editArticle)"),
        ("/arcls", nil),
        ("/zzz/7", nil),
        // A scoped route counts only where its scope lets the link reach it.
        ("/team/biling", "/team/billing (billing)"),
        ("https://acme.teams.example.com/team/biling", "/team/billing (billing)"),
        ("https://mail.example.com/team/biling", nil),
        // A constraint that refused the path, or a path too short, is not a typo: nothing to suggest.
        ("/articles/seven", nil),
        ("/team", nil),
        // At most three, by distance then registration order.
        ("/ax", "/aa, /ab, /ac"),
        // The decoded segment is compared.
        (
            "/artcile%73",
            "/articles (articles), /articles/:id(int) (article), /articles/:id/edit (editArticle)"
        ),
    ]

    @Test(
        "an in-app 404 names up to three nearest routes, or keeps today's wording when none is near",
        arguments: cases)
    func nearest(url: String, nearest: String?) async throws {
        let app = await Connection.send(url, router: try Self.router())
        #expect(app.status == .notFound)
        #expect(app.error == RoutingError(.notFound, Self.message(url, nearest: nearest)))
    }

    @Test("literals are compared as the router matches them: ignoring case when it does")
    func caseInsensitive() async throws {
        let insensitive = await Connection.send("/ARTCILES", router: try Self.router(caseSensitive: false))
        #expect(
            insensitive.error?.message
                == Self.message(
                    "/ARTCILES",
                    nearest:
                        "/articles (articles), /articles/:id(int) (article), /articles/:id/edit (editArticle)"
                ))
        // Case-sensitive, `Articles` is one edit from `articles`.
        let sensitive = await Connection.send("/Articles/7", router: try Self.router())
        #expect(sensitive.error?.message.contains("; nearest: /articles/:id(int) (article), ") == true)
    }

    @Test(
        "external and content 404s carry no message and no data, nearest routes or not",
        arguments: cases.map(\.url))
    func externalStaysBare(url: String) async throws {
        let router = try Self.router()
        for response in [
            await Connection.send(fromPublicURL: url, sourceApplication: "com.other", router: router),
            await Connection.send(contentLink: url, router: router),
        ] {
            #expect(response.status == .notFound)
            #expect(response.error == nil)
            #expect(response.data.isEmpty, "\(response.request.source) learns the status and nothing else")
        }
    }
}
