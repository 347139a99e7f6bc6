import Foundation
import Testing

@testable import SwitchyardMiddlewares

/// The exact bytes of the JSON lines the middlewares write (held links, history) and of App Links
/// extras, written by Switchyard's own JSON writer and not `JSONEncoder`, so they are the same on
/// every OS.
@Suite("JSON lines: held links, history, App Links extras")
struct JSONLineTests {
    static let heldLinks: [(link: InterruptedLink, arrival: Double, line: String)] = [
        (
            InterruptedLink(url: "mailapp://inbox", source: .app), 1_700_000_000.123,
            #"{"arrival":1700000000.123,"source":"app","url":"mailapp://inbox"}"#
        ),
        (
            InterruptedLink(
                url: "https://mail.example.com/m/7?a=b/c", source: .external(sourceApplication: nil)),
            1_700_000_000.1,
            #"{"arrival":1700000000.1,"source":"external","url":"https://mail.example.com/m/7?a=b/c"}"#
        ),
        (
            InterruptedLink(
                url: "https://mail.example.com/caf\u{E9}/\"q\"\\\u{1F}",
                source: .external(sourceApplication: "com.apple.mobilesafari")),
            1_700_000_000,
            #"{"arrival":1700000000,"source":"external","sourceApplication":"com.apple.mobilesafari","#
                + "\"url\":\"https://mail.example.com/caf\u{E9}/\\\"q\\\"\\\\\\u001f\"}"
        ),
    ]

    @Test(
        "Bug: a held link's line depended on the OS's JSONEncoder; its bytes are pinned", arguments: heldLinks
    )
    func heldLinkLine(link: InterruptedLink, arrival: Double, line: String) throws {
        let held = try PendingLink(link, arrival: Date(timeIntervalSince1970: arrival))
        #expect(String(decoding: held.line, as: UTF8.self) == line + "\n")
        let read = try #require(PendingLink(line: held.line.dropLast(), decoder: JSONDecoder()))
        #expect(read.link == link)
        #expect(read.arrival.timeIntervalSince1970 == arrival)
    }

    static let time = Date(timeIntervalSince1970: 1_700_000_000.5)

    static let historyLines: [(entry: History.Entry, line: String)] = [
        (
            History.Entry(
                time: time, source: .external(sourceApplication: "com.other"), url: "mailapp://items/7?q=a/b",
                route: "/items/:id", status: 200, durationMilliseconds: 1.1),
            #"{"durationMs":1.1,"route":"/items/:id","source":"external","sourceApplication":"com.other","#
                + #""status":200,"time":"2023-11-14T22:13:20.500Z","url":"mailapp://items/7?q=a/b"}"#
        ),
        (
            History.Entry(time: time, source: .app, url: "/nowhere", status: 404, durationMilliseconds: 100),
            #"{"durationMs":100,"route":null,"source":"app","sourceApplication":null,"status":404,"#
                + #""time":"2023-11-14T22:13:20.500Z","url":"/nowhere"}"#
        ),
        (
            History.Entry(
                time: time, source: .external(sourceApplication: nil), url: "mailapp://n/Zo\u{EB}\u{0}",
                status: 400, durationMilliseconds: 0.1 + 0.2),
            #"{"durationMs":0.3,"route":null,"source":"external","sourceApplication":null,"status":400,"#
                + "\"time\":\"2023-11-14T22:13:20.500Z\",\"url\":\"mailapp://n/Zo\u{EB}\\u0000\"}"
        ),
        (
            History.Entry(time: time, source: .app, url: "/x", status: 200, durationMilliseconds: 0.412_49),
            #"{"durationMs":0.412,"route":null,"source":"app","sourceApplication":null,"status":200,"#
                + #""time":"2023-11-14T22:13:20.500Z","url":"/x"}"#
        ),
    ]

    @Test(
        "Bug: iOS 16's JSONEncoder wrote durationMs 1.1 as 1.1000000000000001; history lines are pinned",
        arguments: historyLines)
    func historyLine(entry: History.Entry, line: String) throws {
        #expect(String(decoding: try entry.jsonLine(), as: UTF8.self) == line + "\n")
        #expect(try JSONDecoder().decode(History.Entry.self, from: try entry.jsonLine()).url == entry.url)
    }

    static let extras: [(json: String, text: String)] = [
        (#"{"b":1.10,"B":[1,"/",null,true]}"#, #"{"B":[1,"/",null,true],"b":1.1}"#),
        (#"[1e21,-0.5,"caf\u00e9","\u001F","a\/b"]"#, "[1e+21,-0.5,\"caf\u{E9}\",\"\\u001f\",\"a/b\"]"),
        (
            #"{"\u00e4":{},"z":[],"Z":{"a":{"b":[[]]}}}"#,
            "{\"Z\":{\"a\":{\"b\":[[]]}},\"z\":[],\"\u{E4}\":{}}"
        ),
    ]

    @Test(
        "App Links extras: a nested array or object is compact JSON with keys sorted by bytes",
        arguments: extras)
    func extrasText(json: String, text: String) throws {
        #expect(JSONValue.parse(json)?.text == text)
        let link = try AppLinks.parse(#"{"target_url":"x","extras":{"k":\#(json)}}"#).get()
        #expect(link.extras["k"] == text)
    }
}
