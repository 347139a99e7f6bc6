import Testing

@testable import SwitchyardMiddlewares

/// ``TrackingParameters`` keeps which value of a repeated item a query reads
/// (`Configuration.repeatedQueryItems`): the cleaned query must read `?diff=x&diff=20` as the
/// request's own query does.
struct TrackingRepeatedItemsTests {
    @Test(
        "partition keeps the query's readsLast in both halves",
        arguments: [Router.Configuration.RepeatedQueryItems.first, .last])
    func partition(_ repeated: Router.Configuration.RepeatedQueryItems) {
        let query = Query(
            [("diff", "x"), ("utm_source", "a"), ("diff", "20"), ("utm_source", "b")],
            readsLast: repeated == .last
        )
        let (kept, tracking) = TrackingParameters.standard.partition(query)
        #expect(kept.readsLast == (repeated == .last))
        #expect(tracking.readsLast == (repeated == .last))
        #expect(kept["diff"] == (repeated == .last ? "20" : "x"))
        #expect(tracking["utm_source"] == (repeated == .last ? "b" : "a"))
    }

    @Test(
        "The stripper's cleanQuery reads a repeated item as the router does",
        arguments: [
            (Router.Configuration.RepeatedQueryItems?.none, "x"), (.first, "x"), (.last, "20"),
        ])
    func stripper(_ repeated: Router.Configuration.RepeatedQueryItems?, _ value: String) async throws {
        let router = try Router(
            routes: [
                Route("/diff", isPublic: true, middlewares: [TrackingParameters.stripper()], controller: echo)
            ],
            configuration: repeated.map { .init(repeatedQueryItems: $0) } ?? .init())
        let response = await Connection.send("/diff?diff=x&utm_source=a&diff=20", router: router)
        let clean = try #require(response.request.cleanQuery)
        #expect(response.request.query["diff"] == value)
        #expect(clean["diff"] == value)
        #expect(clean.values("diff") == ["x", "20"])
        #expect(clean.readsLast == response.request.query.readsLast)
    }
}
