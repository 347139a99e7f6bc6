import Testing

@testable import SwitchyardControllers

/// ``FixedResponse`` and ``NotFound``.
struct FixedResponseTests {
    static let gone = Status(code: 410, reason: "Gone")

    static let router = try! Router(
        routes: [
            Route("/about", isPublic: true, controller: FixedResponse.with(.ok, data: ["screen": "about"])),
            Route("/old", isPublic: true, controller: FixedResponse.with(gone)),
            Route("/labs/*rest", isPublic: true, controller: NotFound.controller),
            Route("/hidden", controller: echo),
        ],
        configuration: .init(schemes: ["mailapp"], notFound: NotFound.controller(data: ["screen": "missing"]))
    )

    @Test func answersWithTheFixedStatusAndData() async {
        let about = await Connection.send("/about?x=1", router: Self.router)
        #expect(about.status == .ok)
        #expect(about.data["screen"] as? String == "about")
        #expect(about.request.query["x"] == "1")
        let old = await Connection.send(
            fromPublicURL: "mailapp://old", sourceApplication: nil, router: Self.router)
        #expect(old.status == Self.gone)
        #expect(old.data.isEmpty)
    }

    @Test func notFoundAnswers404() async {
        let labs = await Connection.send("/labs/a/b", router: Self.router)
        #expect(labs.status == .notFound)
        #expect(labs.data.isEmpty)
        #expect(labs.request.route?.pattern == "/labs/*rest")
    }

    @Test func notFoundWithDataServesTheRouterWideMiss() async {
        let missing = await Connection.send("/nowhere", router: Self.router)
        #expect(missing.status == .notFound)
        #expect(missing.data["screen"] as? String == "missing")
        let hidden = await Connection.send(
            fromPublicURL: "mailapp://hidden", sourceApplication: nil, router: Self.router)
        #expect(hidden.status == .notFound)
        #expect(hidden.data["screen"] as? String == "missing", "a private route looks exactly like a miss")
    }
}
