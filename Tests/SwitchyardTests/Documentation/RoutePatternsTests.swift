import Switchyard
import Testing

/// Mirrors the code of Sources/Routing/Switchyard.docc/RoutePatterns.md.
@Suite("Docs: Route Patterns")
struct RoutePatternsTests {
    // Section "Precedence, worked through": the route table of the examples.
    static func makeRouter() throws -> Router {
        let screen: Controller = { request in Response(request: request) }
        let router = try Router(routes: [
            Route("/users/new", controller: screen),
            Route("/users/:id(int)", controller: screen),
            Route("/users/:name", controller: screen),
            Route("/users/:id/edit", controller: screen),
            Route("/users/*rest", controller: screen),
            Route("/photos(/:id)", controller: screen),
            Route("/files/*path", controller: screen),
            Route(
                "/feeds/:kind(feedKind)", constraints: ["feedKind": .oneOf(["news", "mail"])],
                controller: screen),
            Route("/items/:id(int)", controller: screen),
            Route("/items/:code(alnum)", priority: 1, controller: screen),
        ])
        return router
    }

    // The article's table: URL → the pattern that wins, or nil.
    static let precedenceCases: [(url: String, pattern: String?)] = [
        ("/users/new", "/users/new"),  // literal beats every parameter
        ("/users/42", "/users/:id(int)"),  // constrained beats plain
        ("/users/ada", "/users/:name"),  // plain beats glob
        ("/users/new/edit", "/users/:id/edit"),  // `new` is a dead end here: backtrack
        ("/users/ada/posts/1", "/users/*rest"),  // only the glob takes four segments
        ("/photos", "/photos(/:id)"),  // the optional part left out
        ("/photos/9", "/photos(/:id)"),  // and taken
        ("/feeds/news", "/feeds/:kind(feedKind)"),
        ("/feeds/spam", nil),  // fails its constraint and nothing else fits
        ("/items/7", "/items/:code(alnum)"),  // equal rank: higher priority wins
    ]

    @Test("Precedence, worked through", arguments: precedenceCases)
    func precedence(url: String, pattern: String?) throws {
        let router = try Self.makeRouter()
        #expect(router.match(url)?.route.pattern == pattern)
    }

    @Test("Parameters are decoded when read")
    func parameters() throws {
        let router = try Self.makeRouter()
        let edit = router.match("/users/new/edit")?.params["id"]  // "new"
        let path = router.match("/files/a%2Fb/c")?.params["path"]  // "a/b/c"
        let segments = router.match("/files/a%2Fb/c")?.params.segments("path")  // ["a/b", "c"]
        let noID = router.match("/photos")?.params["id"]  // nil

        #expect(edit == "new")
        #expect(path == "a/b/c")
        #expect(segments == ["a/b", "c"])
        #expect(noID == nil)
    }

    @Test("Constraints")
    func constraints() throws {
        let screen: Controller = { request in Response(request: request) }
        let slug = Constraint.custom("slug") { value in
            !value.isEmpty && value.allSatisfy { $0.isLowercase || $0 == "-" }
        }
        let router = try Router(routes: [
            Route("/tags/:tag(slug)", constraints: ["slug": slug], controller: screen),
            Route(
                "/users/:handle", constraints: ["handle": .custom("handle") { $0.count <= 15 }],
                controller: screen),
        ])
        let tag = router.match("/tags/deep-links")?.params["tag"]  // "deep-links"
        let badTag = router.match("/tags/Deep%20Links")  // nil: the constraint sees "Deep Links"
        let long = router.match("/users/" + String(repeating: "a", count: 16))  // nil

        #expect(tag == "deep-links")
        #expect(badTag == nil)
        #expect(long == nil)
        #expect(router.match("/users/ada") != nil)
    }

