import Testing

@testable import Switchyard

/// Configuration mistakes are their own kind of ``RouteTableError``: the setting is named, and the
/// message says "invalid configuration…", not "invalid pattern".
@Suite("Router.init: configuration errors")
struct ConfigurationErrorTests {
    static let mistakes: [(configuration: Router.Configuration, setting: String, message: String)] = [
        (
            .init(maxRedirects: -1), "configuration.maxRedirects",
            "invalid configuration.maxRedirects: must be 0 or more"
        ),
        (.init(schemes: ["1app"]), "configuration.schemes", "invalid configuration.schemes: '1app': "),
        (.init(hosts: ["a b"]), "configuration.hosts", "invalid configuration.hosts: 'a b': "),
    ]

    @Test(arguments: mistakes)
    func configurationMistakesNameTheSetting(
        configuration: Router.Configuration, setting: String, message: String
    ) {
        let error = Routing.tableError([Route("/a") { Response(request: $0) }], configuration: configuration)
        #expect(error?.kind == .configuration)
        #expect(error?.pattern == setting)
        #expect(error?.position == nil)
        #expect(error?.description.hasPrefix(message) == true, "\(String(describing: error))")
    }

    @Test func patternMistakesAreOfTheRouteKind() {
        let error = Routing.tableError([Route("/files/*path/*more") { Response(request: $0) }])
        #expect(error?.kind == .route)
        #expect(error?.description.hasPrefix("invalid pattern \"/files/*path/*more\" at position 13") == true)
    }
}
