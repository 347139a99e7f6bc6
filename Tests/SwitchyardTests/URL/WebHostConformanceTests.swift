import Foundation
import Testing

@testable import Switchyard

/// Web hosts against the URL Standard's own test data (WPT `urltestdata.json`, vendored in `WPT/`
/// with its license): the absolute `http(s)` inputs, sent to a router that serves every host.
///
/// Switchyard refuses more than browsers do (user-info, spaces, tabs, `\`, dot segments), so a
/// WPT-valid URL may be refused; it is never refused for its host, and the host a WPT-valid URL
/// reaches is the host WPT says it has.
@Suite("URL: web hosts against WPT's urltestdata.json")
struct WebHostConformanceTests {
    /// One absolute `http(s)` case of the file.
    struct Case: Sendable, CustomTestStringConvertible {
        let input: String
        /// WPT's parsed host name, `nil` when WPT expects failure.
        let hostname: String?

        var testDescription: String { input.debugDescription }
    }

    static let corpusURL = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("WPT").appendingPathComponent("urltestdata.json")

    /// The cases, or why the file could not be read (reported by ``corpusIsWhole()``).
    static let loaded: Result<[Case], any Error> = Result {
        let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: corpusURL)) as? [Any] ?? []
        return entries.compactMap { entry -> Case? in
            guard let object = entry as? [String: Any], let input = object["input"] as? String,
                input.lowercased().hasPrefix("http://") || input.lowercased().hasPrefix("https://")
            else { return nil }
            return Case(
                input: input,
                hostname: object["failure"] as? Bool == true ? nil : object["hostname"] as? String)
        }
    }

    static let cases = (try? loaded.get()) ?? []
    static let invalid = cases.filter { $0.hostname == nil }
    static let valid = cases.filter { $0.hostname != nil }

    /// The WPT-valid inputs a router serving `"*"` accepts: 91 (the 79 of the January 2026 file,
    /// and 12 of the July file's newly valid inputs: the 7 ASCII `xn--` hosts the Standard now
    /// keeps, 3 IPv4 spellings, and an emoji in a query and in a fragment). The other 75 are
    /// refused for Switchyard's stricter rules
    /// (user-info, spaces, tabs, `\`, dot and empty segments, raw controls, malformed escapes),
    /// never for their host.
    static let acceptedValidCount = 91

    static func router(hosts: Set<String> = ["*"]) throws -> Router {
        try Router(
            routes: [
                Route("/", isPublic: true) { Response(request: $0) },
                Route("/*rest", isPublic: true) { Response(request: $0) },
            ],
            configuration: .init(hosts: hosts))
    }

    static func message(_ response: Response) -> String {
        response.error?.message ?? ""
    }

    @Test("The vendored file is whole: 354 absolute http(s) cases, 188 of them invalid")
    func corpusIsWhole() throws {
        let cases = try Self.loaded.get()
        #expect(cases.count == 354)
        #expect(Self.invalid.count == 188)
        #expect(Self.valid.count == 166)
    }

    @Test(
        "Bug: WPT-invalid http(s) URLs were routed with hosts: [\"*\"] (102 of the 193 in the January 2026 file); each is now a 400",
        arguments: invalid)
    func invalidIsRefused(_ wptCase: Case) async throws {
        let response = await Connection.send(wptCase.input, router: try Self.router())
        #expect(
            response.status == .badRequest || response.status == .uriTooLong,
            "\(wptCase.input.debugDescription) answered \(response.status.code)")
    }

    /// Of the accepted ones, those whose WPT host name is a host pattern (not `[…]`, `.`,
    /// `!"$&'()*+,-.;=_\`{}~`): each reaches a router serving exactly that name, so the router
    /// compares the host a browser goes to, however the link spells it (`%30%78%63%30…`,
    /// `Ｇｏ.com`, `你好你好`, `faß.ExAmPlE`).
    static let reachedCount = 79

    @Test("A WPT-valid URL is never refused for its host, and reaches the host WPT names")
    func validIsNotRefusedForItsHost() async throws {
        let router = try Self.router()
        var accepted = 0
        var reached = 0
        for wptCase in Self.valid {
            let response = await Connection.send(wptCase.input, router: router)
            guard response.status == .ok else {
                #expect(
                    !Self.message(response).hasPrefix("invalid host"), "\(wptCase.input.debugDescription)")
                continue
            }
            accepted += 1
            let hostname = try #require(wptCase.hostname)
            guard !hostname.hasPrefix("["), case .success = HostPattern.parse(hostname) else { continue }
            let served = await Connection.send(wptCase.input, router: try Self.router(hosts: [hostname]))
            #expect(served.status == .ok, "\(wptCase.input.debugDescription) did not reach \(hostname)")
            reached += 1
        }
        #expect(accepted == Self.acceptedValidCount)
        #expect(reached == Self.reachedCount)
    }
}
