import Testing

@testable import SwitchyardPolicies

/// ``ParameterPolicies``: required and validated path parameters and query items.
struct ParameterPoliciesTests {
    static let router = try! Router(
        routes: [
            Route(
                "/photos(/:id)", policies: [ParameterPolicies.require("id", .int)],
                controller: { request in
                    Response(request: request)
                }),
            Route(
                "/tags(/:tag)", policies: [ParameterPolicies.require("tag")],
                controller: { request in
                    Response(request: request)
                }),
            Route(
                "/search",
                policies: [
                    ParameterPolicies.requireQuery("q"),
                    ParameterPolicies.validateQuery("page", .int),
                    ParameterPolicies.validateQuery("sort", .oneOf(["date", "from"])),
                ], controller: { request in Response(request: request) }),
            Route(
                "/verify", isPublic: true, policies: [ParameterPolicies.requireQuery("token", .alnum)],
                controller: { request in Response(request: request) }),
        ], configuration: .init(schemes: ["mailapp"]))

    static let cases: [(url: String, status: Int)] = [
        ("/photos/7", 200),
        ("/photos/-7", 200),
        ("/photos", 400),
        ("/photos/seven", 400),
        ("/photos/7.5", 400),
        ("/photos/99999999999999999999", 400),
        ("/tags/swift", 200),
        ("/tags", 400),
        ("/search?q=swift", 200),
        ("/search?q=", 200),
        ("/search?q", 200),
        ("/search?page=2", 400),
        ("/search?q=x&page=2", 200),
        ("/search?q=x&page=two", 400),
        ("/search?q=x&page=2&page=x", 400),
        ("/search?q=x&page=", 400),
        ("/search?q=x&sort=date", 200),
        ("/search?q=x&sort=DATE", 400),
        ("/search?Q=x", 400),
        ("/verify?token=abc123", 200),
        ("/verify?token=abc%20123", 400),
        ("/verify?token=", 400),
        ("/verify?token=ab&token=c-d", 400),
        ("/verify", 400),
    ]

    @Test(arguments: cases)
    func checksParametersAndQueryItems(url: String, status: Int) async {
        let response = await Connection.send(url, router: Self.router)
        #expect(response.status.code == status)
        if status == 400 {
            #expect(response.error?.status == .badRequest, "in-app failures explain themselves")
        }
    }

    @Test func externalFailuresCarryNoDetails() async {
        let response = await Connection.send(
            fromPublicURL: "mailapp://verify", sourceApplication: nil, router: Self.router)
        #expect(response.status == .badRequest)
        #expect(response.data.isEmpty)
    }

    @Test func messagesNameTheItem() async {
        let response = await Connection.send("/search?q=x&page=two", router: Self.router)
        #expect(response.error?.message.contains("'page'") == true)
        #expect(response.error?.message.contains("int") == true)
    }
}
