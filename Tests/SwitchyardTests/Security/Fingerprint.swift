@testable import Switchyard

/// Everything an outside caller can observe of a response, in comparable form: two responses
/// with equal fingerprints are indistinguishable to the sender.
struct Fingerprint: Equatable, CustomStringConvertible {
    let status: Status
    let data: [String: String]
    let location: String?
    let route: String?
    let params: [String]
    let path: String
    let query: [String]
    let source: Source

    init(_ response: Response) {
        status = response.status
        data = response.data.mapValues { String(describing: $0) }
        location = response.location
        route = response.request.route?.pattern
        params = response.request.params.map { "\($0.name)=\($0.value)" }
        path = response.request.path
        query = response.request.query.map { "\($0.name)=\($0.value)" }
        source = response.request.source
    }

    var description: String {
        "\(status) data=\(data.sorted { $0.key < $1.key }) location=\(location ?? "-") route=\(route ?? "-") "
            + "params=\(params) path=\(path) query=\(query)"
    }
}

/// A not-found controller that copies what it was given into the response, so a difference in
/// the request it saw (a route, parameters) shows up in the response data.
let revealingNotFound: Controller = { request in
    Response(
        request: request, status: .notFound,
        data: [
            "path": request.path, "route": request.route?.pattern ?? "none",
            "params": request.params.map { "\($0.name)=\($0.value)" }.joined(separator: ","),
        ])
}

/// The source applications an external probe pretends to come from; `nil` is the usual case.
let probeSources: [String?] = [nil, "com.apple.mobilesafari", "com.example.mail"]
