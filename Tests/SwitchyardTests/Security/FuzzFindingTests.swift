import Testing

@testable import Switchyard

/// Regression tests for what the fuzz targets found, each named after its finding; the
/// reproducer is also a seed in `Fuzz/Corpus/<target>/`.
struct FuzzFindingTests {
    static func sectionRouter() throws -> Router {
        try Router(
            routes: [
                Route("/:section/:item(alnum)/x", name: "item", isPublic: true, controller: echo),
                Route("/files/*path", name: "files", isPublic: true, controller: echo),
                Route("/*all", name: "all", isPublic: true, controller: echo),
            ],
            configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))
    }

    /// Values whose raw `@` or `:` is legal in a path segment, so `path(for:)` keeps it as is.
    static let authorityBytes = ["@", "a@b", "a:b", ":", "user:pw@host", "\u{FFFD}\u{FFFD}@"]

    /// Finding `reverse-routing` #1 (2026-11-23): with a custom scheme, `url(for:)` writes the
    /// path's first segment where the host goes (`mailapp://a@b/c/x`), and there a raw `@` reads
    /// as user-info and a raw `:` as a port, so the parser refuses the URL (400), and `url(for:)`
    /// throws "the router does not serve scheme 'mailapp'" for a route and values that
    /// `path(for:)` handles. Fuzzer input: `sectionItem ["section": "\u{FFFD}\u{FFFD}@", "item": "admin"]`.
    @Test(
        "url(for:) with a custom scheme round-trips a first segment holding '@' or ':'",
        arguments: authorityBytes)
    func customSchemeFirstSegment(_ value: String) throws {
        let router = try Self.sectionRouter()
        let params = ["section": value, "item": "a"]
        let path = try router.path(for: "item", params)
        #expect(router.match(path)?.params["section"] == value, "path(for:) round-trips")
        let web = try router.url(for: "item", params, scheme: "https")
        #expect(router.match(web)?.params["section"] == value, "an https URL has a real host")
        let url = try router.url(for: "item", params)
        #expect(url.hasPrefix("mailapp:///"), "the empty-host form keeps '@' and ':' in the path")
        let match = try #require(router.match(url))
        #expect(match.route.name == "item")
        #expect(match.params["section"].map { Array($0.utf8) } == Array(value.utf8))
    }

    /// The same finding through a glob: its first segment is the host position too.
    @Test(
        "url(for:) with a custom scheme round-trips a glob whose first segment holds '@' or ':'",
        arguments: authorityBytes)
    func customSchemeGlob(_ value: String) throws {
        let router = try Self.sectionRouter()
        let params = ["all": value + "/b"]
        #expect(router.match(try router.path(for: "all", params))?.params["all"] == value + "/b")
        let url = try router.url(for: "all", params)
        #expect(router.match(url)?.params["all"] == value + "/b")
        // Behind a literal first segment the value is in the path proper, and round-trips today.
        let files = try router.url(for: "files", ["path": value])
        #expect(router.match(files)?.params["path"] == value)
    }
}
