import Testing

@testable import Switchyard

/// The URL Standard's host rules for `http(s)` links, each from both sides, through the real
/// pipeline: a router that serves one host (or `"*"`), one public route, and a notFound
/// controller for links it does not serve.
@Suite("URL: web hosts parsed as browsers parse them")
struct WebHostTests {
    static func router(hosts: Set<String>) throws -> Router {
        try Router(
            routes: [Route("/x", isPublic: true) { Response(request: $0) }],
            configuration: .init(
                schemes: ["mailapp"], hosts: hosts,
                notFound: { Response(request: $0, status: .notFound, data: ["fallback": true]) }))
    }

    /// A link, the host its router serves, and whether the link reaches the route there.
    struct Reach: Sendable, CustomTestStringConvertible {
        let url: String
        let served: String
        let reaches: Bool
        var testDescription: String { "\(url.debugDescription) at \(served)" }
    }

    @Test(
        "Served hosts are compared with the parsed host",
        arguments: [
            // Percent-encoded, fullwidth, ideographic full stop, dropped invisible characters.
            Reach(url: "https://ex%41mple.com/x", served: "example.com", reaches: true),
            Reach(url: "https://ＥＸＡＭＰＬＥ.com/x", served: "example.com", reaches: true),
            Reach(url: "https://example。com/x", served: "example.com", reaches: true),
            Reach(url: "https://exa\u{AD}mple.com/x", served: "example.com", reaches: true),
            Reach(url: "https://exa%C2%ADmple.com/x", served: "example.com", reaches: true),
            Reach(url: "https://ex\u{200B}ample.com/x", served: "example.com", reaches: true),
            // Internationalized hosts reach the punycode a served host is written in.
            Reach(url: "https://bücher.example/x", served: "xn--bcher-kva.example", reaches: true),
            Reach(url: "https://BÜCHER.example/x", served: "xn--bcher-kva.example", reaches: true),
            Reach(url: "https://b%C3%BCcher.example/x", served: "xn--bcher-kva.example", reaches: true),
            Reach(url: "https://xn--bcher-kva.example/x", served: "xn--bcher-kva.example", reaches: true),
            Reach(url: "https://faß.example/x", served: "xn--fa-hia.example", reaches: true),
            Reach(url: "https://faß.example/x", served: "fass.example", reaches: false),
            // `ſ` (long s) is `s` to a browser, so it is here too: one host, not a look-alike.
            Reach(url: "https://hoſt.example/x", served: "host.example", reaches: true),
            // NFC, and a joiner a virama allows: the host is the one the browser goes to.
            Reach(url: "https://a\u{0308}.example/x", served: "xn--4ca.example", reaches: true),
            Reach(
                url: "https://a\u{094D}\u{200C}b.example/x", served: "xn--ab-fsf604u.example", reaches: true),
            Reach(url: "https://a\u{094D}\u{200C}b.example/x", served: "xn--ab-fsf.example", reaches: false),
            // An ASCII host is compared as written, lowercased, `xn--` labels included.
            Reach(url: "http://XN--A-ECP.example/x", served: "xn--a-ecp.example", reaches: true),
            // IPv4 in every form the Standard reads is the dotted address.
            Reach(url: "http://127.0.0.1/x", served: "127.0.0.1", reaches: true),
            Reach(url: "http://127.1/x", served: "127.0.0.1", reaches: true),
            Reach(url: "http://0x7f.1/x", served: "127.0.0.1", reaches: true),
            Reach(url: "http://0177.0.0.1/x", served: "127.0.0.1", reaches: true),
            Reach(url: "http://2130706433/x", served: "127.0.0.1", reaches: true),
            Reach(url: "http://0x7F000001/x", served: "127.0.0.1", reaches: true),
            Reach(url: "http://127.0.0.1./x", served: "127.0.0.1", reaches: true),
            Reach(url: "http://192.0x00A80001/x", served: "192.168.0.1", reaches: true),
            Reach(url: "http://０Ｘｃ０．０２５０．０１/x", served: "192.168.0.1", reaches: true),
            Reach(url: "http://0x.0x.0/x", served: "0.0.0.0", reaches: true),
            // Not numbers: names, compared as written.
            Reach(url: "http://192.168.257.com/x", served: "192.168.257.com", reaches: true),
            Reach(url: "http://0x7f.0.0.0x7g/x", served: "0x7f.0.0.0x7g", reaches: true),
            // ASCII case is ignored as before; a trailing dot still makes another host.
            Reach(url: "https://Mail.EXAMPLE.com/x", served: "mail.example.com", reaches: true),
            Reach(url: "https://mail.example.com./x", served: "mail.example.com", reaches: false),
        ])
    func reaches(_ reach: Reach) async throws {
        let router = try Self.router(hosts: [reach.served])
        let response = await Connection.send(fromPublicURL: reach.url, sourceApplication: nil, router: router)
        #expect(response.status == (reach.reaches ? .ok : .notFound))
        #expect(response.request.url == reach.url, "Request.url keeps the link as received")
    }

