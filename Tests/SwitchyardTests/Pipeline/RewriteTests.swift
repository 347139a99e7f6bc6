import Testing

@testable import Switchyard

/// Architecture, "The pipeline" step 2: rewrites run in order, each once, before matching.
@Suite("Pipeline: rewrites")
struct RewriteTests {
    static let routes = ["/messages/:id", "/a", "/b", "/p", "/p/x", "/p/x/x", "/drafts/:id"]

    static func router(_ rewrites: [Rewrite]) throws -> Router {
        try Router(
            rewrites: rewrites,
            routes: routes.map { pattern in
                Route(pattern, isPublic: !pattern.hasPrefix("/drafts"), controller: echo)
            },
            configuration: .init(schemes: ["mailapp"]))
    }

    @Test("template form: the old URL reaches the new route with its parameters")
    func template() async throws {
        let router = try Self.router([Rewrite("/msg/:id", to: "/messages/:id")])
        let response = await Connection.send("mailapp://msg/7?x=1", router: router)
        #expect(response.status == .ok)
        #expect(response.request.route?.pattern == "/messages/:id")
        #expect(response.request.params["id"] == "7")
        #expect(response.request.path == "/messages/7")
        #expect(response.request.url == "mailapp://msg/7?x=1", "url stays as received")
        #expect(response.request.query["x"] == "1")
    }

    @Test("template form copies values still encoded: nothing is decoded twice")
    func templateKeepsEncoding() async throws {
        let router = try Self.router([Rewrite("/msg/:id", to: "/messages/:id")])
        let response = await Connection.send("/msg/a%2Fb%2525", router: router)
        #expect(response.status == .ok)
        #expect(response.request.params["id"] == "a/b%25")
    }

    @Test("closure form; nil leaves the path alone")
    func closure() async throws {
        let router = try Self.router([
            Rewrite("short") { path in path.hasPrefix("/m/") ? "/messages/" + path.dropFirst(3) : nil }
        ])
        #expect(await Connection.send("/m/9", router: router).request.params["id"] == "9")
        #expect(await Connection.send("/a", router: router).request.route?.pattern == "/a")
    }

    @Test("each rewrite runs once: a rewrite's output is not rewritten by itself again")
    func eachOnce() async throws {
        let router = try Self.router([Rewrite("append") { $0 + "/x" }])
        let response = await Connection.send("/p", router: router)
        #expect(response.request.route?.pattern == "/p/x")
    }

    @Test(
        "rewrites run in order, each seeing the previous output",
        arguments: [
            (["a→b", "b→a"], "/a", "/a"),
            (["b→a", "a→b"], "/a", "/b"),
            (["a→b", "b→a"], "/b", "/a"),
        ])
    func order(names: [String], url: String, expected: String) async throws {
        let rewrites = names.map { name in
            let from = "/" + String(name.first!)
            let to = "/" + String(name.last!)
            return Rewrite(name) { $0 == from ? to : nil }
        }
        let response = await Connection.send(url, router: try Self.router(rewrites))
        #expect(response.request.route?.pattern == expected)
    }

    @Test("template rewrites chain in order too")
    func templateChain() async throws {
        let router = try Self.router([
            Rewrite("/old/:id", to: "/msg/:id"), Rewrite("/msg/:id", to: "/messages/:id"),
        ])
        #expect(await Connection.send("/old/3", router: router).request.params["id"] == "3")
    }

    @Test("access is decided after rewriting: a rewrite cannot open a private route from outside")
    func accessAfterRewrite() async throws {
        let router = try Self.router([Rewrite("/d/:id", to: "/drafts/:id")])
        let external = await Connection.send(
            fromPublicURL: "mailapp://d/1", sourceApplication: nil, router: router)
        #expect(external.status == .notFound)
        #expect(external.request.route == nil)
        #expect(await Connection.send("mailapp://d/1", router: router).status == .ok)
    }
}
