import Foundation
import Testing

@testable import Switchyard

/// A typed `URL` field is judged by Switchyard's parser, not by `URL(string:)`, whose answer
/// depends on the OS: iOS 16 returns `nil` for `https://example.com/café` and `a|b`, which iOS 17
/// and Linux percent-encode. The field's `URL` is built from RFC 3986 text, which every Foundation
/// reads alike.
@Suite("Typed: URL fields judged by Switchyard's parser")
struct TypedURLFieldTests {
    struct OpenLink: Codable, Equatable, Sendable {
        var next: URL
    }

    static func router() throws -> Router {
        try Router(routes: [Route("/open", isPublic: true, controller: Typed.decoding(OpenLink.self))])
    }

    @Test(
        "Bug: a typed URL field passed on Linux and failed on iOS 16; it reads the same RFC 3986 URL everywhere",
        arguments: [
            ("https://example.com/café", "https://example.com/caf%C3%A9"),
            ("https://example.com/a|b?q={x}", "https://example.com/a%7Cb?q=%7Bx%7D"),
            ("https://example.com/x#a#b", "https://example.com/x#a%23b"),
            ("https://ｅｘａｍｐｌｅ.com/x", "https://example.com/x"),
            ("https://bücher.example/", "https://xn--bcher-kva.example/"),
            ("https://[::1]:8080/x", "https://[::1]:8080/x"),
            ("https://example.com/a%20b?c=d&e", "https://example.com/a%20b?c=d&e"),
            ("mailapp://messages/7", "mailapp://messages/7"),
            ("mailapp://messages/日本", "mailapp://messages/%E6%97%A5%E6%9C%AC"),
            ("mailto:ada@example.com", "mailto:ada@example.com"),
            ("/settings/labs?enabled=true", "/settings/labs?enabled=true"),
        ])
    func reads(_ text: String, _ expected: String) async throws {
        let url = "/open?next=" + PercentEncoding.encodeQueryComponent(text)
        let response = await Connection.send(url, router: try Self.router())
        let link = try #require(response.data["value"] as? OpenLink, "\(response.error?.message ?? "")")
        #expect(link.next.absoluteString == expected)
        #expect(URL(string: expected) != nil, "the text is one every Foundation reads")
    }

    @Test(
        "Text Switchyard's parser refuses is not a URL, whatever URL(string:) would say",
        arguments: [
            "inbox", "javascript:alert(1)", "https://192.168.0.257/", "https://[www.example.com]/",
            "https://a b/", "/a/../b", "https://user@example.com/", "",
        ])
    func refuses(_ text: String) async throws {
        let url = "/open?next=" + PercentEncoding.encodeQueryComponent(text)
        let response = await Connection.send(url, router: try Self.router())
        #expect(response.status == .badRequest)
        #expect(
            response.error?.message.hasPrefix("'next' is not a valid URL") == true,
            "\(response.error?.message ?? "")")
    }
}
