import Testing

@testable import Switchyard

/// `Configuration.emptySegments`: `.refuse` (400) by default, `.keep` for MediaWiki titles that
/// begin with `/`, `.squeeze` for sites that read `//` as `/` (Kickstarter, Rails). A trailing `/`
/// is ignored in every mode, and a bare path starting with `//` is a 400 in every mode.
struct EmptySegmentsTests {
    static let hosts: Set<String> = ["en.wikipedia.org", "www.kickstarter.com", "x.com"]
    static let modes: [Router.Configuration.EmptySegments] = [.refuse, .keep, .squeeze]

    static func router(
        _ routes: [Route], _ mode: Router.Configuration.EmptySegments, rewrites: [Rewrite] = []
    )
        throws -> Router
    {
        try Router(
            rewrites: rewrites, routes: routes, configuration: .init(hosts: hosts, emptySegments: mode))
    }

    /// Sends `url` in-app, or from outside with no source application.
    static func send(_ url: String, external: Bool, router: Router) async -> Response {
        external
            ? await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
            : await Connection.send(url, router: router)
    }

    @Test(
        "refuse (the default): an empty segment is a 400 whose message names Configuration.emptySegments",
        arguments: [
            "/wiki//dev/null", "https://en.wikipedia.org/wiki//dev/null", "/a//b", "/a/b//",
            "https://www.kickstarter.com//projects/c/p", "mailapp://a//b", "https://x.com/a///b",
        ])
    func refuse(_ url: String) async throws {
        let router = try Self.router(
            [route("/wiki/*title"), route("/a/*rest"), route("/projects/:c/:p")], .refuse)
        let response = await Connection.send(url, router: router)
        #expect(response.status == .badRequest)
        #expect(
            response.error?.message.contains("Configuration.emptySegments") == true,
            "\(response.error as Any)")
        #expect(router.match(url) == nil)
        let outside = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(outside.status == .badRequest)
    }

    @Test(
        "keep (MediaWiki): a glob captures empty segments, in-app and from outside",
        arguments: [
            ("https://en.wikipedia.org/wiki//dev/null", "/dev/null", ["", "dev", "null"]),
            ("/wiki//dev/null", "/dev/null", ["", "dev", "null"]),
            ("https://en.wikipedia.org/wiki//dev/null/", "/dev/null", ["", "dev", "null"]),
            ("https://en.wikipedia.org/wiki/a//b", "a//b", ["a", "", "b"]),
            ("https://en.wikipedia.org/wiki///x", "//x", ["", "", "x"]),
            ("https://en.wikipedia.org/wiki/Dog", "Dog", ["Dog"]),
            ("https://en.wikipedia.org/wiki/Dog/", "Dog", ["Dog"]),
        ] as [(String, String, [String])])
    func keepMediaWiki(_ url: String, _ title: String, _ segments: [String]) async throws {
        let router = try Self.router([route("/wiki/*title")], .keep)
        for external in [false, true] {
            let response = await Self.send(url, external: external, router: router)
            #expect(response.status == .ok, "\(url) external: \(external)")
            #expect(response.request.params["title"] == title)
            #expect(response.request.params.segments("title") == segments)
            let source: Source = external ? .external(sourceApplication: nil) : .app
            #expect(router.match(url, source: source)?.params["title"] == title)
        }
    }

    static let backtracking = [
        route("/a/:x/b", name: "param"), route("/a/:n(int)/c", name: "int"),
        route(
            "/a/:any(anything)/d", name: "constrained",
            constraints: ["anything": .custom("anything") { _ in true }]),
        route("/a/x/:y/z", name: "after literal"), route("/a/*rest", name: "glob"),
    ]

    @Test(
        "keep: a parameter, constrained or not, never takes an empty segment; the walk backtracks to the glob",
        arguments: [
            ("/a//b", "glob", "/b"), ("/a/1/b", "param", nil), ("/a//c", "glob", "/c"),
            ("/a/7/c", "int", nil),
            ("/a//d", "glob", "/d"), ("/a/q/d", "constrained", nil), ("/a/x//z", "glob", "x//z"),
            ("/a/x/y/z", "after literal", nil), ("/a//b/", "glob", "/b"),
        ] as [(String, String, String?)])
    func keepNeverGivesAParameterAnEmptySegment(_ path: String, _ expected: String, _ rest: String?)
        async throws
    {
        let router = try Self.router(Self.backtracking, .keep)
        for url in [path, "https://x.com" + path] {
            for external in [false, true] {
                let response = await Self.send(url, external: external, router: router)
                #expect(response.request.route?.name == expected, "\(url) external: \(external)")
                #expect(response.request.params["rest"] == rest)
                let source: Source = external ? .external(sourceApplication: nil) : .app
                #expect(router.match(url, source: source)?.route.name == expected)
                // Nor does any other route the link could fall back to.
                #expect(
                    router.candidates(url, source: source).allSatisfy {
                        !$0.params.contains { $0.value.isEmpty && $0.name != "rest" }
                    })
            }
        }
    }

    @Test(
        "keep: with no glob to fall back to, a parameter's empty segment matches nothing (404, not 400)",
        arguments: ["/a//b", "https://x.com/a//b", "/a//c"])
    func keepWithoutGlob(_ url: String) async throws {
        let router = try Self.router(Array(Self.backtracking.dropLast()), .keep)
        let response = await Connection.send(url, router: router)
        #expect(response.status == .notFound)
        #expect(router.match(url) == nil)
    }

    static let squeezed = [
        "https://www.kickstarter.com//projects/c/p", "https://www.kickstarter.com/projects//c///p/",
        "https://www.kickstarter.com/projects/c/p///", "/projects/c//p", "ksr://projects//c/p",
    ]

    @Test(
        "squeeze (Kickstarter): repeated '/' read as one, request.path is the squeezed path",
        arguments: squeezed)
    func squeezeKickstarter(_ url: String) async throws {
        let router = try Self.router([route("/projects/:creator/:project")], .squeeze)
        for external in [false, true] {
            let response = await Self.send(url, external: external, router: router)
            #expect(response.status == .ok, "\(url) external: \(external)")
            #expect(response.request.path == "/projects/c/p")
            #expect(response.request.params["creator"] == "c")
            #expect(response.request.params["project"] == "p")
            #expect(response.request.url == url, "the URL stays as received")
        }
        #expect(router.candidates(url).map(\.route.pattern) == ["/projects/:creator/:project"])
    }

    /// `CompiledRouter.match` walks the parsed path without squeezing it when the router has no
    /// rewrites (only `prepare`, which `send` and `candidates` use, squeezes).
    @Test(
        "Regression (match did not squeeze): router.match agrees with send under .squeeze",
        arguments: squeezed + ["https://x.com//", "https://x.com///"])
    func squeezeMatch(_ url: String) async throws {
        let router = try Self.router(
            [
                route("/projects/:creator/:project", name: "project"), route("/", name: "root"),
                route("/:page", name: "page"),
            ],
            .squeeze)
        let sent = await Connection.send(url, router: router)
        #expect(sent.status == .ok)
        #expect(router.match(url)?.route.name == sent.request.route?.name, "\(url)")
        #expect(
            router.match(url, source: .external(sourceApplication: nil))?.route.name
                == sent.request.route?.name)
    }

    /// The shape drops one trailing `/` before squeezing, so `/p//` became `/p/`, whose last
    /// segment is empty, and was never squeezed to `/p`: a glob took the empty segment
    /// (`/wiki/Dog//` gave `Dog/`, `/wiki//` gave `""`, while `/wiki///` was a 404).
    @Test(
        "Regression (two trailing slashes under .squeeze left an empty segment): '/p//' is '/p'",
        arguments: [
            ("https://www.kickstarter.com/projects/c/p//", "/projects/c/p", "p"),
            ("/projects/c/p//", "/projects/c/p", "p"),
            ("/projects//c/p//", "/projects/c/p", "p"), ("/wiki/Dog//", "/wiki/Dog", "Dog"),
            ("/wiki//", "/wiki", nil),
            ("/wiki///", "/wiki", nil),
        ] as [(String, String, String?)])
    func squeezeTwoTrailingSlashes(_ url: String, _ path: String, _ value: String?) async throws {
        let router = try Self.router([route("/projects/:creator/:project"), route("/wiki/*title")], .squeeze)
        let response = await Connection.send(url, router: router)
        #expect(response.status == (value == nil ? .notFound : .ok))
        #expect(response.request.path == path)
        #expect((response.request.params["project"] ?? response.request.params["title"]) == value)
    }

    @Test(
        "squeeze: 'https://x.com//' and longer runs of '/' are the root",
        arguments: ["https://x.com//", "https://x.com///", "https://x.com/", "https://x.com"])
    func squeezeRoot(_ url: String) async throws {
        let router = try Self.router([route("/", name: "root"), route("/:page", name: "page")], .squeeze)
        let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(response.status == .ok)
        #expect(response.request.route?.name == "root")
        #expect(router.candidates(url).map(\.route.name) == ["root"])
    }

    @Test(
        "squeeze: rewrites see the squeezed path",
        arguments: [
            Rewrite("legacy") {
                $0.hasPrefix("/p/") && !$0.contains("//") ? "/projects/" + $0.dropFirst(3) : nil
            },
            Rewrite("/p/:creator/:project", to: "/projects/:creator/:project"),
        ])
    func squeezeBeforeRewrites(_ rewrite: Rewrite) async throws {
        let router = try Self.router([route("/projects/:creator/:project")], .squeeze, rewrites: [rewrite])
        let response = await Connection.send("https://www.kickstarter.com//p//c/p", router: router)
        #expect(response.status == .ok)
        #expect(response.request.path == "/projects/c/p")
        #expect(response.request.params["project"] == "p")
    }

    @Test(
        "A bare path starting with '//' is a 400 in every mode",
        arguments: modes, ["//projects/c/p", "//", "///", "//wiki/Dog", "//en.wikipedia.org/wiki/Dog"])
    func doubleSlashBarePath(_ mode: Router.Configuration.EmptySegments, _ url: String) async throws {
        let router = try Self.router([route("/projects/:c/:p"), route("/wiki/*title"), route("/")], mode)
        let response = await Connection.send(url, router: router)
        #expect(response.status == .badRequest, "\(mode) \(url)")
        #expect(
            response.error?.message.contains("protocolRelativeScheme") == true, "\(response.error as Any)")
        #expect(router.match(url) == nil)
        #expect(router.match(url, source: .content) == nil)
        let content = await Connection.send(contentLink: url, router: router)
        #expect(content.status == .badRequest)
    }
}
