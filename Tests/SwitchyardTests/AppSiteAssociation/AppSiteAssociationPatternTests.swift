import Testing

@testable import Switchyard

/// The generator writes the tightest component each new form allows: literals inside a segment
/// stay, a parameter is `?*` (one character or more), a glob is `?*` followed by its tail.
@Suite("apple-app-site-association: segment patterns and globs anywhere")
struct AppSiteAssociationPatternTests {
    @Test(
        "components of the new forms",
        arguments: [
            ("/files/:name.html", ["/files/?*.html"]),
            ("/media/*path.ogg", ["/media/?*.ogg"]),
            ("/*path/edit", ["/?*/edit"]),
            ("/:locale/*file.:format", ["/?*/?*.?*"]),
            (#"/wiki/Talk\::title"#, ["/wiki/Talk:?*"]),
            ("/:id(.:format)", ["/?*", "/?*.?*"]),
            ("(/*path)", ["/", "/?*"]),
            ("/star-trek(-tng)/:episode", ["/star-trek/?*", "/star-trek-tng/?*"]),
        ] as [(String, [String])])
    func components(pattern: String, paths: [String]) throws {
        let router = try Router(
            routes: [Routing.route(pattern)], configuration: .init(hosts: ["example.com"]))
        let file = router.appSiteAssociation(appIDs: ["ABCDE12345.com.example.app"], host: "example.com")
        #expect(file.applinks.details.first?.components.map { $0.path ?? "*" } == paths)
        // Each component opens a link the route answers, and iOS's rules (as the file reads
        // them) agree with the router on a sample path.
        for path in paths {
            let sample = path.replacingOccurrences(of: "?*", with: "x")
            #expect(file.matches("https://example.com" + sample), "\(path)")
            #expect(router.match("https://example.com" + sample) != nil, "\(sample)")
        }
    }
}
