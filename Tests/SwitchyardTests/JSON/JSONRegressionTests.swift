import Foundation
import Testing

@testable import Switchyard

/// Bytes that Foundation's `JSONEncoder` wrote differently from one OS version to the next, each
/// named after the difference, pinned where Switchyard now writes them itself.
@Suite("JSON regressions: the same bytes on every OS")
struct JSONRegressionTests {
    static let shortest: [(value: Double, json: String)] = [
        (1.1, "1.1"), (0.1, "0.1"), (0.412, "0.412"), (1_700_000_000.123, "1700000000.123"), (2.675, "2.675"),
    ]

    @Test(
        "Bug: iOS 16's JSONEncoder wrote 1.1000000000000001 for 1.1; the writer prints Swift's shortest form",
        arguments: shortest)
    func shortestDoubles(value: Double, json: String) throws {
        #expect(try compactJSON(["n": value]) == #"{"n":\#(json)}"#)
        #expect(try prettyJSON(["n": value]) == "{\n  \"n\" : \(json)\n}")
    }

    @Test("Bug: iOS 16's JSONEncoder sorted keys with a Unicode-aware compare; the writer sorts UTF-8 bytes")
    func keyOrder() throws {
        let json = try compactJSON(Keys(["b", "B", "a10", "a9", "\u{E9}", "Z", "\u{E4}"]))
        #expect(json == "{\"B\":1,\"Z\":1,\"a10\":1,\"a9\":1,\"b\":1,\"\u{E4}\":1,\"\u{E9}\":1}")
    }

    /// A deployed file with keys whose order differs between compares, a `/`, a `"` and non-ASCII
    /// text: the file Switchyard writes back is pinned to the byte.
    static let deployed = """
        {"applinks": {"details": [{"appIDs": ["T.a"], "components": [
          {"/": "/caf\u{E9}/*", "?": {"b": "1", "B": "2", "\u{E9}": "3", "Z": "4", "a10": "5", "a9": "6"},
           "comment": "say \\"hi\\" \u{2014} /x\\/y"}]}]},
         "webcredentials": {"apps": ["T.a"]}}
        """

    @Test("Bug: the apple-app-site-association file's key order and escapes depended on the OS")
    func appSiteAssociationBytes() throws {
        let file = try AppSiteAssociation(json: Data(Self.deployed.utf8))
        let expected = """
            {
              "applinks" : {
                "details" : [
                  {
                    "appIDs" : [
                      "T.a"
                    ],
                    "components" : [
                      {
                        "/" : "/caf\u{E9}/*",
                        "?" : {
                          "B" : "2",
                          "Z" : "4",
                          "a10" : "5",
                          "a9" : "6",
                          "b" : "1",
                          "\u{E9}" : "3"
                        },
                        "comment" : "say \\"hi\\" \u{2014} /x/y"
                      }
                    ]
                  }
                ]
              },
              "webcredentials" : {
                "apps" : [
                  "T.a"
                ]
              }
            }

            """
        #expect(String(decoding: file.jsonData(), as: UTF8.self) == expected)
        #expect(try AppSiteAssociation(json: file.jsonData()) == file)
    }

    @Test("The generated file of a router with mixed-case query names sorts them by bytes")
    func generatedFile() throws {
        let echo: Controller = { Response(request: $0) }
        let router = try Router(
            routes: [
                Route("/search", isPublic: true, query: ["q": .any, "Q": .any, "_q": .any], controller: echo)
            ],
            configuration: .init(hosts: ["mail.example.com"]))
        let file = router.appSiteAssociation(appIDs: ["T.a"], host: "mail.example.com")
        let text = String(decoding: file.jsonData(), as: UTF8.self)
        let expected = """
                        "?" : {
                          "Q" : "*",
                          "_q" : "*",
                          "q" : "*"
                        },
            """
        #expect(text.contains(expected), "\(text)")
    }
}
