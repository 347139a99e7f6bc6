import Testing

@testable import SwitchyardPolicies

/// ``SafeRedirectPolicy`` on a router with `Configuration.protocolRelativeScheme`: the router
/// reads `//good.com/a` as `https://good.com/a` in-app and from content, but a redirect target is
/// checked by the policy's own grammar, which never accepts a protocol-relative target (a browser
/// would take the page's scheme, whatever the router does). A request that itself arrived
/// protocol-relative is judged like its absolute URL.
struct ProtocolRelativeRedirectTests {
    enum From: String, Sendable, CustomStringConvertible {
        case app, content, outside
        var description: String { rawValue }
    }

    static let router = Result {
        try Router(
            routes: [
                Route(
                    "/sign-in", isPublic: true,
                    policies: [
                        SafeRedirectPolicy.queryItem(
                            "next", schemes: ["https"], hosts: ["good.com"], allowsRelative: true)
                    ], controller: { Response(request: $0) }),
                Route(
                    "/out/:target", isPublic: true,
                    policies: [
                        SafeRedirectPolicy.parameter("target", schemes: ["https"], hosts: ["good.com"])
                    ],
                    controller: { Response(request: $0) }),
                Route("/a", isPublic: true, controller: { Response(request: $0) }),
            ], configuration: .init(hosts: ["good.com"], protocolRelativeScheme: "https"))
    }

    static func send(_ url: String, from: From) async throws -> Response {
        let router = try router.get()
        switch from {
        case .app: return await Connection.send(url, router: router)
        case .content: return await Connection.send(contentLink: url, router: router)
        case .outside:
            return await Connection.send(fromPublicURL: url, sourceApplication: nil, router: router)
        }
    }

    @Test(
        "A protocol-relative request is checked as its absolute URL; its target must still be allowed",
        arguments: [
            (From.app, "//good.com/sign-in?next=https://good.com/a", Status.ok),
            (.content, "//good.com/sign-in?next=https://good.com/a", .ok),
            (.app, "//good.com/sign-in?next=/a", .ok), (.content, "//good.com/sign-in?next=/a", .ok),
            (.app, "//good.com/sign-in?next=https://evil.com/a", .badRequest),
            (.content, "//good.com/sign-in?next=https://evil.com/a", .badRequest),
            (.outside, "https://good.com/sign-in?next=https://good.com/a", .ok),
        ])
    func protocolRelativeRequest(_ from: From, _ url: String, _ status: Status) async throws {
        let response = try await Self.send(url, from: from)
        #expect(response.status == status, "\(url) from \(from)")
        #expect(response.request.url.hasPrefix("https://good.com/sign-in?next="))
    }

    @Test(
        "A protocol-relative target is refused, though the router would read it as https in-app",
        arguments: [From.app, .content, .outside],
        [
            "https://good.com/sign-in?next=//good.com/a", "https://good.com/sign-in?next=%2F%2Fgood.com%2Fa",
            "https://good.com/sign-in?next=/a&next=//good.com/a", "https://good.com/out/%2F%2Fgood.com%2Fa",
            "https://good.com/sign-in?next=HTTPS:%2F%2Fgood.com%2Fa&next=%2F%2Fevil.com",
        ])
    func protocolRelativeTarget(_ from: From, _ url: String) async throws {
        let router = try Self.router.get()
        #expect(router.match("//good.com/a")?.route.pattern == "/a", "the router reads it in-app")
        let response = try await Self.send(url, from: from)
        #expect(response.status == .badRequest, "\(url) from \(from)")
        if from == .app {
            #expect(response.error?.message.contains("is not an allowed redirect target") == true)
        }
    }
}