    /// A host the Standard rejects, and the rule the 400's message names.
    struct Refusal: Sendable, CustomTestStringConvertible {
        let url: String
        let rule: String
        var testDescription: String { url.debugDescription }
    }

    @Test(
        "A host the Standard rejects is a 400 naming the host and the rule, whatever the router serves",
        arguments: [
            // IPv6: complete, or refused.
            Refusal(url: "http://[]/x", rule: "complete IPv6 address"),
            Refusal(url: "http://[:]/x", rule: "complete IPv6 address"),
            Refusal(url: "https://[::1/page", rule: "complete IPv6 address"),
            Refusal(url: "http://[www.google.com]/", rule: "complete IPv6 address"),
            Refusal(url: "http://[::1.2.3.]/x", rule: "complete IPv6 address"),
            Refusal(url: "http://[::1.2.3.04]/x", rule: "complete IPv6 address"),
            Refusal(url: "http://[::256.0.0.1]/x", rule: "complete IPv6 address"),
            Refusal(url: "http://[1:2:3:4:5:6:7:8:9]/x", rule: "complete IPv6 address"),
            Refusal(url: "http://[1::2::3]/x", rule: "complete IPv6 address"),
            Refusal(url: "http://[12345::]/x", rule: "complete IPv6 address"),
            Refusal(url: "http://[1:2:3:4:5:6:7]/x", rule: "complete IPv6 address"),
            Refusal(url: "http://[::%31]/x", rule: "complete IPv6 address"),
            // IPv4: a host ending in a number is an address, each part in range.
            Refusal(url: "http://192.168.0.257/x", rule: "257 is out of range"),
            Refusal(url: "http://256.0.0.1/x", rule: "256 is out of range"),
            Refusal(url: "http://4294967296/x", rule: "out of range"),
            Refusal(url: "http://0x100000000/x", rule: "out of range"),
            Refusal(url: "http://1.2.3.4.5/x", rule: "at most four parts"),
            Refusal(url: "http://1.2.3.08/x", rule: "'08' is not a number"),
            Refusal(url: "http://foo.09/x", rule: "'foo' is not a number"),
            Refusal(url: "http://foo.0x4/x", rule: "'foo' is not a number"),
            Refusal(url: "http://💩.123/x", rule: "is not a number"),
            // Forbidden code points, raw, percent-decoded or produced by the mapping.
            Refusal(url: "http://%25/x", rule: "'%' cannot be part of a host"),
            Refusal(url: "http://a%2Fb/x", rule: "'/' cannot be part of a host"),
            Refusal(url: "http://a%3Ab/x", rule: "':' cannot be part of a host"),
            Refusal(url: "http://a<b/x", rule: "'<' cannot be part of a host"),
            Refusal(url: "http://a^b/x", rule: "'^' cannot be part of a host"),
            Refusal(url: "http://a|b/x", rule: "'|' cannot be part of a host"),
            Refusal(url: "http://GOO\u{3000}goo.com/x", rule: "a space cannot be part of a host"),
            Refusal(url: "http://％４１.com/x", rule: "'%' cannot be part of a host"),
            Refusal(url: "http://a\u{FF1A}b/x", rule: "':' cannot be part of a host"),
            // Code points no host holds.
            // Code points UTS #46 disallows, whatever the mapping makes of the rest.
            Refusal(url: "http://%EF%B7%90zyx.com/x", rule: "U+FDD0 is disallowed in hosts (UTS #46)"),
            Refusal(url: "http://%EF%BF%BD/x", rule: "U+FFFD is disallowed in hosts (UTS #46)"),
            Refusal(url: "http://a\u{202E}b/x", rule: "U+202E is disallowed in hosts (UTS #46)"),
            Refusal(url: "http://a\u{E000}b/x", rule: "U+E000 is disallowed in hosts (UTS #46)"),
            Refusal(url: "http://a\u{2488}com/x", rule: "U+2488 is disallowed in hosts (UTS #46)"),
            Refusal(url: "https://\u{AD}/x", rule: "nothing is left of it"),
            // UTS #46's validity criteria: joiners in context, no leading mark, the bidi rule.
            Refusal(url: "http://a\u{200D}b/x", rule: "a zero-width joiner (U+200D) must follow a virama"),
            Refusal(
                url: "http://a\u{200C}b/x", rule: "a zero-width non-joiner (U+200C) must follow a virama"),
            Refusal(url: "https://\u{0301}a.example/x", rule: "a label cannot start with a combining mark"),
            Refusal(url: "https://a\u{05D0}.example/x", rule: "breaks the bidi rule"),
            Refusal(url: "https://\u{05D0}.1com/x", rule: "breaks the bidi rule"),
            // In a host that is not ASCII, `xn--` labels must be Punycode for a valid label.
            Refusal(url: "https://xn--.b\u{FC}cher.example/x", rule: "'xn--' is not Punycode"),
            Refusal(
                url: "https://xn--a.b\u{FC}cher.example/x",
                rule: "'xn--a' decodes to a label that breaks UTS #46"),
            Refusal(url: "https://xn--a-\u{E4}.example/x", rule: "starts with 'xn--' but is not ASCII"),
        ])
    func refused(_ refusal: Refusal) async throws {
        for hosts: Set<String> in [["*"], ["example.com"]] {
            let router = try Self.router(hosts: hosts)
            let response = await Connection.send(refusal.url, router: router)
            #expect(response.status == .badRequest)
            let message = response.error?.message ?? ""
            #expect(message.hasPrefix("invalid host '"), "\(message)")
            #expect(message.contains(refusal.rule), "\(message)")
            let external = await Connection.send(
                fromPublicURL: refusal.url, sourceApplication: nil, router: router)
            #expect(external.status == .badRequest)
            #expect(external.data.isEmpty, "an outside caller learns nothing")
        }
    }

