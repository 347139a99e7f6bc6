import Foundation
import Testing

@testable import Switchyard

/// ``InterruptedLink`` and ``Connection/resume(_:data:router:)``: a resumed link is sent with the
/// source it arrived with, whoever resumes it; its JSON form is stable.
struct InterruptedLinkTests {
    /// A public and a private route, each answering with its pattern and the request's `note`.
    static let router = try! Router(
        routes: [
            Route("/public/:n", isPublic: true) { request in
                Response(
                    request: request, data: ["pattern": "/public/:n", "note": request.data["note"] ?? "-"])
            },
            Route("/private/:n") { request in
                Response(
                    request: request, data: ["pattern": "/private/:n", "note": request.data["note"] ?? "-"])
            },
        ], configuration: .init(schemes: ["mailapp"]))

    static let resumed: [(link: InterruptedLink, status: Status)] = [
        (InterruptedLink(url: "mailapp://public/1", source: .app), .ok),
        (InterruptedLink(url: "mailapp://private/1", source: .app), .ok),
        (InterruptedLink(url: "mailapp://public/1", source: .external(sourceApplication: "com.other")), .ok),
        (
            InterruptedLink(url: "mailapp://private/1", source: .external(sourceApplication: "com.other")),
            .notFound
        ),
        (InterruptedLink(url: "mailapp://private/1", source: .external(sourceApplication: nil)), .notFound),
    ]

    @Test("resume sends with the link's own source, data included", arguments: resumed)
    func resumeKeepsTheSource(link: InterruptedLink, status: Status) async {
        let response = await Connection.resume(link, data: ["note": "from the app"], router: Self.router)
        #expect(response.status == status)
        #expect(response.request.source == link.source)
        #expect(response.request.url == link.url)
        if status == .ok { #expect(response.data["note"] as? String == "from the app") }
    }

    @Test("an in-app link resumed from inside an external request's pipeline is sent as that request")
    func resumeInsideAnExternalPipeline() async throws {
        let inner = InterruptedLink(url: "mailapp://private/2", source: .app)
        let router = try Router(
            routes: [
                Route("/private/:n") { request in Response(request: request) },
                Route("/relay", isPublic: true) { _ in await Connection.resume(inner, router: Self.router) },
            ], configuration: .init(schemes: ["mailapp"]))
        let response = await Connection.send(
            fromPublicURL: "mailapp://relay", sourceApplication: "com.other", router: router)
        #expect(response.status == .notFound)
        #expect(response.request.source == .external(sourceApplication: "com.other"))
    }

    static let encoded: [(link: InterruptedLink, json: String)] = [
        (InterruptedLink(url: "mailapp://inbox", source: .app), #"{"source":"app","url":"mailapp://inbox"}"#),
        (
            InterruptedLink(
                url: "https://mail.example.com/m/7?a=b", source: .external(sourceApplication: nil)),
            #"{"source":"external","url":"https://mail.example.com/m/7?a=b"}"#
        ),
        (
            InterruptedLink(url: "/x", source: .external(sourceApplication: "com.example.chat")),
            #"{"source":"external","sourceApplication":"com.example.chat","url":"/x"}"#
        ),
    ]

    @Test("encodes as its source and URL, and decodes back", arguments: encoded)
    func codable(link: InterruptedLink, json: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: try encoder.encode(link), as: UTF8.self) == json)
        #expect(try JSONDecoder().decode(InterruptedLink.self, from: Data(json.utf8)) == link)
    }

    @Test(
        "a line that is not a link does not decode",
        arguments: [
            #"{"source":"root","url":"/x"}"#, #"{"url":"/x"}"#, #"{"source":"app"}"#,
            #"{"source":1,"url":"/x"}"#,
        ])
    func refusedJSON(json: String) {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(InterruptedLink.self, from: Data(json.utf8))
        }
    }

    @Test("a request carries an interrupted link only as redirect or sender data")
    func onlyFromData() async {
        let link = InterruptedLink(url: "mailapp://public/3", source: .external(sourceApplication: nil))
        let carried = await Connection.send(
            "mailapp://public/1", data: [InterruptedLink.dataKey: link], router: Self.router)
        #expect(carried.request.interruptedLink == link)
        let plain = await Connection.send(
            "mailapp://public/1?interruptedLink=mailapp%3A%2F%2Fprivate%2F1", router: Self.router)
        #expect(plain.request.interruptedLink == nil)
        let wrongType = await Connection.send(
            "mailapp://public/1", data: [InterruptedLink.dataKey: "mailapp://private/1"], router: Self.router)
        #expect(wrongType.request.interruptedLink == nil, "a string under the key is not a link")
    }
}