    @Test("Inside a segment")
    func insideASegment() throws {
        let screen: Controller = { request in Response(request: request) }
        let songs = try Router(routes: [
            Route("/:artist-:song", name: "song", controller: screen),
            Route(#"/wiki/Talk\::title"#, controller: screen),
            Route("/media/*path.ogg", controller: screen),
            Route("/reports/:id(.:format)", controller: screen),
        ])
        let song = songs.match("/ada-lovelace-live")?.params["song"]  // "lovelace-live"
        let talk = songs.match("/wiki/Talk:Dog")?.params["title"]  // "Dog"
        let audio = songs.match("/media/a/b.ogg")?.params["path"]  // "a/b"
        let format = songs.match("/reports/7.json")?.params["format"]  // "json"
        #expect(song == "lovelace-live")
        #expect(talk == "Dog")
        #expect(audio == "a/b")
        #expect(format == "json")

        // "Building links to the new forms".
        let built = try songs.path(for: "song", ["artist": "ada", "song": "live"])  // "/ada-live"
        let refused = try? songs.path(for: "song", ["artist": "a-b", "song": "c"])  // nil
        #expect(built == "/ada-live")
        #expect(refused == nil)
    }

    @Test("Shared expansions")
    func sharedExpansions() throws {
        let screen: Controller = { request in Response(request: request) }
        let shared = try Router(routes: [
            Route("/songs(/song-:song)(.:format)", name: "bySong", controller: screen),
            Route("/songs(/:song-song)(.:format)", name: "songFirst", controller: screen),
        ])
        let bySong = shared.match("/songs")?.route.name  // "bySong": the first registered keeps /songs
        let songFirst = shared.match("/songs/hey-song")?.route.name  // "songFirst"
        print(shared.routeTable)
        // … /songs(/:song-song)(.:format) (songFirst) gives up /songs, /songs.:format to "/songs(/song-:song)(.:format)"
        #expect(bySong == "bySong")
        #expect(songFirst == "songFirst")
        #expect(
            shared.routeTable.hasSuffix(
                #"/songs(/:song-song)(.:format) (songFirst) gives up /songs, /songs.:format to "/songs(/song-:song)(.:format)""#
            ))
    }

