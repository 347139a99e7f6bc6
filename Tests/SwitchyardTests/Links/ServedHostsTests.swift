import Testing

@testable import Switchyard

/// Which hosts and schemes a router serves: exact hosts, `*.domain` wildcards and `*`, and what
/// happens to a link it does not serve (the `notFound` controller answers it).
struct ServedHostsTests {
    static let fallback: Controller = { request in
        Response(request: request, status: .notFound, data: ["fallback": request.url])
    }

    static func router(hosts: Set<String>, schemes: Set<String> = ["mailapp"]) throws -> Router {
        try Router(
            routes: [Route("/x", isPublic: true, controller: echo)],
            configuration: .init(schemes: schemes, hosts: hosts, notFound: fallback))
    }

    @Test(
        "Host entries: exact, wildcard (one or more labels before the domain) and *",
        arguments: [
            ("example.com", "https://example.com/x", true),
            ("example.com", "https://EXAMPLE.com:8443/x", true),
            ("example.com", "https://example.com./x", false),
            ("example.com", "https://www.example.com/x", false),
            ("*.example.com", "https://en.blog.example.com/x", true),
            ("*.example.com", "https://a.example.com/x", true),
            ("*.example.com", "https://example.com/x", false),
            ("*.example.com", "https://badexample.com/x", false),
            ("*.example.com", "https://example.com.evil.com/x", false),
            ("*", "https://anything.org/x", true),
            ("*", "http://[::1]:8080/x", true),
            ("example.com.", "https://example.com./x", true),
            ("xn--caf-dma.example", "https://xn--caf-dma.example/x", true),
        ])
    func hostEntries(_ entry: String, _ url: String, _ served: Bool) async throws {
        let router = try Self.router(hosts: [entry])
        #expect((router.match(url) != nil) == served, "\(entry) for \(url)")
        let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        #expect(response.status == (served ? .ok : .notFound))
        #expect(response.data["fallback"].map { "\($0)" } == (served ? nil : url))
    }

    @Test(
        "Entries that name no host or scheme are refused at init, naming the entry and the reason",
        arguments: [
            (["a b"], [], "'a b'"), (["[]"], [], "'['"), (["evil.com/x"], [], "without its path: evil.com"),
            (["*.*.com"], [], "'*'"),
            ([""], [], "empty"), (["a..b"], [], "empty label"), (["café.example"], [], "punycode"),
            (["-a.com"], [], "'-'"), ([], ["http"], "hosts"), ([], ["1app"], "letter"), ([], [""], "empty"),
            ([], ["javascript"], "never names an app"),
        ] as [(Set<String>, Set<String>, String)])
    func invalidEntries(_ hosts: Set<String>, _ schemes: Set<String>, _ keyword: String) throws {
        let error = Routing.tableError(
            [Route("/x", controller: echo)], configuration: .init(schemes: schemes, hosts: hosts))
        let entry = (hosts.first ?? schemes.first)!
        #expect(error?.pattern == (hosts.isEmpty ? "configuration.schemes" : "configuration.hosts"))
        #expect(error?.reason.contains("'\(entry)'") == true, "\(String(describing: error))")
        #expect(error?.reason.contains(keyword) == true, "\(String(describing: error))")
    }

    /// Before 0.2 an unknown host or scheme was a 404 before any stage, so an app could not open
    /// a foreign link in a web view.
    @Test(
        "An unknown scheme or host reaches the notFound controller, in-app and external",
        arguments: [
            "https://news.example.org/story?id=1#top", "otherapp://open/1", "https://mail.example.com.evil/x",
        ])
    func unknownLinksReachNotFound(_ url: String) async throws {
        let router = try Self.router(hosts: ["mail.example.com"])
        let external = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        let inApp = await Connection.send(url, router: router)
        for response in [external, inApp] {
            #expect(response.status == .notFound)
            #expect(response.data["fallback"].map { "\($0)" } == url)
            #expect(response.request.route == nil)
            #expect(response.request.url == url)
        }
        #expect(router.match(url) == nil)
    }

    @Test(
        "A malformed URL is a 400 whatever its scheme or host",
        arguments: ["https://news.example.org/a%zz", "otherapp://open/%00", "https://evil.org/a b"])
    func malformedForeignLinks(_ url: String) async throws {
        let router = try Self.router(hosts: ["mail.example.com"])
        let response = await Connection.send(url, router: router)
        #expect(response.status == .badRequest)
        #expect(response.data["fallback"] == nil, "the fallback never sees a malformed URL")
    }
}
