import Testing

@testable import Switchyard

/// Links without `//` after the scheme (RFC 3986's opaque form): a scheme the router does not name
/// reaches the `notFound` controller, the web-view fallback; a scheme it names, a web scheme and a
/// code-running scheme stay 400s.
@Suite("URL: opaque links of schemes the router does not serve")
struct OpaqueLinkTests {
    static func router(schemes: Set<String> = ["mailapp"]) throws -> Router {
        try Router(
            routes: [Route("/inbox", isPublic: true) { Response(request: $0) }],
            configuration: .init(
                schemes: schemes, hosts: ["mail.example.com"],
                notFound: { Response(request: $0, status: .notFound, data: ["fallback": $0.url]) }))
    }

    @Test(
        "Bug: mailto: and tel: tapped in web content answered 400 (no '//' after the scheme); they reach the fallback",
        arguments: [
            "mailto:a@b.example", "tel:+15551234", "sms:+15551234?body=hi%20there", "mailto:?to=a@b.example",
            "geo:37.786971,-122.399677", "MAILTO:ada@example.com#top", "facetime:ada@example.com",
            "mailto:ad%C3%A1@example.com", "tel:",
        ])
    func fallback(_ url: String) async throws {
        for schemes: Set<String> in [["mailapp"], []] {
            let router = try Self.router(schemes: schemes)
            let inApp = await Connection.send(url, router: router)
            #expect(inApp.status == .notFound)
            #expect(inApp.data["fallback"] as? String == url, "the notFound controller answered")
            #expect(inApp.request.route == nil)
            let external = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
            #expect(external.data["fallback"] as? String == url)
            #expect(router.match(url) == nil, "never routed")
        }
    }

    /// An opaque link that is refused, and a phrase of the reason.
    struct Refusal: Sendable, CustomTestStringConvertible {
        let url: String
        let reason: String
        var testDescription: String { url.debugDescription }
    }

    @Test(
        "A scheme the router names, a web scheme or a code-running one still needs '//'; the rest must be well-formed",
        arguments: [
            Refusal(url: "mailapp:inbox", reason: "followed by '//'"),
            Refusal(url: "MailApp:/inbox", reason: "followed by '//'"),
            Refusal(url: "https:mail.example.com/inbox", reason: "followed by '//'"),
            Refusal(url: "http:/mail.example.com/inbox", reason: "followed by '//'"),
            Refusal(url: "javascript:alert(1)", reason: "never names an app"),
            Refusal(url: "data:text/html,x", reason: "never names an app"),
            Refusal(url: "VBScript:x", reason: "never names an app"),
            Refusal(url: "mailto:a b@example.com", reason: "raw space"),
            Refusal(url: "tel:%zz", reason: "malformed percent-escape"),
            Refusal(url: "mailto:a%00b@example.com", reason: "control character"),
            Refusal(url: "mailto:a%FFb@example.com", reason: "not valid UTF-8"),
            Refusal(url: "sms:1?body=%", reason: "malformed percent-escape"),
        ])
    func refused(_ refusal: Refusal) async throws {
        let router = try Self.router()
        let response = await Connection.send(refusal.url, router: router)
        #expect(response.status == .badRequest)
        #expect(response.error?.message.contains(refusal.reason) == true, "\(response.error?.message ?? "")")
        #expect(response.data["fallback"] == nil)
    }

    @Test("A redirect to an opaque link is handed back to the app, not followed")
    func redirectHandsBack() async throws {
        let router = try Router(
            routes: [Route("/help", isPublic: true) { .redirect($0, to: "mailto:help@example.com") }],
            configuration: .init(schemes: ["mailapp"]))
        let response = await Connection.send("mailapp://help", router: router)
        #expect(response.status == .seeOther)
        #expect(response.request.url == "mailapp://help")
    }
}
