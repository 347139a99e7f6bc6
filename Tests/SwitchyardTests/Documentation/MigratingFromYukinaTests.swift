import Foundation
import Switchyard
import Testing

/// Mirrors the Swift code of Sources/Routing/Switchyard.docc/MigratingFromYukina.md.
@Suite("Docs: Migrating from Yukina")
struct MigratingFromYukinaTests {
    // Section "Middlewares": Yukina's `-[YKRequest initWithRequest:additionalData:]`.
    static let locale = Middleware("locale") { request in
        Request(request: request, additionalData: ["locale": "fr"])
    }

    // Section "Policies": YKPolicyResult verified/failed.
    static let signedIn = Policy("signedIn") { request in
        request.data["user"] != nil ? .verified : .failed(Response(request: request, status: .unauthorized))
    }

    // Section "Routes and the router".
    static func makeRouter() throws -> Router {
        try Router(
            middlewares: [locale],
            routes: [
                Route("/messages/:id(int)", isPublic: true, policies: [signedIn]) { request in
                    let id = try request.params.require("id", as: Int.self)  // typed, throws 400
                    return Response(
                        request: request, data: ["id": id, "locale": request.data["locale"] ?? "-"])
                }
            ],
            configuration: .init(schemes: ["mailapp"]))
    }

    @Test("Sending")
    func sending() async throws {
        let router = try Self.makeRouter()
        // In-app, with objects for the controller (Yukina's additional data):
        let response = await Connection.send("mailapp://messages/7", data: ["user": "ada"], router: router)
        // From `application(_:open:options:)`:
        let url = URL(string: "mailapp://messages/7")!
        let opened = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)

        #expect(response.status == .ok)
        #expect(response.data["locale"] as? String == "fr")
        #expect(opened.status == .unauthorized, "no user data from outside")
    }

    @Test("Validated at init")
    func validatedAtInit() {
        #expect(throws: RouteTableError.self) {
            try Router(routes: [
                Route("/messages/:id") { request in Response(request: request) },
                Route("/messages/:message_id") { request in Response(request: request) },
            ])
        }
    }
}
