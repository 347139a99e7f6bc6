import Testing

@testable import Switchyard

/// Bugs found while measuring the links work, each pinned.
struct LinksRegressionTests {
    /// `Resolution.resolve` compared the rewritten path's byte range with the original's, so a
    /// rewrite of the same length reported the original path.
    @Test(
        "Regression (rewrite of equal length kept the old path): request.path is the rewritten path",
        arguments: [("/old/abc", "/new/abc"), ("/old/abc/", "/new/abc"), ("/old/abc?q=1", "/new/abc")])
    func sameLengthRewrite(_ url: String, _ path: String) async throws {
        let router = try Router(
            rewrites: [Rewrite("old") { $0.hasPrefix("/old/") ? "/new/" + $0.dropFirst(5) : nil }],
            routes: [Route("/new/:x", controller: echo)])
        let response = await Connection.send(url, router: router)
        #expect(response.status == .ok)
        #expect(response.request.path == path)
    }

    /// `explain` said "taken by a parameter" without naming the routes behind the parameter.
    @Test("Regression (anonymous explain): explain names each candidate route and its parameter name")
    func explainNamesCandidates() throws {
        let router = try Router(routes: [
            Route("/users/:id", name: "user", controller: echo),
            Route("/users/:name/posts", name: "posts", controller: echo),
            Route("/users/:id(int)/edit", name: "edit", controller: echo),
        ])
        let trace = router.explain("/users/bob")
        #expect(
            trace.contains(
                "'bob' taken by parameter :id of /users/:id (user), :name of /users/:name/posts (posts)"))
        #expect(trace.contains("'bob' fails constraint int"))
        #expect(trace.contains("end of path: route /users/:id (user) found"))
        let seven = router.explain("/users/7/edit")
        #expect(seven.contains("'7' meets constraint int of :id of /users/:id(int)/edit (edit)"))
    }

    @Test("explain says which route of a shape a link reaches, and why none does")
    func explainScopedGroup() throws {
        let router = try Router(
            routes: [
                Route("/me", name: "web", hosts: ["example.com"], controller: echo),
                Route("/me", name: "app", schemes: ["app"], controller: echo),
            ], configuration: .init(schemes: ["app", "other"], hosts: ["example.com"]))
        #expect(
            router.explain("app://me").contains(
                "route /me (app) found, for this link, among /me (web), /me (app)"))
        #expect(
            router.explain("other://me").contains("/me (web), /me (app) end here, but none is for this link"))
        #expect(router.explain("https://unknown.org/me").contains("does not serve this host"))
    }
}
