import Testing

@testable import SwitchyardMiddlewares

/// ``TrackingParameters``: the pure URL function, the query partition and the middleware.
struct TrackingParametersTests {
    static let stripCases: [(url: String, stripped: String)] = [
        ("mailapp://messages/7?utm_source=mail&ref=3&fbclid=x", "mailapp://messages/7?ref=3"),
        ("mailapp://messages/7?utm_source=a&utm_medium=b&gclid=c", "mailapp://messages/7"),
        ("mailapp://messages/7?utm_source=a#section?utm_x=1", "mailapp://messages/7#section?utm_x=1"),
        ("/a?UTM_Campaign=x&b=2", "/a?b=2"),
        ("/a?utm%5Fsource=x&b=2", "/a?b=2"),
        ("/a?fbclid", "/a"),
        ("/a?b=1&&c=2&gclid=3", "/a?b=1&&c=2"),
        ("/a?utmost=1&fbclid2=2&my_utm_x=3", "/a?utmost=1&fbclid2=2&my_utm_x=3"),
        ("/a?b=%20x+y&utm_id=1", "/a?b=%20x+y"),
        ("/a", "/a"),
        ("/a?", "/a?"),
        ("https://mail.example.com/x?gclid=1#frag", "https://mail.example.com/x#frag"),
    ]

    @Test(arguments: stripCases)
    func stripsTrackingItemsAndKeepsTheRest(url: String, stripped: String) {
        #expect(TrackingParameters.strip(url: url) == stripped)
    }

    @Test func extraPatternsAddToTheDefaults() {
        let url = "/a?mc_eid=1&mc_cid=2&igshid=3&utm_source=4&keep=5"
        #expect(TrackingParameters.strip(url: url, extra: ["mc_*", "igshid"]) == "/a?keep=5")
        #expect(TrackingParameters.strip(url: url) == "/a?mc_eid=1&mc_cid=2&igshid=3&keep=5")
    }

    @Test func aCustomSetReplacesTheDefaults() {
        let onlyRef = TrackingParameters(["ref"])
        #expect(onlyRef.strip(url: "/a?ref=1&utm_source=2") == "/a?utm_source=2")
        #expect(onlyRef.matches("REF"))
        #expect(!onlyRef.matches("referrer"))
    }

    @Test func theMiddlewareRecordsTheCleanQueryInOrder() async throws {
        let router = try Router(
            routes: [
                Route(
                    "/search", isPublic: true, middlewares: [TrackingParameters.stripper()], controller: echo)
            ],
            configuration: .init(schemes: ["mailapp"]))
        let response = await Connection.send(
            fromPublicURL: "mailapp://search?utm_source=news&q=swift&tag=a&fbclid=z&tag=b",
            sourceApplication: nil,
            router: router)
        #expect(response.status == .ok)
        let clean = try #require(response.request.cleanQuery)
        #expect(clean.items.map(\.name) == ["q", "tag", "tag"])
        #expect(clean.values("tag") == ["a", "b"])
        #expect(response.request.trackingQuery == Query([("utm_source", "news"), ("fbclid", "z")]))
        #expect(response.request.query.items.count == 5, "the original query is unchanged")
    }

    @Test func withoutTheMiddlewareThereIsNoCleanQuery() async throws {
        let router = try Router(routes: [Route("/search", controller: echo)])
        let response = await Connection.send("/search?utm_source=x", router: router)
        #expect(response.request.cleanQuery == nil)
        #expect(response.request.trackingQuery == nil)
    }

    @Test func theMiddlewareTakesExtraPatterns() async throws {
        let router = try Router(
            middlewares: [TrackingParameters.stripper(extra: ["ref"])],
            routes: [Route("/a", controller: echo)])
        let response = await Connection.send("/a?ref=1&gclid=2&id=3", router: router)
        #expect(response.request.cleanQuery == Query([("id", "3")]))
    }
}
