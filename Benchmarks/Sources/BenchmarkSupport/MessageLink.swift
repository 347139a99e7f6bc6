import Switchyard

/// The typed link of the `Decode:` benchmarks: one path parameter and two query items.
///
/// Its `Codable` conformance is synthesized in this module, as an app's is in the app's: `decode`
/// is measured across the module boundary that users have.
public struct MessageLink: Codable, Equatable, Sendable {
    /// The path parameter `id`.
    public let id: Int
    /// The first `highlight` query item.
    public let highlight: String?
    /// Every `tags` query item.
    public let tags: [String]

    /// The same three reads, written by hand with `require` and the query's subscripts.
    ///
    /// Inlinable, so that the benchmark measuring it calls Switchyard directly, as an app's own
    /// controller would.
    @inlinable
    public init(byHand request: Request) throws {
        id = try request.params.require("id", as: Int.self)
        highlight = request.query["highlight"]
        tags = request.query.values("tags")
    }

    /// The link with these values.
    public init(id: Int, highlight: String?, tags: [String]) {
        self.id = id
        self.highlight = highlight
        self.tags = tags
    }

    /// The request both benchmarks read: only a router builds requests, so one is sent.
    public static func request() async throws -> Request {
        let router = try Router(routes: [Route("/messages/:id(int)") { Response(request: $0) }])
        let request = await Connection.send("/messages/77121?highlight=budget&tags=a&tags=b", router: router)
            .request
        let expected = MessageLink(id: 77121, highlight: "budget", tags: ["a", "b"])
        let decoded = try request.decode(MessageLink.self)
        let byHand = try MessageLink(byHand: request)
        precondition(
            decoded == expected && byHand == expected, "Decode: the request does not decode to \(expected)")
        return request
    }
}
