import Foundation

/// Fuzz target `decode`: arbitrary query strings (and a path parameter) decoded by
/// `Request.decode` into a struct of every supported kind of property. Never a crash; every
/// failure is a 400 whose message is exactly what a small model of the decoding rules predicts
/// (the first property that fails, its key, its type, and its value only in-app); every success
/// equals the model's value.
struct DecodeProbe: Codable, Sendable {
    enum Folder: String, Codable, Sendable { case inbox, archive }

    let name: String
    let id: Int
    let flag: Bool?
    let tags: [Int]
    let folder: Folder?
    let token: UUID?
    let ratio: Double?
    let words: [String]

    /// Equal, with NaN equal to NaN (`"nan"` is a `Double`).
    func isSame(as other: DecodeProbe) -> Bool {
        let ratios =
            ratio == other.ratio || (ratio?.isNaN == true && other.ratio?.isNaN == true)
        return name == other.name && id == other.id && flag == other.flag && tags == other.tags
            && folder == other.folder && token == other.token && ratios && words == other.words
    }
}

let decodeRouter = try! Router(routes: [
    Route("/probe/:name", isPublic: true) { request in
        do {
            return Response(request: request, data: ["probe": try request.decode(DecodeProbe.self)])
        } catch let error as RoutingError {
            return Response(request: request, status: error.status, data: ["message": error.message])
        }
    }
])

/// One fuzzer input: a segment and a query, sent in-app and from outside.
func fuzzDecode(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let segment = input.segment(["probe", "a%2Fb", "%C3%A9t%C3%A9", "x y", "7"])
    var items: [String] = []
    let keys = ["id", "flag", "tags", "folder", "token", "ratio", "words", "name", "ID", "tags%5B%5D"]
    let values = [
        "7", "-3", "+4", "007", "9223372036854775808", "1.5", "true", "false", "1", "0", "yes", "inbox",
        "archive", "Inbox", "", "%20", "6F9619FF-8B86-D011-B42D-00CF4FC964FF", "nan", "1e3", "a%26b", "%FF",
    ]
    for _ in 0..<input.pick(9) {
        let key = input.pick(keys)
        switch input.pick(6) {
        case 0: items.append(key)
        case 1: items.append(key + "=" + input.rawString(limit: 8))
        default: items.append(key + "=" + input.pick(values))
        }
    }
    let url = "/probe/\(segment)?" + items.joined(separator: "&")
    for source in [Source.app, .external(sourceApplication: nil), .content] {
        let response = blocking {
            switch source {
            case .app: await Connection.send(url, router: decodeRouter)
            case .external:
                await Connection.send(fromPublicURL: url, sourceApplication: nil, router: decodeRouter)
            case .content: await Connection.send(contentLink: url, router: decodeRouter)
            }
        }
        // The parser refused the URL, or an empty segment left no route: the controller never ran.
        guard response.request.route != nil else {
            if ![Status.badRequest, .uriTooLong, .notFound].contains(response.status) {
                finding("a refused URL answered \(response.status)", url)
            }
            continue
        }
        let expected = DecodeModel(request: response.request).outcome()
        switch expected {
        case .success(let probe):
            guard response.status == .ok, (response.data["probe"] as? DecodeProbe)?.isSame(as: probe) == true
            else {
                finding("expected \(probe), got \(response.status) \(response.data)", url)
            }
        case .failure(let failure):
            guard response.status == failure.status, response.data["message"] as? String == failure.message
            else {
                finding(
                    "expected \(failure.status) '\(failure.message)', got \(response.status) \(response.data)",
                    url)
            }
        }
    }
    return 0
}

/// The decoding rules, written out for the probe's properties one by one: path parameter first,
/// then the query's first value (every value for an array); the first property that fails decides
/// the message.
struct DecodeModel {
    let request: Request

    func outcome() -> Result<DecodeProbe, Failure> {
        do {
            return .success(
                DecodeProbe(
                    name: try one("name", "String") { $0 },
                    id: try one("id", "Int") { Int($0) },
                    flag: try optional("flag", "Bool", bool),
                    tags: try many("tags", "Int") { Int($0) },
                    folder: try optional("folder", "Folder") { DecodeProbe.Folder(rawValue: $0) },
                    token: try optional("token", "UUID") { UUID(uuidString: $0) },
                    ratio: try optional("ratio", "Double") { Double($0) },
                    words: try many("words", "String") { $0 }))
        } catch {
            return .failure(error)
        }
    }

    struct Failure: Error {
        let message: String
        var status: Status = .badRequest
    }

    private func bool(_ text: String) -> Bool? {
        ["true": true, "1": true, "false": false, "0": false][text]
    }

    private func values(_ key: String) -> [String] {
        if let value = request.params[key] { return [value] }
        return request.query.values(key)
    }

    /// A value that does not read; a whole number out of `Int`'s range says so, with a 404 for a
    /// path parameter (the link names what cannot exist) and a 400 for a query item.
    private func invalid(_ key: String, _ type: String, _ value: String) -> Failure {
        let digits = value.hasPrefix("-") || value.hasPrefix("+") ? value.dropFirst() : value[...]
        if type == "Int", !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) {
            let isPath = request.params[key] != nil
            let shown = request.isExternal ? "" : " is \(value), which"
            return Failure(
                message: "\(isPath ? "parameter" : "query item") '\(key)'\(shown) does not fit in Int "
                    + "(\(Int.min) to \(Int.max))",
                status: isPath ? .notFound : .badRequest)
        }
        return Failure(
            message: "'\(key)' is not a valid \(type)" + (request.isExternal ? "" : ": '\(value)'"))
    }

    private func one<T>(_ key: String, _ type: String, _ read: (String) -> T?) throws(Failure) -> T {
        guard let first = values(key).first else {
            throw Failure(message: "missing '\(key)', expected \(type)")
        }
        guard let value = read(first) else { throw invalid(key, type, first) }
        return value
    }

    private func optional<T>(_ key: String, _ type: String, _ read: (String) -> T?) throws(Failure) -> T? {
        guard values(key).first != nil else { return nil }
        return try one(key, type, read)
    }

    private func many<T>(_ key: String, _ type: String, _ read: (String) -> T?) throws(Failure) -> [T] {
        var decoded: [T] = []
        for value in values(key) {
            guard let converted = read(value) else { throw invalid(key, type, value) }
            decoded.append(converted)
        }
        return decoded
    }
}
