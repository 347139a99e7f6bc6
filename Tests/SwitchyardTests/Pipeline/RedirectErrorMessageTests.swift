import Testing

@testable import Switchyard

/// The router's own redirect failures say what happened and what to try, in-app only.
@Suite("Redirect failures name the fix, in-app only")
struct RedirectErrorMessageTests {
    static let router = try! Router(
        routes: [
            Route("/a", isPublic: true) { Response.redirect($0, to: "/b") },
            Route("/b", isPublic: true) { Response.redirect($0, to: "/a") },
            Route("/hop/:n(int)", isPublic: true) { request in
                let n = try request.params.require("n", as: Int.self)
                return Response.redirect(request, to: "/hop/\(n + 1)")
            },
            Route("/js", isPublic: true) { Response.redirect($0, to: "javascript:alert(1)") },
        ], configuration: .init(schemes: ["mailapp"], maxRedirects: 3))

    static let cases: [(url: String, status: Status, message: String)] = [
        (
            "mailapp://a", .loopDetected,
            "redirect loop: mailapp://b redirects to mailapp://a, already visited in this chain; break the "
                + "cycle, or set maxRedirects: 0 to receive the 303"
        ),
        (
            "mailapp://hop/1", .loopDetected,
            "more than 3 redirects (Configuration.maxRedirects), the last to mailapp://hop/5; raise "
                + "maxRedirects if the chain is meant to be that long"
        ),
        (
            "mailapp://js", .badRequest,
            "refused redirect to 'javascript:alert(1)': javascript, data, file, about, blob and vbscript "
                + "locations are never followed or handed back; redirect to a path or an http(s) URL"
        ),
    ]

    @Test(arguments: cases)
    func inApp(url: String, status: Status, message: String) async {
        let response = await Connection.send(url, router: Self.router)
        #expect(response.status == status)
        #expect(response.error == RoutingError(status, message))
    }

    @Test(arguments: cases)
    func external(url: String, status: Status, message: String) async {
        let response = await Connection.send(fromPublicURL: url, sourceApplication: nil, router: Self.router)
        #expect(response.status == status)
        #expect(response.data.isEmpty, "an external caller learns the status and nothing else")
    }
}
