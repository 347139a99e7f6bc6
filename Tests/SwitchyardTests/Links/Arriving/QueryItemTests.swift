import Testing

@testable import Switchyard

/// `Constraint.absent` (a query item that must not be there, even empty) and
/// `Configuration.repeatedQueryItems` (which value of `?diff=x&diff=20` counts).
struct QueryItemTests {
    static let kickstarter: Set<String> = ["www.kickstarter.com"]

    /// Kickstarter: a project link with `?token=` is a preview, another page.
    static func projects(withPreview: Bool) throws -> Router {
        var routes = [
            Route(
                "/projects/:creator/:project", name: "project", isPublic: true, query: ["token": .absent],
                controller: echo)
        ]
        if withPreview {
            routes.append(
                Route(
                    "/projects/:creator/:project", name: "preview", isPublic: true, query: ["token": .any],
                    controller: echo))
        }
        return try Router(routes: routes, configuration: .init(hosts: kickstarter))
    }

    @Test(
        "absent: the route is reached only when the item is missing, empty or not",
        arguments: [
            ("", "project"), ("?token=x", "preview"), ("?token", "preview"), ("?token=", "preview"),
            ("?ref=1&token=x", "preview"), ("?token=a&token=b", "preview"), ("?Token=x", "project"),
            ("?tokens=x", "project"), ("?ref=token", "project"), ("?&&", "project"),
        ])
    func absent(_ query: String, _ expected: String) async throws {
        let url = "https://www.kickstarter.com/projects/c/p" + query
        let withPreview = try Self.projects(withPreview: true)
        let onlyProject = try Self.projects(withPreview: false)
        for (router, name) in [
            (withPreview, expected), (onlyProject, expected == "project" ? "project" : nil),
        ] {
            #expect(
                router.match(url, source: .external(sourceApplication: nil))?.route.name == name, "\(url)")
            let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
            #expect(response.request.route?.name == name)
            #expect(response.status == (name == nil ? .notFound : .ok))
            #expect(await Connection.send(url, router: router).request.route?.name == name, "in-app too")
        }
    }

    @Test(
        "absent in reverse routing: the link is built without the item, and a value for it is refused",
        arguments: [
            ("project", ["creator": "c", "project": "p"], "/projects/c/p"),
            ("project", ["creator": "c", "project": "p", "token": "x"], nil),
            ("preview", ["creator": "c", "project": "p", "token": "x"], "/projects/c/p?token=x"),
        ] as [(String, [String: String], String?)])
    func absentReverseRouting(_ name: String, _ params: [String: String], _ expected: String?) throws {
        let router = try Self.projects(withPreview: true)
        let path = try? router.path(for: name, params)
        #expect(path == expected)
        if let path { #expect(router.match(path)?.route.name == name) }
    }

    @Test(
        "absent counts as a condition: among routes of one shape, more conditions come first",
        arguments: [
            ("/p/1", "no token"), ("/p/1?token=x", "plain"), ("/p/1?ref=a", "ref, no token"),
            ("/p/1?ref=a&token=x", "ref"),
        ])
    func absentIsACondition(_ url: String, _ expected: String) throws {
        let routes = [
            Route("/p/:id", name: "plain", isPublic: true, controller: echo),
            Route("/p/:id", name: "ref", isPublic: true, query: ["ref": .any], controller: echo),
            Route("/p/:id", name: "no token", isPublic: true, query: ["token": .absent], controller: echo),
            Route(
                "/p/:id", name: "ref, no token", isPublic: true, query: ["ref": .any, "token": .absent],
                controller: echo),
        ]
        #expect(try Router(routes: routes).match(url)?.route.name == expected)
        #expect(
            try Router(routes: routes.reversed()).match(url)?.route.name == expected, "not registration order"
        )
    }

    @Test(
        "absent against absent on one shape and scope is a conflict; against any it is not",
        arguments: [(Constraint.absent, true), (.any, false), (.int, false)])
    func absentConflicts(_ other: Constraint, _ conflicts: Bool) {
        let routes = [
            Route("/p/:id", query: ["token": .absent], controller: echo),
            Route("/p/:id", query: ["token": other], controller: echo),
        ]
        let error = Routing.tableError(routes)
        #expect((error != nil) == conflicts, "\(String(describing: error))")
    }

    @Test(
        "absent on a path or host parameter is a RouteTableError at init naming the parameter",
        arguments: [
            (Route("/projects/:creator", constraints: ["creator": .absent], controller: echo), "creator"),
            (Route("/projects/:creator(gone)", constraints: ["gone": .absent], controller: echo), "creator"),
            (Route.group("/g", constraints: ["id": .absent], [Route("/:id", controller: echo)])[0], "id"),
            (
                Route(
                    "/wiki", hosts: [":lang.wikipedia.org"], constraints: ["lang": .absent], controller: echo),
                "lang"
            ),
        ])
    func absentOnAParameter(_ route: Route, _ parameter: String) {
        let error = Routing.tableError([route], configuration: .init(hosts: ["*.wikipedia.org"]))
        #expect(error?.kind == .route)
        #expect(error?.pattern == route.pattern)
        #expect(error?.reason.contains("'\(parameter)'") == true, "\(String(describing: error))")
        #expect(error?.reason.contains("query condition") == true)
    }

    @Test(
        "Constraint.absent accepts no value, whatever the link",
        arguments: ["x", "", "0", "absent"])
    func absentAcceptsNothing(_ value: Substring) {
        #expect(!Constraint.absent.accepts(value))
        #expect(
            !Constraint.absent.accepts(value, in: LinkContext(scheme: "https", host: "www.kickstarter.com")))
        #expect(Constraint.absent.name == "absent")
    }

    struct Diff: Decodable, Sendable {
        let diff: Int
    }

    static func diffs(_ repeated: Router.Configuration.RepeatedQueryItems?) throws -> Router {
        let routes = [
            Route("/compare", name: "int", isPublic: true, query: ["diff": .int], controller: echo),
            Route("/compare", name: "plain", isPublic: true, controller: echo),
            Route("/diff", name: "typed", isPublic: true) { request in
                Response(request: request, data: ["diff": try request.decode(Diff.self).diff])
            },
            Route("/diff/:diff", name: "typed path", isPublic: true) { request in
                Response(request: request, data: ["diff": try request.decode(Diff.self).diff])
            },
        ]
        let configuration = repeated.map { Router.Configuration(repeatedQueryItems: $0) } ?? .init()
        return try Router(routes: routes, configuration: configuration)
    }

    @Test(
        "repeatedQueryItems picks the value query conditions check; .first is the default",
        arguments: [
            (nil, "?diff=x&diff=20", "plain"), (.first, "?diff=x&diff=20", "plain"),
            (.last, "?diff=x&diff=20", "int"),
            (nil, "?diff=20&diff=x", "int"), (.last, "?diff=20&diff=x", "plain"), (.last, "?diff=20", "int"),
            (.last, "?diff=1&other=2&diff=", "plain"),
        ] as [(Router.Configuration.RepeatedQueryItems?, String, String)])
    func queryConditions(
        _ repeated: Router.Configuration.RepeatedQueryItems?, _ query: String, _ expected: String
    )
        async throws
    {
        let router = try Self.diffs(repeated)
        #expect(router.match("/compare" + query)?.route.name == expected)
        let outside = await Connection.send(
            fromPublicURL: "app://compare" + query, sourceApplication: nil, router: router)
        #expect(outside.request.route?.name == expected)
    }

    @Test(
        "repeatedQueryItems: request.query[name] and decode read the chosen value, values(name) keeps all",
        arguments: [
            (nil, "x", ["x", "20"]), (.first, "x", ["x", "20"]), (.last, "20", ["x", "20"]),
        ] as [(Router.Configuration.RepeatedQueryItems?, String, [String])])
    func readValues(_ repeated: Router.Configuration.RepeatedQueryItems?, _ value: String, _ values: [String])
        async throws
    {
        let router = try Self.diffs(repeated)
        let response = await Connection.send("/compare?diff=x&diff=20", router: router)
        #expect(response.request.query["diff"] == value)
        #expect(response.request.query.values("diff") == values)
        #expect(response.request.query.readsLast == (repeated == .last))
        #expect(response.request.parameterOrQueryItem("diff") == value)
        let typed = await Connection.send("/diff?diff=x&diff=20", router: router)
        #expect(typed.status == (value == "20" ? .ok : .badRequest))
        #expect(typed.data["diff"] as? Int == (value == "20" ? 20 : nil))
    }

    @Test(
        "repeatedQueryItems: a path parameter still wins over the query",
        arguments: [nil, .last] as [Router.Configuration.RepeatedQueryItems?])
    func pathParameterWins(_ repeated: Router.Configuration.RepeatedQueryItems?) async throws {
        let router = try Self.diffs(repeated)
        let response = await Connection.send("/diff/7?diff=x&diff=20", router: router)
        #expect(response.status == .ok)
        #expect(response.data["diff"] as? Int == 7)
    }

    @Test("Query: the subscript reads as readsLast says; equality and hashing tell the two apart")
    func queryValue() {
        let items = [(name: "diff", value: "x"), (name: "a", value: "1"), (name: "diff", value: "20")]
        let first = Query(items)
        let last = Query(items, readsLast: true)
        #expect(!first.readsLast)
        #expect(first["diff"] == "x")
        #expect(last["diff"] == "20")
        #expect(last["a"] == "1")
        #expect(last["missing"] == nil)
        #expect(last.values("diff") == first.values("diff"))
        #expect(first != last)
        #expect(Set([first, last, Query(items)]).count == 2)
    }
}
