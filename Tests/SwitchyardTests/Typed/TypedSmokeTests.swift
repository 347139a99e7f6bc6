import Foundation
import Testing

@testable import Switchyard

struct TypedSmokeTests {
    enum Folder: String, Codable, Equatable { case inbox, archive }
    struct MessageLink: Codable, Equatable {
        let id: Int
        let highlight: String?
        let tags: [String]
        let folder: Folder?
        let token: UUID?
        let unread: Bool?
        let score: Double?
    }

    @Test func roundTrip() async throws {
        let router = try Router(
            routes: [
                Route("/messages/:id(int)", name: "message", isPublic: true) { request in
                    Response(request: request, data: ["link": try request.decode(MessageLink.self)])
                }
            ], configuration: .init(schemes: ["mailapp"]))
        let value = MessageLink(
            id: 7, highlight: "a b&c", tags: ["x", "y z"], folder: .archive, token: UUID(), unread: false,
            score: 2.5)
        let path = try router.path(for: "message", value)
        let response = await Connection.send(path, router: router)
        #expect(response.status == .ok, "\(path) \(String(describing: response.error))")
        #expect(response.data["link"] as? MessageLink == value, "\(path)")
        let url = try router.url(for: "message", value)
        #expect(url.hasPrefix("mailapp://messages/7?"), "\(url)")
        let bad = await Connection.send("/messages/7?folder=spam&unread=maybe", router: router)
        #expect(bad.status == .badRequest)
        #expect(
            bad.error?.message == "'folder' is not a valid Folder: 'spam'", "\(String(describing: bad.error))"
        )
        let outside = try #require(
            try? Router(routes: router.routes).storage.routes.first)
        _ = outside
    }
}
