@testable import Switchyard

/// Everything a caller can observe in a ``Response``, as an `Equatable` value, so tests can
/// compare whole responses: status, data keys and values, location, and the request's URL, path,
/// route, parameters, query, data and source.
struct ResponseSnapshot: Equatable, CustomStringConvertible {
    private(set) var status: Status
    private(set) var data: [String: String]
    private(set) var location: String?
    private(set) var url: String
    private(set) var path: String
    private(set) var routePattern: String?
    private(set) var params: [String]
    private(set) var query: [String]
    private(set) var requestData: [String: String]
    private(set) var source: Source

    init(_ response: Response) {
        status = response.status
        data = response.data.mapValues { String(reflecting: $0) }
        location = response.location
        let request = response.request
        url = request.url
        path = request.path
        routePattern = request.route?.pattern
        params = request.params.map { "\($0.name)=\($0.value)" }
        query = request.query.map { "\($0.name)=\($0.value)" }
        requestData = request.data.mapValues { String(reflecting: $0) }
        source = request.source
    }

    /// The snapshot without the URL, the path and the data values that echo them, for comparing
    /// answers to different URLs.
    func ignoringURL(dataKeys: Set<String> = []) -> ResponseSnapshot {
        var copy = self
        copy.url = ""
        copy.path = ""
        for key in dataKeys where copy.data[key] != nil { copy.data[key] = "(ignored)" }
        return copy
    }

    var description: String {
        "\(status) data=\(data) location=\(location ?? "nil") url=\(url) path=\(path) "
            + "route=\(routePattern ?? "nil") params=\(params) query=\(query) source=\(source)"
    }
}
