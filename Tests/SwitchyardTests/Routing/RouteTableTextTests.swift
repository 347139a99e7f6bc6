import Testing

@testable import Switchyard

/// Architecture, "The router", `routeTable` (like `rails routes`) and `explain`.
@Suite("Route table and explain")
struct RouteTableTextTests {
    static func router() throws -> Router {
        let middleware = { (name: String) in Middleware(name) { $0 } }
        let policy = { (name: String) in Policy(name) { _ in .verified } }
        return try Router(
            middlewares: [middleware("m1")],
            policies: [policy("p1"), policy("p2")],
            routes: [
                Route("/inbox", name: "inbox", isPublic: true, controller: echo),
                Route(
                    "/messages/:id(int)", name: "message", isPublic: true, middlewares: [middleware("m2")],
                    policies: [policy("p3")], skipping: ["p1"], controller: echo),
                Route("/drafts/:id", controller: echo),
                Route("/users/new", name: "newUser", isPublic: true, controller: echo),
                Route("/users/:id/edit", name: "editUser", isPublic: true, controller: echo),
                Route("/users/:id(int)", name: "user", isPublic: true, controller: echo),
            ],
            configuration: .init(schemes: ["mailapp"]))
    }

    @Test("routeTable: name, access, pattern, middlewares, policies, in registration order")
    func routeTable() throws {
        let expected = """
            NAME      ACCESS   PATTERN             MIDDLEWARES  POLICIES
            inbox     public   /inbox              m1           p1, p2
            message   public   /messages/:id(int)  m1, m2       p2, p3
            -         private  /drafts/:id         m1           p1, p2
            newUser   public   /users/new          m1           p1, p2
            editUser  public   /users/:id/edit     m1           p1, p2
            user      public   /users/:id(int)     m1           p1, p2
            """
        #expect(try Self.router().routeTable == expected)
    }

    @Test("routeTable: '-' for no name, no middlewares and no policies")
    func emptyColumns() throws {
        let router = try Router(routes: [Route("/", controller: echo)])
        #expect(
            router.routeTable
                == "NAME  ACCESS   PATTERN  MIDDLEWARES  POLICIES\n-     private  /        -            -")
    }

    @Test("explain: the normalized path, each candidate and why it was taken or passed over")
    func explainBacktracking() throws {
        let text = try Self.router().explain("mailapp://users/new/edit/?q=1#top")
        let lines = text.split(separator: "\n").map { String($0.drop { $0 == " " }) }
        for expected in [
            "explain mailapp://users/new/edit/?q=1#top from app",
            "normalized path: /users/new/edit",
            "'users' matches a literal",
            "'new' matches a literal",
            "dead end after literal 'new'; backtracking",
            "'new' fails constraint int",
            "'new' taken by parameter :id of /users/:id/edit (editUser)",
            "end of path: route /users/:id/edit (editUser) found",
            "'edit' matches a literal",
            "matched: /users/:id/edit (editUser)",
            "parameters: id=new",
            "access: allowed (public route)",
            "middlewares: m1",
            "policies: p1 → p2",
        ] {
            #expect(lines.contains(expected), "missing \(expected.debugDescription) in\n\(text)")
        }
    }

    @Test("explain: constraints met, skipped policies, misses, refusals and private routes")
    func explainOutcomes() throws {
        let router = try Self.router()
        let message = router.explain("/messages/%37")
        #expect(message.contains("'7' meets constraint int"), "decoded in the trace\n\(message)")
        #expect(message.contains("parameters: id=7"))
        #expect(message.contains("policies: p2 → p3 (skipping p1)"))
        let miss = router.explain("/nowhere")
        #expect(miss.contains("normalized path: /nowhere"))
        #expect(miss.contains("'nowhere' matches none of"))
        #expect(miss.hasSuffix("no route matches: 404 Not Found"))
        let refused = router.explain("/a//b")
        #expect(refused.contains("refused: 400"), "\(refused)")
        let hidden = router.explain("/drafts/1", source: .external(sourceApplication: "com.example"))
        #expect(hidden.contains("external request: private routes are left out"))
        #expect(hidden.contains("no route matches"))
        #expect(!hidden.contains("middlewares:"), "nothing of a private route is listed for outsiders")
        let inApp = router.explain("/drafts/1")
        #expect(inApp.contains("access: allowed (private route, in-app request)"))
    }
}