    @Test("Mistakes are found at init")
    func mistakes() throws {
        let screen: Controller = { request in Response(request: request) }
        do {
            _ = try Router(routes: [Route("/files/*path/*more", controller: screen)])
            Issue.record("a second glob must be refused")
        } catch {
            // invalid pattern "/files/*path/*more" at position 13: a pattern has at most one glob
            print(error)
            #expect(
                error.description
                    == #"invalid pattern "/files/*path/*more" at position 13: a pattern has at most one glob"#
            )
        }
    }

    // The article's list of patterns `Router.init` refuses.
    static let invalidCases: [[String]] = [
        ["/:a:b"],  // no literal between two parameters
        ["/files/*path/*more"],  // a second glob
        ["/src2*path"],  // a glob starts a segment
        ["/users/:id(number)"],  // unknown constraint
        ["/users/:id", "/users/:name"],  // the second could never run
        ["/posts(/:page)", "/posts"],  // every expansion of the second is taken
    ]

    @Test("Invalid patterns", arguments: invalidCases)
    func invalidPatterns(patterns: [String]) {
        let screen: Controller = { request in Response(request: request) }
        #expect(throws: RouteTableError.self) {
            try Router(routes: patterns.map { Route($0, controller: screen) })
        }
    }

    // Section "Links: schemes, hosts and query conditions": the configuration and the route table.
    static func makeLinkRouter() throws -> Router {
        let configuration = Router.Configuration(
            schemes: ["blogapp"], hosts: ["example.com", "*.example.com"])
        let screen: Controller = { request in Response(request: request) }
        let router = try Router(
            routes: [
                Route("/posts/:id", name: "post", isPublic: true, controller: screen),
                Route(
                    "/posts/:id", name: "shopPost", isPublic: true, hosts: ["shop.example.com"],
                    controller: screen),
                Route(
                    "/posts/:id", name: "sitePost", isPublic: true, hosts: ["*.example.com"],
                    controller: screen),
                Route(
                    "/posts/:id", name: "preview", isPublic: true, hosts: ["*.example.com"],
                    query: ["preview": .any], controller: screen),
                Route(
                    "/share", name: "share", isPublic: true, schemes: ["blogapp"], query: ["url": .any],
                    controller: screen),
                Route(
                    "/feed", name: "feed", isPublic: true, query: ["tab": .oneOf(["latest", "top"])],
                    controller: screen),
            ],
            configuration: configuration)
        return router
    }

    // The article's table: link, whether it is sent from outside, the route name that wins or nil.
    static let linkCases: [(url: String, external: Bool, name: String?)] = [
        ("https://shop.example.com/posts/7", true, "shopPost"),  // exact host beats a wildcard
        ("https://SHOP.Example.com:8443/posts/7", true, "shopPost"),  // case and port ignored
        ("https://news.example.com/posts/7", true, "sitePost"),  // wildcard beats unscoped
        ("https://news.example.com/posts/7?preview=1", true, "preview"),  // one more condition
        ("https://news.example.com/posts/7?preview", true, "preview"),  // .any: an empty value counts
        ("https://shop.example.com/posts/7?preview=1", true, "shopPost"),  // scope before conditions
        ("https://example.com/posts/7", true, "post"),  // *.example.com does not name example.com
        ("https://a.b.example.com/posts/7", true, "sitePost"),  // one or more labels
        ("blogapp://posts/7", true, "post"),  // host-scoped routes are for web links
        ("/posts/7", false, "post"),  // bare path: no scope orders, first registered wins
        ("/posts/7?preview=1", false, "preview"),  // bare path: the condition counts
        ("/posts/7?preview=1", true, "post"),  // from outside a bare path reaches unscoped only
        ("blogapp://share?url=https%3A%2F%2Fexample.org", true, "share"),
        ("blogapp://share", true, nil),  // the condition fails
        ("https://example.com/share?url=x", true, nil),  // share is scoped to blogapp links
        ("/share?url=x", false, "share"),  // the app's own bare path reaches scoped routes
        ("/share?url=x", true, nil),  // from outside: unscoped routes only
        ("/feed?tab=top", false, "feed"),
        ("/feed?tab=top&tab=old", false, "feed"),  // the first value is the one checked
        ("/feed?tab=old", false, nil),
        ("/feed", false, nil),
    ]

    @Test("Same shape, different scope", arguments: linkCases)
    func links(url: String, external: Bool, name: String?) throws {
        let router = try Self.makeLinkRouter()
        let source: Source = external ? .external(sourceApplication: nil) : .app
        #expect(router.match(url, source: source)?.route.name == name)
    }

    @Test("A link whose host or scheme is not served reaches the notFound controller")
    func unservedLinks() async throws {
        let base = try Self.makeLinkRouter()
        var configuration = base.configuration
        configuration.notFound = { request in Response(request: request, data: ["fallback": request.url]) }
        let router = try Router(routes: base.routes, configuration: configuration)
        let unserved = [
            "https://blog.example.org/posts/7", "https://example.com./posts/7", "otherapp://posts/7",
        ]
        for url in unserved {
            let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
            #expect(response.request.route == nil)
            #expect(response.data["fallback"] as? String == url)
        }
    }

    @Test("Served schemes and hosts: entries that name none are refused at init")
    func servedEntries() throws {
        let configuration = Router.Configuration(
            schemes: ["blogapp"], hosts: ["example.com", "*.example.com"])
        #expect(configuration.hosts.count == 2)
        let invalid: [Router.Configuration] = [
            .init(hosts: ["a b"]), .init(hosts: ["[]"]), .init(hosts: ["evil.com/x"]),
            .init(hosts: ["*.*.com"]), .init(hosts: [""]), .init(hosts: ["b\u{FC}cher.example"]),
            .init(schemes: ["http"]), .init(schemes: ["javascript"]), .init(schemes: [""]),
        ]
        for configuration in invalid {
            #expect(throws: RouteTableError.self) { try Router(routes: [], configuration: configuration) }
        }
        do {
            _ = try Router(routes: [], configuration: .init(hosts: ["a b"]))
            Issue.record("an invalid host entry must be refused")
        } catch {
            #expect(error.pattern == "configuration.hosts")
        }
        // Punycode is accepted; a port and the host's case are ignored; `*` serves IPv6 literals.
        let screen: Controller = { request in Response(request: request) }
        let everyHost = try Router(
            routes: [Route("/x", isPublic: true, controller: screen)],
            configuration: .init(hosts: ["*", "xn--bcher-kva.example"]))
        #expect(everyHost.match("https://[::1]:8080/x") != nil)
        #expect(everyHost.match("https://XN--BCHER-KVA.example/x") != nil)
    }

    // The article's order among routes of one shape: priority, then specificity, then registration.
    static let specificityCases: [(url: String, name: String?)] = [
        ("https://a.shop.example.com/w", "longer"),  // the longer wildcard
        ("https://x.example.com/w", "shorter"),
        ("https://other.org/w", "star"),  // `*` before an unscoped route
        ("otherapp://w", "unscoped"),  // no host-scoped route is for a custom scheme
        ("https://a.example.com/p", "high"),  // a higher priority beats an exact host
    ]

    @Test("Specificity", arguments: specificityCases)
    func specificity(url: String, name: String?) throws {
        let screen: Controller = { request in Response(request: request) }
        let router = try Router(
            routes: [
                Route("/w", name: "unscoped", controller: screen),
                Route("/w", name: "star", hosts: ["*"], controller: screen),
                Route("/w", name: "shorter", hosts: ["*.example.com"], controller: screen),
                Route("/w", name: "longer", hosts: ["*.shop.example.com"], controller: screen),
                Route("/p", name: "exact", hosts: ["a.example.com"], controller: screen),
                Route("/p", name: "high", priority: 1, controller: screen),
            ],
            configuration: .init(hosts: ["*"]))
        #expect(router.match(url)?.route.name == name)
    }

    // Scope mistakes the article lists: each is a `RouteTableError` at init.
    static let scopeMistakes: [[Route]] = {
        let screen: Controller = { request in Response(request: request) }
        return [
            [
                Route("/a", hosts: ["example.com"], controller: screen),
                Route("/a", hosts: ["example.com"], controller: screen),
            ],
            [Route("/a", schemes: ["https"], controller: screen)],
            [Route("/a", schemes: ["javascript"], controller: screen)],
            [Route("/a", schemes: ["otherapp"], controller: screen)],  // not served
            [Route("/a", hosts: ["other.org"], controller: screen)],  // not served
            [Route("/a", hosts: ["*.*.com"], controller: screen)],
            Route.group(
                "", hosts: ["blog.example.com"],
                [Route("/x", hosts: ["shop.example.com"], controller: screen)]),
            Route.group("", schemes: ["blogapp"], [Route("/x", schemes: ["otherapp"], controller: screen)]),
        ]
    }()

    @Test("Scope mistakes are found at init", arguments: 0..<scopeMistakes.count)
    func scopeMistake(index: Int) {
        #expect(throws: RouteTableError.self) {
            try Router(
                routes: Self.scopeMistakes[index],
                configuration: .init(schemes: ["blogapp"], hosts: ["example.com", "*.example.com"]))
        }
    }

    @Test("Groups")
    func groups() throws {
        let configuration = Router.Configuration(
            schemes: ["blogapp"], hosts: ["example.com", "*.example.com"])
        let screen: Controller = { request in Response(request: request) }
        let blog = Route.group(
            "", hosts: ["blog.example.com", "*.blog.example.com"],
            [
                Route("/articles/:slug", name: "article", isPublic: true, controller: screen),
                Route("/about", name: "about", hosts: ["*.example.com"], controller: screen),
                Route("/drafts", name: "drafts", hosts: ["en.blog.example.com"], controller: screen),
            ])
        let articleHosts = blog[0].hosts  // ["blog.example.com", "*.blog.example.com"]: the group's
        let aboutHosts = blog[1].hosts  // the group's too: narrower than *.example.com
        let draftHosts = blog[2].hosts  // ["en.blog.example.com"]: narrower than *.blog.example.com
        let clash = Route.group(
            "", hosts: ["blog.example.com"], [Route("/x", hosts: ["shop.example.com"], controller: screen)])
        // Router(routes: clash, configuration: configuration) throws: no link could reach /x

        #expect(articleHosts == ["blog.example.com", "*.blog.example.com"])
        #expect(aboutHosts == ["blog.example.com", "*.blog.example.com"])
        #expect(draftHosts == ["en.blog.example.com"])
        #expect(blog.map(\.pattern) == ["/articles/:slug", "/about", "/drafts"])
        #expect(blog.map(\.name) == ["article", "about", "drafts"])
        #expect(throws: RouteTableError.self) { try Router(routes: clash, configuration: configuration) }
        let router = try Router(routes: blog, configuration: configuration)
        #expect(router.match("https://blog.example.com/articles/a")?.route.name == "article")
        #expect(router.match("https://en.blog.example.com/drafts")?.route.name == "drafts")
        #expect(router.match("https://de.blog.example.com/drafts") == nil)
        #expect(router.match("https://shop.example.com/about") == nil)
        #expect(router.match("blogapp://articles/a") == nil, "scoped to web links")
    }

    @Test("Building links back")
    func buildingLinksBack() throws {
        let router = try Self.makeLinkRouter()
        let sharePath = try router.path(for: "share", ["url": "https://example.org/a"])
        // "/share?url=https:%2F%2Fexample.org%2Fa"
        let shareURL = try router.url(for: "share", ["url": "mine"])
        // "blogapp://share?url=mine": the route's own scheme
        let webShare = try? router.url(for: "share", ["url": "mine"], scheme: "https", host: "example.com")
        // nil: share is for blogapp links only

        #expect(sharePath == "/share?url=https:%2F%2Fexample.org%2Fa")
        #expect(router.match(sharePath)?.route.name == "share")
        #expect(router.match(sharePath)?.params.isEmpty == true)
        #expect(shareURL == "blogapp://share?url=mine")
        #expect(router.match(shareURL, source: .external(sourceApplication: nil))?.route.name == "share")
        #expect(webShare == nil)
        #expect(try router.url(for: "post", ["id": "7"]) == "blogapp://posts/7")
        #expect(throws: RoutingError.self) { try router.path(for: "feed", ["tab": "old"]) }
        // For https, a route's single exact host is the default.
        let screen: Controller = { request in Response(request: request) }
        let shop = try Router(
            routes: [Route("/about", name: "about", hosts: ["shop.example.com"], controller: screen)],
            configuration: .init(schemes: ["blogapp"], hosts: ["*.example.com"]))
        #expect(try shop.url(for: "about", scheme: "https") == "https://shop.example.com/about")
    }
}
