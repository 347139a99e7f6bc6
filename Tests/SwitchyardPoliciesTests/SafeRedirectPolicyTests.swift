import Testing

@testable import SwitchyardPolicies

/// ``SafeRedirectPolicy``: the checker on hostile inputs, and both policies in the pipeline.
struct SafeRedirectPolicyTests {
    static let schemes: Set<String> = ["https", "mailapp"]
    static let hosts: Set<String> = ["good.com", "mail.example.com"]

    static func allowed(_ url: String, relative: Bool = false) -> Bool {
        SafeRedirectPolicy.isAllowed(url, schemes: schemes, hosts: hosts, allowsRelative: relative)
    }

    static let safe = [
        "https://good.com",
        "https://good.com/",
        "https://good.com/a/b?c=d#e",
        "HTTPS://GOOD.COM/x",
        "https://Mail.Example.com/messages/7",
        "https://good.com:443/x",
        "https://good.com?x=https://evil.com",
        "https://good.com#@evil.com",
        "mailapp://good.com/x",
        "https://good.com/%2F%2Fevil.com",
    ]

    @Test(arguments: safe)
    func allowListedTargetsPass(url: String) {
        #expect(Self.allowed(url))
        #expect(Self.allowed(url, relative: true))
    }

    static let hostile = [
        "", "//evil.com", "///evil.com", "////evil.com", "//good.com",
        "https:evil.com", "https:good.com", "https:/good.com", "https:///good.com", "https:\\\\evil.com",
        "https://evil.com", "https://good.com.evil.com", "https://evilgood.com", "https://good.com.",
        "https://good.com@evil.com", "https://user:pass@good.com", "https://good.com%40evil.com",
        "https://good.com\\@evil.com", "https://evil.com\\good.com", "/\\evil.com", "\\\\evil.com",
        "https://evil.com?good.com", "https://evil.com#good.com", "https://evil.com/good.com",
        "https://good.com:evil.com", "https://good.com:", "https://good.com:123456", "https://good.com:-1",
        "https://[::1]/", "https://127.0.0.1/", "https://%67ood.com/",
        "http://good.com", "ftp://good.com", "javascript:alert(1)", "JavaScript://good.com/%0Aalert(1)",
        "javascript://good.com", "data:text/html,<script>alert(1)</script>", "data://good.com",
        "vbscript:msgbox(1)", "file:///etc/passwd",
        " https://good.com", "https://good.com ", "https://go od.com", "\thttps://good.com",
        "https://good.com/\n", "https://good.com/\r\nX: y", "java\nscript:alert(1)", "https://good.com/\u{0}",
        "https://good.com/\u{7F}", "https://gооd.com", "https://good.com/\u{202E}",
        "https://good.com\u{3002}evil.com",
        "evil.com", "good.com/x", "x:y", ":good.com", "1https://good.com", "?next=x", "#x",
    ]

    @Test(arguments: hostile)
    func hostileTargetsAreRefused(url: String) {
        #expect(!Self.allowed(url))
        #expect(!Self.allowed(url, relative: true), "allowing relative paths does not open these")
    }

    static let relative = ["/", "/inbox", "/messages/7?x=1#y", "/files/a%2Fb", "/a//b"]

    @Test(arguments: relative)
    func relativePathsPassOnlyWhenAllowed(url: String) {
        #expect(!Self.allowed(url))
        #expect(Self.allowed(url, relative: true))
    }

    @Test(arguments: ["/%2F/evil.com", "/%2f%2fevil.com", "/%5Cevil.com", "/%5c"])
    func encodedSlashesAfterTheFirstAreRefused(url: String) {
        #expect(!Self.allowed(url, relative: true))
    }

    @Test func refusedSchemesStayRefusedEvenWhenListed() {
        #expect(
            !SafeRedirectPolicy.isAllowed(
                "javascript://good.com/", schemes: ["javascript"], hosts: ["good.com"]))
        #expect(!SafeRedirectPolicy.isAllowed("data://good.com/", schemes: ["data"], hosts: ["good.com"]))
    }

    @Test func anEmptyHostNeedsAnEmptyEntry() {
        #expect(!SafeRedirectPolicy.isAllowed("mailapp:///inbox", schemes: ["mailapp"], hosts: ["good.com"]))
        #expect(SafeRedirectPolicy.isAllowed("mailapp:///inbox", schemes: ["mailapp"], hosts: [""]))
        #expect(!SafeRedirectPolicy.isAllowed("https://good.com/", schemes: ["https"], hosts: [""]))
    }

    // MARK: in the pipeline

    static let router = try! Router(
        routes: [
            Route(
                "/continue", isPublic: true,
                policies: [
                    SafeRedirectPolicy.queryItem("next", schemes: schemes, hosts: hosts, allowsRelative: true)
                ], controller: { request in Response(request: request) }),
            Route(
                "/out/:target", isPublic: true,
                policies: [SafeRedirectPolicy.parameter("target", schemes: schemes, hosts: hosts)],
                controller: { request in Response(request: request) }),
        ], configuration: .init(schemes: ["mailapp"]))

    static let pipelineCases: [(url: String, status: Int)] = [
        ("mailapp://continue", 200),
        ("mailapp://continue?next=%2Finbox", 200),
        ("mailapp://continue?next=https%3A%2F%2Fgood.com%2Fa", 200),
        ("mailapp://continue?next=%2F%2Fevil.com", 400),
        ("mailapp://continue?next=https%3Aevil.com", 400),
        ("mailapp://continue?next=https%3A%2F%2Fgood.com%40evil.com", 400),
        ("mailapp://continue?next=javascript%3Aalert(1)", 400),
        ("mailapp://continue?next=%2F%5Cevil.com", 400),
        ("mailapp://continue?next=", 400),
        ("mailapp://continue?next=%2Finbox&next=%2F%2Fevil.com", 400),
        ("mailapp://continue?next=%252F%252Fevil.com", 400),
        ("mailapp://out/https%3A%2F%2Fgood.com", 200),
        ("mailapp://out/https%3A%2F%2Fevil.com", 400),
        ("mailapp://out/%2F%2Fgood.com", 400),
        ("mailapp://out/%2Finbox", 400),
    ]

    /// In-app, so only the scheme and host lists decide; what an external request must reach on
    /// top of them is in `SignInDoorTests`.
    @Test(arguments: pipelineCases)
    func thePoliciesCheckDecodedValues(url: String, status: Int) async {
        let response = await Connection.send(url, router: Self.router)
        #expect(response.status.code == status)
    }

    @Test(
        "from outside, a target the lists allow still fails when no public route takes it",
        arguments: pipelineCases.filter { $0.status == 200 && $0.url != "mailapp://continue" })
    func externalTargetsMustReachAPublicRoute(url: String, status: Int) async {
        let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: Self.router)
        #expect(response.status == .badRequest, "this router serves neither /inbox nor good.com")
    }
}
