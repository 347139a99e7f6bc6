import Foundation
import Testing

@testable import Switchyard

/// Architecture, "The pipeline": every form of `Connection.send`, typed in-app data, and concurrent sends.
@Suite("Pipeline: Connection.send")
struct ConnectionSendTests {
    /// The five public forms of `Connection.send`.
    enum Form: String, CaseIterable, Sendable {
        case appAsync, appHandler, publicString, publicURL, publicHandler

        var isExternal: Bool { ![.appAsync, .appHandler].contains(self) }

        func send(_ url: String, router: Router, sourceApplication: String? = "com.example.other") async
            -> Response
        {
            switch self {
            case .appAsync:
                return await Connection.send(url, router: router)
            case .appHandler:
                return await withCheckedContinuation { continuation in
                    Connection.send(url, router: router) { continuation.resume(returning: $0) }
                }
            case .publicString:
                return await Connection.send(
                    fromPublicURL: url, sourceApplication: sourceApplication, router: router)
            case .publicURL:
                let foundationURL = URL(string: url)!
                return await Connection.send(
                    fromPublicURL: foundationURL, sourceApplication: sourceApplication, router: router)
            case .publicHandler:
                return await withCheckedContinuation { continuation in
                    Connection.send(fromPublicURL: url, sourceApplication: sourceApplication, router: router)
                    {
                        continuation.resume(returning: $0)
                    }
                }
            }
        }
    }

    static let router: Router = try! Router(
        routes: [
            Route("/messages/:id(int)", isPublic: true, controller: echo),
            Route("/drafts/:id", controller: echo),
        ],
        configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))

    @Test("public routes answer every form, with the form's source", arguments: Form.allCases)
    func publicRoute(form: Form) async {
        for url in ["mailapp://messages/7", "https://mail.example.com/messages/7?x=%20"] {
            let response = await form.send(url, router: Self.router)
            #expect(response.status == .ok, "\(url)")
            #expect(response.request.params.get("id", as: Int.self) == 7)
            #expect(response.request.isExternal == form.isExternal)
            #expect(
                response.request.source
                    == (form.isExternal ? .external(sourceApplication: "com.example.other") : .app))
        }
    }

    @Test("private routes: reachable in-app, missing from outside", arguments: Form.allCases)
    func privateRoute(form: Form) async {
        let response = await form.send("mailapp://drafts/1", router: Self.router)
        #expect(response.status == (form.isExternal ? .notFound : .ok))
        #expect((response.request.route == nil) == form.isExternal)
    }

    @Test(
        "a nil sourceApplication is still external",
        arguments: [Form.publicString, .publicURL, .publicHandler])
    func nilSourceApplication(form: Form) async {
        let response = await form.send("mailapp://drafts/1", router: Self.router, sourceApplication: nil)
        #expect(response.status == .notFound)
        #expect(response.request.source == .external(sourceApplication: nil))
    }

    @Test("hostile input never crashes, every form answers", arguments: Form.allCases)
    func hostileInput(form: Form) async {
        for url in [
            "", "mailapp://", "mailapp://%", "mailapp://a/%00", "javascript:alert(1)", "mailapp://a/\u{7F}",
        ] {
            // Foundation refuses some of these as `URL`s; the String forms must still answer.
            if form == .publicURL, URL(string: url) == nil { continue }
            let response = await form.send(url, router: Self.router)
            #expect(!response.status.isSuccess, "\(url.debugDescription)")
        }
    }

    struct Account: Sendable, Equatable {
        let name: String
    }

    @Test("in-app data reaches the request keeping its types")
    func typedData() async throws {
        let router = try Router(routes: [
            Route("/me") { request in
                Response(
                    request: request,
                    data: [
                        "account": request.data["account"] as? Account as Any? == nil ? "missing" : "present",
                        "count": (request.data["count"] as? Int ?? 0) + 1,
                    ])
            }
        ])
        let response = await Connection.send(
            "/me", data: ["account": Account(name: "ada"), "count": 41, "tags": ["a", "b"]], router: router)
        #expect(response.data["account"] as? String == "present")
        #expect(response.data["count"] as? Int == 42)
        #expect(response.request.data["account"] as? Account == Account(name: "ada"))
        #expect(response.request.data["tags"] as? [String] == ["a", "b"])
    }

    @Test("2,000 concurrent sends from many tasks are all answered correctly")
    func concurrentSends() async {
        let results = await withTaskGroup(of: [(Int, Bool)].self) { outer in
            for group in 0..<8 {
                outer.addTask {
                    await withTaskGroup(of: (Int, Bool).self) { inner in
                        for item in 0..<250 {
                            let id = group * 250 + item
                            inner.addTask {
                                let form = Form.allCases[id % Form.allCases.count]
                                let isPrivate = id % 3 == 0
                                let url = isPrivate ? "mailapp://drafts/\(id)" : "mailapp://messages/\(id)"
                                let response = await form.send(url, router: Self.router)
                                let reachable = !isPrivate || !form.isExternal
                                let correct =
                                    response.status == (reachable ? .ok : .notFound)
                                    && response.request.params["id"] == (reachable ? String(id) : nil)
                                    && response.request.isExternal == form.isExternal
                                return (id, correct)
                            }
                        }
                        var collected: [(Int, Bool)] = []
                        for await result in inner { collected.append(result) }
                        return collected
                    }
                }
            }
            var all: [(Int, Bool)] = []
            for await batch in outer { all += batch }
            return all
        }
        #expect(results.count == 2000)
        #expect(Set(results.map(\.0)) == Set(0..<2000))
        #expect(results.filter { !$0.1 }.map(\.0) == [])
    }
}
