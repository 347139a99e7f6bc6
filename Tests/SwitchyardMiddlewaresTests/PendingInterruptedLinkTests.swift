import Foundation
import Testing

@testable import SwitchyardMiddlewares

/// ``PendingLinks/hold(_:)``: a link sign-in interrupted survives a relaunch with its source, in
/// the same line a link held on arrival gets.
struct PendingInterruptedLinkTests {
    static let links: [(link: InterruptedLink, line: String, answer: String)] = [
        (
            InterruptedLink(
                url: "mailapp://private/1", source: .external(sourceApplication: "com.example.chat")),
            #"{"arrival":1700000000.5,"source":"external","sourceApplication":"com.example.chat","url":"mailapp://private/1"}"#,
            "mailapp://private/1 404 external(com.example.chat) "
        ),
        (
            InterruptedLink(url: "mailapp://public/2?a=b", source: .external(sourceApplication: nil)),
            #"{"arrival":1700000000.5,"source":"external","url":"mailapp://public/2?a=b"}"#,
            "mailapp://public/2?a=b 200 external -"
        ),
        (
            InterruptedLink(url: "/private/3", source: .app),
            #"{"arrival":1700000000.5,"source":"app","url":"/private/3"}"#,
            "/private/3 200 app -"
        ),
    ]

    @Test(
        "an interrupted link is written with its source and delivered with it after a relaunch",
        arguments: links)
    func heldAcrossARelaunch(link: InterruptedLink, line: String, answer: String) async throws {
        let file = try PendingLinksTests.file()
        let first = try PendingLinksTests.links(file)
        try await first.hold(link)
        #expect(try lines(of: file) == [line])
        let relaunched = try PendingLinksTests.links(file)
        let responses = await relaunched.deliver(router: PendingLinksTests.router)
        #expect(PendingLinksTests.summary(responses) == [answer], "an outside link stays outside")
    }

    @Test("a line a link held on arrival wrote decodes as the same interrupted link")
    func sameLineAsOnArrival() async throws {
        let file = try PendingLinksTests.file()
        let pending = try PendingLinksTests.links(file)
        try await pending.hold(fromPublicURL: "mailapp://public/9", sourceApplication: "com.other")
        try await pending.hold(
            InterruptedLink(url: "mailapp://public/9", source: .external(sourceApplication: "com.other")))
        let written = try lines(of: file)
        #expect(written.count == 2 && written[0] == written[1])
    }
}
