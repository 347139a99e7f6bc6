import Foundation
import Testing

@testable import SwitchyardMiddlewares

/// ``AppLinks/parser`` through the real pipeline, and ``AppLinks/parse(_:)`` on its own.
struct AppLinksTests {
    static let router = try! Router(
        middlewares: [AppLinks.parser], routes: [Route("/open", isPublic: true, controller: echo)],
        configuration: .init(schemes: ["mailapp"]))

    static let fullJSON = """
        {"target_url":"https://mail.example.com/messages/7","version":"1.0",
         "extras":{"campaign":"spring","count":3,"ratio":0.5,"on":true,"none":null,"list":[1,"a"],"map":{"k":"v"}},
         "referer_app_link":{"url":"other://back","app_name":"Other","target_url":"https://other.example/x"}}
        """

    @Test func parsesEveryFieldIntoATypedValue() async throws {
        let response = await Connection.send(
            fromPublicURL: "mailapp://open?al_applink_data=\(encoded(Self.fullJSON))&x=1",
            sourceApplication: "com.other", router: Self.router)
        #expect(response.status == .ok)
        let link = try #require(response.request.appLink)
        #expect(link.targetURL == "https://mail.example.com/messages/7")
        #expect(link.version == "1.0")
        #expect(
            link.extras == [
                "campaign": "spring", "count": "3", "ratio": "0.5", "on": "true", "list": #"[1,"a"]"#,
                "map": #"{"k":"v"}"#,
            ])
        #expect(
            link.referer
                == AppLink.Referer(
                    url: "other://back", appName: "Other", targetURL: "https://other.example/x"))
        #expect(response.request.appLinkError == nil)
        #expect(response.request.query["x"] == "1")
    }

    @Test func minimalLinkHasNoRefererOrExtras() {
        let result = AppLinks.parse(#"{"target_url":"https://a.example/","version":2}"#)
        #expect(result == .success(AppLink(targetURL: "https://a.example/", version: "2")))
    }

    @Test func withoutTheQueryItemNothingIsAdded() async {
        let response = await Connection.send("/open?target_url=x", router: Self.router)
        #expect(response.status == .ok)
        #expect(response.request.appLink == nil)
        #expect(response.request.appLinkError == nil)
        #expect(response.request.data.isEmpty)
    }

    static let malformed: [(json: String, reason: AppLinkError.Reason)] = [
        ("", .invalidJSON),
        ("{", .invalidJSON),
        ("not json", .invalidJSON),
        (#"{"target_url":"x""#, .invalidJSON),
        (#"{'target_url':'x'}"#, .invalidJSON),
        (#"["https://a.example"]"#, .notAnObject),
        (#""https://a.example""#, .notAnObject),
        ("42", .notAnObject),
        ("null", .notAnObject),
        ("{}", .missingTargetURL),
        (#"{"target_url":""}"#, .missingTargetURL),
        (#"{"target_url":7}"#, .missingTargetURL),
        (#"{"target_url":null}"#, .missingTargetURL),
        (#"{"target_url":"x","extras":"a=b"}"#, .invalidField("extras")),
        (#"{"target_url":"x","extras":[1]}"#, .invalidField("extras")),
        (#"{"target_url":"x","version":{}}"#, .invalidField("version")),
        (#"{"target_url":"x","referer_app_link":"Other"}"#, .invalidField("referer_app_link")),
        (
            #"{"target_url":"x","referer_app_link":{"app_name":5}}"#,
            .invalidField("referer_app_link.app_name")
        ),
        (#"{"target_url":"x","referer_app_link":{"url":["a"]}}"#, .invalidField("referer_app_link.url")),
    ]

    @Test(arguments: malformed)
    func malformedDataIsRecordedAndTheRequestGoesOn(json: String, reason: AppLinkError.Reason) async {
        let response = await Connection.send(
            fromPublicURL: "mailapp://open?al_applink_data=\(encoded(json))&keep=1", sourceApplication: nil,
            router: Self.router)
        #expect(response.status == .ok, "the controller still runs")
        #expect(response.request.appLink == nil)
        #expect(response.request.appLinkError == AppLinkError(reason))
        #expect(response.request.query["keep"] == "1")
        #expect(response.request.data.count == 1, "only the error is added")
    }

    @Test func deeplyNestedJSONIsAnErrorNotACrash() async {
        let deep = String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000)
        let wrapped = #"{"target_url":"x","extras":{"a":"# + deep + "}}"
        #expect(AppLinks.parse(deep) == .failure(AppLinkError(.invalidJSON)))
        #expect(AppLinks.parse(wrapped) == .failure(AppLinkError(.invalidJSON)))
        let response = await Connection.send("/open?al_applink_data=\(encoded(wrapped))", router: Self.router)
        #expect(response.status == .ok)
        #expect(response.request.appLinkError == AppLinkError(.invalidJSON))
    }

    @Test func theFirstOfRepeatedItemsIsRead() async {
        let good = encoded(#"{"target_url":"https://first.example"}"#)
        let response = await Connection.send(
            "/open?al_applink_data=\(good)&al_applink_data=broken", router: Self.router)
        #expect(response.request.appLink?.targetURL == "https://first.example")
        #expect(response.request.appLinkError == nil)
    }

    @Test func errorsDescribeTheirField() {
        #expect(AppLinkError(.invalidField("extras")).description.contains("'extras'"))
        #expect(AppLinkError(.missingTargetURL).description.contains("target_url"))
    }
}
