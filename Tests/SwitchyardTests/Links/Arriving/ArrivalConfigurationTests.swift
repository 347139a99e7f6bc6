import Testing

@testable import Switchyard

/// The four options for links as they arrive: where the initializer takes them, that their
/// defaults keep the old behaviour, that they can be set after init, and the mistakes
/// `Router.init` refuses.
struct ArrivalConfigurationTests {
    @Test("The initializer takes hostSchemes, emptySegments, protocolRelativeScheme, repeatedQueryItems last")
    func initializerOrder() {
        // Compiles only with the four after `observers`, in this order.
        let configuration = Router.Configuration(
            schemes: ["ksr"], hosts: ["www.kickstarter.com"], caseSensitive: false, plusAsSpace: true,
            maxRedirects: 2, limits: .init(urlBytes: 100), notFound: nil, observers: [], hostSchemes: ["ksr"],
            emptySegments: .squeeze, protocolRelativeScheme: "https", repeatedQueryItems: .last)
        #expect(configuration.hostSchemes == ["ksr"])
        #expect(configuration.emptySegments == .squeeze)
        #expect(configuration.protocolRelativeScheme == "https")
        #expect(configuration.repeatedQueryItems == .last)
        #expect(configuration.maxRedirects == 2)
    }

    @Test("The defaults are the old behaviour")
    func defaults() async throws {
        let configuration = Router.Configuration()
        #expect(configuration.hostSchemes.isEmpty)
        #expect(configuration.emptySegments == .refuse)
        #expect(configuration.protocolRelativeScheme == nil)
        #expect(configuration.repeatedQueryItems == .first)
        let router = try Router(
            routes: [Route("/:a/*rest", isPublic: true, controller: echo)],
            configuration: .init(hosts: ["example.com"]))
        #expect(await Connection.send("/a//b", router: router).status == .badRequest)
        #expect(await Connection.send("//example.com/a/b", router: router).status == .badRequest)
        let repeated = await Connection.send("/a/b?d=1&d=2", router: router)
        #expect(repeated.request.query["d"] == "1")
        let custom = await Connection.send("ksr://www.kickstarter.com/projects/1", router: router)
        #expect(custom.request.path == "/www.kickstarter.com/projects/1")
        #expect(custom.request.params["a"] == "www.kickstarter.com")
        #expect(custom.request.host == nil)
    }

    @Test("Each option is a settable var, and a router built from the changed value uses it")
    func settable() async throws {
        var configuration = Router.Configuration(schemes: ["ksr"], hosts: ["www.kickstarter.com"])
        configuration.hostSchemes = ["ksr"]
        configuration.emptySegments = .squeeze
        configuration.protocolRelativeScheme = "https"
        configuration.repeatedQueryItems = .last
        let router = try Router(
            routes: [Route("/projects/:creator/:project", isPublic: true, controller: echo)],
            configuration: configuration)
        let hosted = await Connection.send("ksr://www.kickstarter.com//projects/c/p?d=1&d=2", router: router)
        #expect(hosted.status == .ok)
        #expect(hosted.request.host == "www.kickstarter.com")
        #expect(hosted.request.path == "/projects/c/p")
        #expect(hosted.request.query["d"] == "2")
        let relative = await Connection.send("//www.kickstarter.com/projects/c/p", router: router)
        #expect(relative.status == .ok)
        #expect(relative.request.url == "https://www.kickstarter.com/projects/c/p")
    }

    @Test(
        "Mistakes in the options are RouteTableErrors at init naming the setting and the value",
        arguments: [
            (Router.Configuration(schemes: ["mailapp"], hostSchemes: ["ksr"]), "hostSchemes", "'ksr'"),
            (.init(schemes: ["mailapp", "other"], hostSchemes: ["mailapp", "ksr"]), "hostSchemes", "'ksr'"),
            (.init(hostSchemes: ["not a scheme"]), "hostSchemes", "'not a scheme'"),
            (.init(hostSchemes: ["ksr://"]), "hostSchemes", "'ksr://'"),
            (.init(hostSchemes: [""]), "hostSchemes", "''"),
            (.init(hostSchemes: ["https"]), "hostSchemes", "'https'"),
            (.init(hostSchemes: ["javascript"]), "hostSchemes", "'javascript'"),
            (.init(protocolRelativeScheme: "not a scheme"), "protocolRelativeScheme", "'not a scheme'"),
            (.init(protocolRelativeScheme: "javascript"), "protocolRelativeScheme", "'javascript'"),
            (.init(protocolRelativeScheme: "DATA"), "protocolRelativeScheme", "'DATA'"),
            (.init(protocolRelativeScheme: "https:"), "protocolRelativeScheme", "'https:'"),
            (.init(protocolRelativeScheme: ""), "protocolRelativeScheme", "''"),
        ])
    func mistakes(_ configuration: Router.Configuration, _ setting: String, _ value: String) {
        let error = Routing.tableError([Route("/a", controller: echo)], configuration: configuration)
        #expect(error?.kind == .configuration)
        #expect(error?.pattern == "configuration." + setting)
        #expect(error?.reason.contains(value) == true, "\(String(describing: error))")
    }

    @Test(
        "hostSchemes not among schemes names the router's schemes and says to add it there",
        arguments: [(["mailapp"], "ksr")] as [(Set<String>, String)])
    func hostSchemeNotServed(_ schemes: Set<String>, _ hostScheme: String) {
        let error = Routing.tableError(
            [Route("/a", controller: echo)], configuration: .init(schemes: schemes, hostSchemes: [hostScheme])
        )
        #expect(error?.reason.contains("\(schemes.sorted())") == true, "\(String(describing: error))")
        #expect(error?.reason.contains("add it there") == true)
    }

    @Test(
        "What the options accept",
        arguments: [
            Router.Configuration(schemes: ["ksr"], hostSchemes: ["KSR"]), .init(hostSchemes: ["ksr"]),
            .init(schemes: ["Ksr", "mailapp"], hostSchemes: ["ksr"]), .init(protocolRelativeScheme: "https"),
            .init(protocolRelativeScheme: "HTTP"), .init(protocolRelativeScheme: "mailapp"),
            .init(emptySegments: .keep), .init(emptySegments: .squeeze), .init(repeatedQueryItems: .last),
        ])
    func accepted(_ configuration: Router.Configuration) {
        let error = Routing.tableError([Route("/a", controller: echo)], configuration: configuration)
        #expect(error == nil, "\(String(describing: error))")
    }
}
