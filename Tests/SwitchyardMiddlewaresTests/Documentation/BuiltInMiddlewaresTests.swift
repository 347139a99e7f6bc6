import Foundation
import SwitchyardMiddlewares
import Testing

/// Mirrors the SwitchyardMiddlewares code of README.md ("Modules") and of
/// Sources/Middlewares/SwitchyardMiddlewares.docc/SwitchyardMiddlewares.md ("Overview").
@Suite("Docs: built-in middlewares")
struct BuiltInMiddlewaresTests {
    @Test("every built-in, one line each")
    func builtIns() async throws {
        // An observer: one JSON line per response (give it a file URL), rotated, plus recent().
        let history = History(file: nil, recentCapacity: 100)
        let router = try Router(
            middlewares: [
                AppLinks.parser,  // al_applink_data → request.appLink
                TrackingParameters.stripper(extra: ["mc_eid"]),  // utm_*, fbclid, gclid → cleanQuery
            ],
            routes: [
                Route("/inbox", isPublic: true) { request in
                    Response(request: request, data: ["back": request.appLink?.referer?.appName ?? "-"])
                }
            ],
            configuration: .init(schemes: ["mailapp"], observers: [history]))
        // The URL without tracking items, before sending it: "mailapp://inbox?page=2".
        let url = TrackingParameters.strip(url: "mailapp://inbox?utm_source=news&page=2")

        #expect(url == "mailapp://inbox?page=2")
        let appLink =
            #"{"target_url":"https://mail.example.com/inbox","referer_app_link":{"app_name":"Chat"}}"#
        let incoming =
            "mailapp://inbox?utm_source=news&page=2&al_applink_data="
            + appLink.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
        let response = await Connection.send(fromPublicURL: incoming, sourceApplication: nil, router: router)
        #expect(response.status == .ok)
        #expect(response.data["back"] as? String == "Chat")
        #expect(response.request.trackingQuery?.map(\.name) == ["utm_source"])
        #expect(response.request.cleanQuery?["page"] == "2")
        let recent = await history.recent()
        #expect(recent.map(\.status) == [200])
        #expect(recent.first?.source == .external(sourceApplication: nil))
    }
}
