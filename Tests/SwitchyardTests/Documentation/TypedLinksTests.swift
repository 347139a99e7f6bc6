import Foundation
import Switchyard
import Testing

/// Mirrors the typed-link code of Sources/Routing/Switchyard.docc/GettingStarted.md (section
/// "Typed links") and of MigratingFromYukina.md (section "From Gandalf and Khala: typed links").
/// The types are nested so that they never meet other tests' `MessageLink` or `MessageController`.
@Suite("Docs: typed links")
struct TypedLinksTests {
    // Getting Started, section "Typed links": the link type and the controller that decodes it.
    struct MessageLink: Codable, Equatable {
        enum Tab: String, Codable { case body, attachments }

        var id: Int
        var tab: Tab?
        var highlight: [String] = []

        enum CodingKeys: String, CodingKey {
            case id = "message_id"  // the route's parameter
            case tab, highlight  // query items
        }
    }

    enum MessageController {
        static let show: Controller = { request in
            let link = try request.decode(MessageLink.self)
            return Response(request: request, data: ["screen": "message", "link": link])
        }
    }

    /// The article's router ("Create the router"), its message route now with the typed controller.
    static func makeRouter() throws -> Router {
        try Router(
            routes: [
                Route(
                    "/messages/:message_id(int)", name: "message", isPublic: true,
                    controller: MessageController.show)
            ],
            configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))
    }

    @Test("Getting Started: a controller decodes the link")
    func decode() async throws {
        let router = try Self.makeRouter()
        let opened = await Connection.send(
            "mailapp://messages/7?tab=attachments&highlight=budget&highlight=q3", router: router)
        // opened.data["link"] as? MessageLink:
        // MessageLink(id: 7, tab: .attachments, highlight: ["budget", "q3"])
        let typo = await Connection.send("mailapp://messages/7?tab=attachment", router: router)
        // typo.status == .badRequest, typo.error?.message == "'tab' is not a valid Tab: 'attachment'"

        #expect(opened.status == .ok)
        #expect(
            opened.data["link"] as? MessageLink
                == MessageLink(id: 7, tab: .attachments, highlight: ["budget", "q3"]))
        #expect(typo.status == .badRequest)
        #expect(typo.error?.message == "'tab' is not a valid Tab: 'attachment'")

        // Optionals are nil and arrays empty when the link lacks the key; unknown items are ignored.
        let bare = await Connection.send("mailapp://messages/7?utm_source=news", router: router)
        #expect(bare.data["link"] as? MessageLink == MessageLink(id: 7))
        // A missing non-optional value names the key and the type.
        let inbox = try Router(routes: [
            Route("/inbox") { request in
                Response(request: request, data: ["link": try request.decode(MessageLink.self)])
            }
        ])
        let missing = await Connection.send("/inbox", router: inbox)
        #expect(missing.status == .badRequest)
        #expect(missing.error?.message == "missing 'message_id', expected Int")
        // From another app: the bare 400, no message and no value.
        let outside = await Connection.send(
            fromPublicURL: "mailapp://messages/7?tab=attachment", sourceApplication: nil, router: router)
        #expect(outside.status == .badRequest)
        #expect(outside.error == nil && outside.data.isEmpty)
    }

    @Test("Getting Started: the scalar rules of the section")
    func scalars() async throws {
        struct Flags: Codable, Equatable {
            var unread: Bool
            var token: UUID?
            var score: Double?
        }
        let router = try Router(routes: [
            Route("/flags") { request in
                Response(request: request, data: ["flags": try request.decode(Flags.self)])
            }
        ])
        let token = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        for (text, unread) in [("true", true), ("false", false), ("1", true), ("0", false)] {
            let response = await Connection.send(
                "/flags?unread=\(text)&token=\(token.uuidString)&score=2.5", router: router)
            #expect(
                response.data["flags"] as? Flags == Flags(unread: unread, token: token, score: 2.5), "\(text)"
            )
        }
        let yes = await Connection.send("/flags?unread=yes", router: router)
        #expect(yes.error?.message == "'unread' is not a valid Bool: 'yes'")
        let badToken = await Connection.send("/flags?unread=1&token=nope", router: router)
        #expect(badToken.error?.message == "'token' is not a valid UUID: 'nope'")
    }

    @Test("Getting Started: the link built back from the value")
    func reverse() async throws {
        let router = try Self.makeRouter()
        let link = MessageLink(id: 7, tab: .attachments, highlight: ["budget"])
        let path = try router.path(for: "message", link)
        // "/messages/7?tab=attachments&highlight=budget"
        let url = try router.url(for: "message", link, scheme: "https", host: "mail.example.com")
        // "https://mail.example.com/messages/7?tab=attachments&highlight=budget"

        #expect(path == "/messages/7?tab=attachments&highlight=budget")
        #expect(url == "https://mail.example.com/messages/7?tab=attachments&highlight=budget")
        #expect(
            try router.url(for: "message", link) == "mailapp://messages/7?tab=attachments&highlight=budget")
        // The round trip: sending the path decodes to the value it was built from.
        for value in [
            link, MessageLink(id: 8), MessageLink(id: 9, tab: .body, highlight: ["a b", "c&d", "é"]),
        ] {
            let sent = await Connection.send(try router.path(for: "message", value), router: router)
            #expect(sent.data["link"] as? MessageLink == value)
        }
        // Parameters are checked against their constraints, as the dictionary form checks them.
        struct LabelLink: Codable { var name: String }
        let labels = try Router(routes: [
            Route("/labels/:name(alpha)", name: "label") { Response(request: $0) }
        ])
        #expect(try labels.path(for: "label", LabelLink(name: "work")) == "/labels/work")
        #expect(throws: RoutingError.self) { try labels.path(for: "label", LabelLink(name: "q3")) }
    }

    @Test("Getting Started: a link is flat")
    func flat() async throws {
        struct Nested: Codable {
            struct Inner: Codable { var a: Int }
            var id: Int
            var inner: Inner
            enum CodingKeys: String, CodingKey {
                case id = "message_id"
                case inner
            }
        }
        let router = try Self.makeRouter()
        let error = #expect(throws: RoutingError.self) {
            try router.path(for: "message", Nested(id: 7, inner: .init(a: 1)))
        }
        #expect(error?.status == .badRequest)
        let decoding = try Router(routes: [
            Route("/messages/:message_id") { request in
                Response(request: request, data: ["link": try request.decode(Nested.self)])
            }
        ])
        #expect(await Connection.send("/messages/7?inner=1", router: decoding).status == .badRequest)
    }

    @Test("Migrating: Gandalf's convert becomes decode, Khala's typed store path(for:)")
    func gandalfAndKhala() async throws {
        let following = Route("/users/:username/following", name: "following", isPublic: true) { request in
            let link = try request.decode(FollowingLink.self)  // was convert(params:queryParams:)
            return Response(request: request, data: ["screen": "following", "link": link])
        }
        let router = try Router(routes: [following], configuration: .init(schemes: ["app"]))
        let path = try router.followingPath(of: "ada", page: 2)
        // "/users/ada/following?page=2"
        let shown = await Connection.send(path, router: router)
        // shown.data["link"] as? FollowingLink == FollowingLink(username: "ada", page: 2)
        let bad = await Connection.send("app://users/ada/following?page=last", router: router)
        // bad.status == .badRequest, bad.error?.message == "'page' is not a valid Int: 'last'"

        #expect(path == "/users/ada/following?page=2")
        #expect(shown.status == .ok)
        #expect(shown.data["link"] as? FollowingLink == FollowingLink(username: "ada", page: 2))
        #expect(bad.status == .badRequest)
        #expect(bad.error?.message == "'page' is not a valid Int: 'last'")
        #expect(try router.followingPath(of: "grace") == "/users/grace/following")
        let first = await Connection.send("app://users/grace/following", router: router)
        #expect(first.data["link"] as? FollowingLink == FollowingLink(username: "grace", page: nil))
        #expect(
            try router.url(for: "following", FollowingLink(username: "ada", page: 2))
                == "app://users/ada/following?page=2")
    }
}

// MigratingFromYukina.md, section "From Gandalf and Khala: typed links": the link type, and the
// typed store's function (an extension, so at file scope).
struct FollowingLink: Codable, Equatable {
    var username: String  // Gandalf's params["username"]
    var page: Int?  // Gandalf's queryParams["page"], now an Int
}

extension Router {
    func followingPath(of username: String, page: Int? = nil) throws -> String {
        try path(for: "following", FollowingLink(username: username, page: page))
    }
}
