/// The declining stages of the `private-routes` and `invisible-routes` routers: a stage declines
/// when a `decline` query item names it, `<stage>` for every route or `<stage>.<route name>` for
/// one route (`nf` is the not-found controller, which has no route). A function of the request
/// alone, so the input chooses which candidates run.
enum Decline {
    enum Stage: String, CaseIterable {
        case routerMiddleware = "rmw"
        case routerPolicy = "rpol"
        case middleware = "mw"
        case policy = "pol"
        case controller = "ctl"
        case notFound = "nf"
    }

    /// The rule every stage follows.
    static func declines(_ stage: Stage, _ request: Request) -> Bool {
        declines(stage, route: request.route?.name, values: request.query.values("decline"))
    }

    static func declines(_ stage: Stage, route: String?, values: [String]) -> Bool {
        values.contains(stage.rawValue) || route.map { values.contains(stage.rawValue + "." + $0) } == true
    }
}

extension FuzzInput {
    /// A `decline` query item naming a stage, of every route or of one of `routeNames`, sometimes
    /// spelled with escapes (which decode to the same item) or in capitals (which name nothing).
    mutating func declineItem(routeNames: [String]) -> String {
        let stage = pick(Decline.Stage.allCases).rawValue
        let value = pick(3) == 0 ? stage : stage + "." + pick(routeNames)
        switch pick(8) {
        case 0: return "d%65cline=" + value
        case 1: return "decline=" + FuzzInput.percentEncoded(value, every: false)
        case 2: return "decline=" + value.uppercased()
        default: return "decline=" + value
        }
    }
}

/// `url` with `items` appended to its query (before its fragment).
func appendingQuery(_ url: String, _ items: [String]) -> String {
    guard !items.isEmpty else { return url }
    let bytes = Array(url.utf8)
    let hash = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
    let separator = bytes[..<hash].contains(UInt8(ascii: "?")) ? "&" : "?"
    return String(decoding: bytes[..<hash], as: UTF8.self) + separator + items.joined(separator: "&")
        + String(decoding: bytes[hash...], as: UTF8.self)
}

/// The decoded query items of `url`, read plainly (the bytes between the first `?` and the first
/// `#`, split on `&` and the first `=`), for predicting the stages' declines.
func plainQueryItems(_ url: String) -> [(name: String, value: String)] {
    let bytes = Array(url.utf8)
    let hash = bytes.firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
    guard let question = bytes[..<hash].firstIndex(of: UInt8(ascii: "?")) else { return [] }
    return bytes[(question + 1)..<hash].split(separator: UInt8(ascii: "&")).map { piece in
        let equals = piece.firstIndex(of: UInt8(ascii: "="))
        let name = String(decoding: piece[..<(equals ?? piece.endIndex)], as: UTF8.self)
        let value = equals.map { String(decoding: piece[($0 + 1)...], as: UTF8.self) } ?? ""
        return (ReferenceMatcher.decode(name), ReferenceMatcher.decode(value))
    }
}
