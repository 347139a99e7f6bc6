import Foundation
import Switchyard
import Testing

@testable import Example

/// The team home, `/` on `:team(alnum).mail.example.com`: a route whose team is a host parameter.
@Suite("Example: team home")
struct TeamHomeTests {
    /// Written out rather than looked up, so a change to the mailbox fails here instead of
    /// passing along with it.
    static let acme = Screen.team(Team(slug: "acme", name: "Acme", members: ["ada", "grace", "linus"]))
    static let inbox = Screen.inbox(Mailbox.messages, backTo: nil)
    static let unknownApp = Source.external(sourceApplication: nil)

    /// One of the tour's host-parameter rows: the route it reached, the `team` the host gave,
    /// the host the request kept and the screen it shows.
    struct TourRow: Sendable, CustomTestStringConvertible {
        let index: Int
        let url: String
        let route: String
        let team: String?
        let host: String
        let screen: Screen

        var testDescription: String { "row \(index): \(url)" }
    }

    static let tourRows: [TourRow] = [
        // The link the Invite button builds with `url(for: "teamHome", ["team": "acme"])`.
        TourRow(
            index: 19, url: "https://acme.mail.example.com", route: "teamHome", team: "acme",
            host: "acme.mail.example.com", screen: acme),
        // Three labels: the host with a parameter needs four, so home redirects to the inbox.
        TourRow(
            index: 20, url: "https://mail.example.com/", route: "inbox", team: nil, host: "mail.example.com",
            screen: inbox),
        // `a-b` is not `alnum`: the wildcard serves the host, but the team home's entry does not match it.
        TourRow(
            index: 21, url: "https://a-b.mail.example.com/", route: "inbox", team: nil,
            host: "a-b.mail.example.com", screen: inbox),
    ]

    @Test("the tour's team home rows reach the route, team and screen they claim", arguments: tourRows)
    func tour(expected: TourRow) async throws {
        let rows = try await Tour().run()
        try #require(rows.count == TourTests.expected.count)
        let row = rows[expected.index]
        #expect(row.step.url == expected.url)
        #expect(row.step.source == Tour.chat)
        let request = row.response.request
        #expect(row.status == .ok)
        #expect(request.route?.name == expected.route)
        #expect(request.params["team"] == expected.team)
        #expect(request.host == expected.host, "a redirect keeps the link's host")
        #expect(row.response.screen == expected.screen)
    }

    /// Links to `/` and the team routes, signed in: the route reached (`nil`: none) and the
    /// `team` parameter it got.
    static let links: [(source: Source, url: String, status: Status, route: String?, team: String?)] = [
        (unknownApp, "https://acme.mail.example.com/", .ok, "teamHome", "acme"),
        (unknownApp, "https://acme.mail.example.com", .ok, "teamHome", "acme"),
        (unknownApp, "https://ACME.Mail.Example.COM/", .ok, "teamHome", "acme"),
        (.app, "https://acme.mail.example.com/", .ok, "teamHome", "acme"),
        // The host matched; the controller knows no such team.
        (unknownApp, "https://nobody.mail.example.com/", .notFound, "teamHome", "nobody"),
        // Not four labels, or not alnum: the home route, which redirects to the inbox.
        (unknownApp, "https://mail.example.com/", .ok, "inbox", nil),
        (unknownApp, "https://eu.acme.mail.example.com/", .ok, "inbox", nil),
        (unknownApp, "https://a-b.mail.example.com/", .ok, "inbox", nil),
        // No host at all: the custom scheme, and the bare path in-app, stay with the home route.
        (unknownApp, "mailapp://", .ok, "inbox", nil),
        (.app, "/", .ok, "inbox", nil),
        // A host the router does not serve: the web-view fallback.
        (unknownApp, "https://acme.mail.example.org/", .notFound, nil, nil),
        // The team route of a path parameter is unchanged.
        (unknownApp, "https://acme.mail.example.com/team/acme", .ok, "team", "acme"),
    ]

    @Test("the team home takes its team from a four-label alnum host", arguments: links)
    func routing(source: Source, url: String, status: Status, route: String?, team: String?) async throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        let response = await Connection.send(url, from: source, router: router)
        #expect(response.status == status)
        #expect(response.request.route?.name == route)
        #expect(response.request.params["team"] == team)
    }

    /// `url(for: "teamHome", …)`: the parameters and `host:` given, and the URL built.
    static let builtLinks: [(params: [String: String], host: String?, url: String)] = [
        (["team": "acme"], nil, "https://acme.mail.example.com"),
        ([:], "acme.mail.example.com", "https://acme.mail.example.com"),
        (["team": "acme"], "acme.mail.example.com", "https://acme.mail.example.com"),
    ]

    @Test("the app builds a team's home link from its slug, and the link leads back", arguments: builtLinks)
    func reverseRouting(params: [String: String], host: String?, url: String) async throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        let built = try router.url(for: "teamHome", params, host: host)
        #expect(built == url)
        let response = await Connection.send(built, from: Tour.chat, router: router)
        #expect(response.request.route?.name == "teamHome")
        #expect(response.request.params["team"] == "acme")
    }

    /// Team home links reverse routing refuses: the parameters and `host:` given.
    static let refusedLinks: [(params: [String: String], host: String?)] = [
        ([:], nil),  // no team, no host: nothing to build the host from
        (["team": "a-b"], nil),  // breaks `alnum`
        (["team": "globex"], "acme.mail.example.com"),  // the host says acme
        ([:], "mail.example.com"),  // not a host of the team home
    ]

    @Test("reverse routing refuses a team home link it cannot build", arguments: refusedLinks)
    func refused(params: [String: String], host: String?) throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        #expect(throws: RoutingError.self) { try router.url(for: "teamHome", params, host: host) }
    }

    @Test("path(for:) refuses the team: it comes from the host, which a path does not have")
    func pathRefusesTheHostParameter() throws {
        let router = try MailRouter.make(session: Session(account: "ada"))
        let error = #expect(throws: RoutingError.self) { try router.path(for: "teamHome", ["team": "acme"]) }
        #expect(error?.message.contains("'team' is a parameter of the host of route 'teamHome'") == true)
    }

    @Test("the team home is in a team subdomain's apple-app-site-association, not in mail.example.com's")
    func appSiteAssociation() async throws {
        let main = await CommandLineInterface.run(["aasa"])
        #expect(main.status == 0)
        #expect(!main.output.contains("teamHome"))
        let team = await CommandLineInterface.run(["aasa", "--host", "acme.mail.example.com"])
        #expect(team.status == 0)
        #expect(team.output.contains("\"home: /; teamHome: /\""))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "example-aasa-\(UUID()).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(team.output.utf8).write(to: file)
        let check = await CommandLineInterface.run([
            "check-aasa", file.path, "--host", "acme.mail.example.com",
        ])
        #expect(check.status == 0, "\(check.output)")
        #expect(check.output.hasPrefix("acme.mail.example.com: 16 public routes, 0 not opened by the file\n"))
        #expect(check.output.contains("opened      / (teamHome)  https://acme.mail.example.com/\n"))
    }
}
