import Testing

@testable import Switchyard

/// Where a host parameter's value comes from. The match reads it as a range of the URL when the
/// path's values index the URL too and the label needs no lowercasing, and appends a lowercased
/// copy otherwise (a capital letter, or a path a rewrite changed): every way gives the same
/// values, in the same order, for `match`, `send` and the candidates.
struct HostParameterValueTests {
    static let router = Result {
        try Router(
            rewrites: [Rewrite("/old/:title", to: "/wiki/:title")],
            routes: [
                Route(
                    "/wiki/:title", name: "article", isPublic: true, hosts: [":lang.wikipedia.org"],
                    controller: echo),
                Route(
                    "/files/*path", name: "files", isPublic: true, hosts: [":site.:lang.wikipedia.org"],
                    controller: echo),
                Route(
                    "/talk/:title", name: "talk", isPublic: true, hosts: [":lang.m.wikipedia.org"],
                    controller: echo),
            ],
            configuration: .init(hosts: ["*.wikipedia.org"]))
    }

    @Test(
        "Host parameter values are the mapped, lowercased labels, however the match reads them",
        arguments: [
            // Lowercase labels, the path read in place: ranges of the URL.
            ("https://fr.wikipedia.org/wiki/Chien", "article", ["title=Chien", "lang=fr"]),
            ("https://fr.m.wikipedia.org/talk/Chien", "talk", ["title=Chien", "lang=fr"]),
            ("https://commons.en.wikipedia.org/files/a/b", "files", ["path=a/b", "site=commons", "lang=en"]),
            // A capital letter in the label: a lowercased copy.
            ("https://FR.wikipedia.org/wiki/Chien", "article", ["title=Chien", "lang=fr"]),
            ("https://fR.wikipedia.org/wiki/Chien", "article", ["title=Chien", "lang=fr"]),
            ("https://Commons.en.wikipedia.org/files/a", "files", ["path=a", "site=commons", "lang=en"]),
            ("https://commons.EN.wikipedia.org/files/a", "files", ["path=a", "site=commons", "lang=en"]),
            // A rewritten path: the values index the rewritten path, the host's are copied after it.
            ("https://fr.wikipedia.org/old/Chien", "article", ["title=Chien", "lang=fr"]),
            ("https://FR.wikipedia.org/old/Chien", "article", ["title=Chien", "lang=fr"]),
            // Escapes in the path are decoded when read, whatever the host's values.
            ("https://de.wikipedia.org/wiki/Stra%C3%9Fe", "article", ["title=Straße", "lang=de"]),
            // Mapped: the host in punycode.
            ("https://bücher.wikipedia.org/wiki/X", "article", ["title=X", "lang=xn--bcher-kva"]),
        ] as [(String, String, [String])])
    func values(_ url: String, _ route: String, _ params: [String]) async throws {
        let router = try Self.router.get()
        func shown(_ parameters: Parameters?) -> [String] {
            parameters.map { Array($0).map { "\($0.name)=\($0.value)" } } ?? []
        }
        #expect(router.match(url)?.route.name == route)
        #expect(shown(router.match(url)?.params) == params)
        #expect(shown(router.candidates(url).first?.params) == params)
        let response = await Connection.send(url, router: router)
        #expect(response.status == .ok)
        #expect(shown(response.request.params) == params)
        for param in params {
            let (name, value) = (
                String(param.prefix { $0 != "=" }), String(param.drop { $0 != "=" }.dropFirst())
            )
            #expect(response.request.params[name] == value)
        }
    }
}
