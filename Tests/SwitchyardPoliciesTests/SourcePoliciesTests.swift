import Testing

@testable import SwitchyardPolicies

/// ``SourcePolicies/allowList(_:)``.
struct SourcePoliciesTests {
    static let cases: [(sender: Sender, status: Int)] = [
        (.app, 200),
        (.external("com.example.companion"), 200),
        (.external("com.example.widget"), 200),
        (.external("com.evil"), 403),
        (.external("COM.EXAMPLE.COMPANION"), 403),
        (.external(""), 403),
        (.external(nil), 403),
    ]

    @Test(arguments: cases)
    func onlyListedApplicationsGetThrough(sender: Sender, status: Int) async throws {
        let counter = Counter()
        let router = try Router(
            routes: [
                Route(
                    "/share", isPublic: true,
                    policies: [SourcePolicies.allowList(["com.example.companion", "com.example.widget"])],
                    controller: countingController(counter))
            ], configuration: .init(schemes: ["mailapp"]))
        let response = await sender.send("/share", router: router)
        #expect(response.status.code == status)
        #expect(await counter.value == (status == 200 ? 1 : 0), "the controller runs only when allowed")
        if status != 200 {
            #expect(response.data.isEmpty, "external failures carry no details")
        }
    }
}
