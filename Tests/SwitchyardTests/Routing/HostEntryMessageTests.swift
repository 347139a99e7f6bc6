import Foundation
import Testing

@testable import Switchyard

/// A host entry written as a URL, or with a port or a path, is refused at init with the bare host
/// to write instead; the other host mistakes say the fix where there is one. Ports in entries stay
/// refused: a link's port is ignored, so an entry is a bare host name.
@Suite("Router.init: host entries name the fix")
struct HostEntryMessageTests {
    static let entries: [(entry: String, reason: String)] = [
        ("https://mail.example.com", "write the host without its scheme: mail.example.com"),
        (
            "mail.example.com:443",
            "write the host without its port: mail.example.com (a link's port is ignored)"
        ),
        ("mail.example.com/x", "write the host without its path: mail.example.com"),
        (
            "https://mail.example.com:8443/inbox?x#y",
            "write the host without its scheme, port and path: mail.example.com (a link's port is ignored)"
        ),
        ("https://*.example.com/", "write the host without its scheme and path: *.example.com"),
        ("http://user@example.com", "write the host without its scheme and user-info: example.com"),
        ("", "a host cannot be empty: remove the entry ('*' serves every host)"),
        (
            ".example.com",
            "a host has no empty label: write '*.example.com' for every subdomain of example.com, or "
                + "'example.com' for that host"
        ),
        ("a..b", "a host has no empty label: remove the extra '.'"),
        (
            "*.*.com",
            "'*' stands only in a leading '*.' (every subdomain: *.example.com) or alone (every host)"
        ),
        (
            "a b",
            "' ' is not allowed in a host, which has letters, digits, '-' and '_' in labels separated by '.'"
        ),
        (
            "https://",
            "':' is not allowed in a host, which has letters, digits, '-' and '_' in labels separated by '.'"
        ),
    ]

    @Test(
        "Regression (a host entry written as a URL named no fix): the message names the bare host",
        arguments: entries)
    func configurationHosts(entry: String, reason: String) {
        let error = Routing.tableError(
            [Route("/a") { Response(request: $0) }], configuration: .init(hosts: [entry]))
        #expect(error?.description == "invalid configuration.hosts: '\(entry)': \(reason)")
    }

    @Test("a route's hosts: get the same fix", arguments: entries.prefix(3))
    func routeHosts(entry: String, reason: String) {
        let error = Routing.tableError(
            [Route("/a", hosts: [entry]) { Response(request: $0) }],
            configuration: .init(hosts: ["mail.example.com"]))
        #expect(error?.reason == "host '\(entry)': \(reason)")
    }

    @Test("the host the message names is one the router takes")
    func theFixWorks() throws {
        for (entry, reason) in Self.entries where reason.hasPrefix("write the host without") {
            let bare = String(reason.split(separator: ": ")[1].split(separator: " ")[0])
            let router = try Router(
                routes: [Route("/a", isPublic: true) { Response(request: $0) }],
                configuration: .init(hosts: [bare]))
            let host = bare.replacingOccurrences(of: "*", with: "team")
            #expect(router.match("https://\(host):8443/a") != nil, "\(entry) → \(bare)")
        }
    }
}
