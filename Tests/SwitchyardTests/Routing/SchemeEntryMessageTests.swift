import Testing

@testable import Switchyard

/// A scheme entry written with its separator, a web scheme or a refused one is refused at init
/// with the fix.
@Suite("Router.init: scheme entries name the fix")
struct SchemeEntryMessageTests {
    static let entries: [(entry: String, reason: String)] = [
        ("mailapp://", "write the scheme without ':' or '://': mailapp"),
        ("mailapp:", "write the scheme without ':' or '://': mailapp"),
        ("", "a scheme cannot be empty: remove the entry"),
        ("1app", "a scheme is a letter followed by letters, digits, '+', '-' or '.'"),
        (
            "https",
            "http and https links are web links: scope them with hosts: [\"mail.example.com\"], not schemes:"
        ),
        ("javascript", "this scheme runs code or reads local data and never names an app: remove it"),
    ]

    @Test("the configuration's schemes", arguments: entries)
    func configurationSchemes(entry: String, reason: String) {
        let error = Routing.tableError(
            [Route("/a") { Response(request: $0) }], configuration: .init(schemes: [entry]))
        #expect(error?.reason.hasSuffix(reason) == true, "\(error?.description ?? "no error")")
        #expect(error?.reason.contains("'\(entry)'") == true)
    }

    @Test("a route's schemes: get the same fix", arguments: entries)
    func routeSchemes(entry: String, reason: String) {
        let error = Routing.tableError(
            [Route("/a", schemes: [entry]) { Response(request: $0) }],
            configuration: .init(schemes: ["mailapp"]))
        #expect(error?.reason == "scheme '\(entry)': \(reason)")
    }

    @Test("the scheme the fix names is accepted")
    func theFixWorks() throws {
        let router = try Router(
            routes: [Route("/a") { Response(request: $0) }], configuration: .init(schemes: ["mailapp"]))
        #expect(router.match("mailapp://a") != nil)
    }
}
