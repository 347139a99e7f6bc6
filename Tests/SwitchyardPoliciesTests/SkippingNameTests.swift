import Testing

@testable import SwitchyardPolicies

/// `skipping:` names a router policy by ``Policy/name``: the built-ins' names are what the
/// init error lists, and a mistyped one gets the name it meant.
struct SkippingNameTests {
    static let signIn = SignInPolicy.redirect(to: "/sign-in") { _ in true }
    static let rateLimit = RateLimit.perSourceApplication(capacity: 1, refillEvery: .seconds(1))

    @Test(
        "a mistyped built-in policy in skipping: names the router's policies and the one meant",
        arguments: [
            ("signin", "; did you mean 'signIn'?"), ("sign-in", "; did you mean 'signIn'?"),
            ("ratelimit", "; did you mean 'rateLimit'?"), ("csrf", ""),
        ])
    func mistypedBuiltIn(skipped: String, suggestion: String) {
        #expect(
            throws: RouteTableError(
                pattern: "/open", position: nil,
                reason: "skips '\(skipped)', which is not a router policy (the router's policies: 'signIn', "
                    + "'rateLimit'; its middlewares: none)\(suggestion)")
        ) {
            try Router(
                policies: [Self.signIn, Self.rateLimit],
                routes: [Route("/open", skipping: [skipped]) { Response(request: $0) }])
        }
    }

    @Test("the built-ins' names are the ones skipping: takes")
    func builtInNames() throws {
        #expect(Self.signIn.name == "signIn")
        #expect(SignInPolicy.awaiting(isSignedIn: { _ in true }, signIn: { _ in true }).name == "signIn")
        #expect(Self.rateLimit.name == "rateLimit")
        _ = try Router(
            policies: [Self.signIn, Self.rateLimit],
            routes: [Route("/open", skipping: ["signIn", "rateLimit"]) { Response(request: $0) }])
    }
}