    @Test(
        "Hosts the Standard accepts are still accepted by a router serving \"*\"",
        arguments: [
            "http://[::1]/x", "http://[::]/x", "http://[1::]/x", "http://[2001:db8::7]:8080/x",
            "http://[::127.0.0.1]/x", "http://[0:0:0:0:0:0:13.1.68.3]/x", "http://[1:2:3:4:5:6:7:8]/x",
            "http://[::ffff:192.168.0.1]/x", "http://example/x", "http://a.b-c_d.example/x", "http://./x",
            "http://foo.09../x", "http://256.com/x", "http://999999999.com/x", "http://0x/x",
            "https://☃.example/x", "https://%E2%98%83/x", "http://你好你好/x", "http://a%C2%ADb/x",
            // An ASCII host is kept as it is, even with an `xn--` label UTS #46 would refuse.
            "https://xn--/x", "http://a.b.c.XN--pokxncvks/x", "http://xn--a-ecp.example/x",
            "http://xn--bcher-2pa.example/x",
            // `<` then U+0338 is `≮` once normalized, which hosts may hold.
            "https://8<\u{0338}.example/x",
        ])
    func accepted(_ url: String) async throws {
        let response = await Connection.send(url, router: try Self.router(hosts: ["*"]))
        #expect(response.status == .ok, "\(response.error?.message ?? "")")
    }

    @Test(
        "Custom-scheme links are unchanged: their host is the first path segment",
        arguments: [
            ("mailapp://x", Status.ok), ("mailapp://%78", .ok), ("mailapp://[]/x", .notFound),
            ("mailapp://192.168.0.257/x", .notFound), ("mailapp://%25/x", .notFound),
        ])
    func customSchemes(_ url: String, _ status: Status) async throws {
        let router = try Self.router(hosts: ["*"])
        #expect(await Connection.send(url, router: router).status == status)
    }
}
