/// Fuzz target `reverse-routing`: for any route and any parameter values, either
/// ``Router/path(for:_:)`` throws, or the path it returns matches that route with those values
/// (Architecture, "The router"), the reference matcher agrees, and
/// ``Router/url(for:_:scheme:host:)`` reaches the same route.
let reverseRouter = try! Router(
    routes: FuzzTable.routes(), configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"]))

/// Values that meet or break the table's constraints, and values the parser refuses.
let values = [
    "7", "-7", "0", "99999999999999999999", "abc", "Abc9", "news", "mail", "new", "edit", "x", "end",
    "123e4567-e89b-12d3-a456-426614174000", "a/b", "a b", "%2F", "%", "?", "#", ".", "..", "", "é",
    "e\u{301}", "\u{202E}x", "\u{0}", "\n", "a/", "/a", "a//b", "admin", "✓", "+", "&=;",
]

/// One fuzzer input (see ``FuzzEntry``); a finding ends the process.
func fuzzReverseRouting(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let entry = FuzzTable.entries[input.pick(FuzzTable.entries.count)]
    let names = Array(Set(entry.shapes.flatMap { $0.compactMap(parameterName) })).sorted()
    var params: [String: String] = [:]
    for name in names where input.pick(5) != 0 {
        params[name] = input.pick(3) == 0 ? input.rawString(limit: 8) : input.pick(values)
    }
    check(entry, params)
    return 0
}

private func parameterName(_ spec: FuzzTable.Spec) -> String? {
    switch spec {
    case .literal: nil
    case .parameter(let name, _), .glob(let name): name
    }
}

private func check(_ entry: FuzzTable.Entry, _ params: [String: String]) {
    let description = "\(entry.name) \(params)"
    let path: String
    do {
        path = try reverseRouter.path(for: entry.name, params)
    } catch let error as RoutingError {
        guard error.status == .badRequest else { finding("path(for:) threw \(error)", description) }
        return
    } catch {
        finding("path(for:) threw a \(type(of: error))", description)
    }
    guard let match = reverseRouter.match(path), match.route.name == entry.name else {
        finding("\(path) does not match back", description)
    }
    let decoded = Dictionary(uniqueKeysWithValues: match.params.map { ($0.name, $0.value) })
    guard ReferenceMatcher.exactlyEqual(decoded, params) else {
        finding("\(path) matches back with \(decoded)", description)
    }
    let reference = ReferenceMatcher.match(segments(of: path))
    guard let reference, FuzzTable.entries[reference.routeIndex].name == entry.name,
        ReferenceMatcher.exactlyEqual(reference.params, params)
    else { finding("the reference matches \(path) as \(String(describing: reference))", description) }
    let url = try? reverseRouter.url(for: entry.name, params)
    guard let url, reachesBack(url, entry, params) else {
        finding("url(for:) gives \(url ?? "an error") where path(for:) gave \(path)", description)
    }
    let web = try? reverseRouter.url(for: entry.name, params, scheme: "https")
    guard let web, reachesBack(web, entry, params) else {
        finding(
            "url(for:scheme: https) gives \(web ?? "an error") where path(for:) gave \(path)", description)
    }
}

/// `true` when `url` matches `entry`'s route with exactly `params`.
private func reachesBack(_ url: String, _ entry: FuzzTable.Entry, _ params: [String: String]) -> Bool {
    guard let match = reverseRouter.match(url), match.route.name == entry.name else { return false }
    return ReferenceMatcher.exactlyEqual(
        Dictionary(uniqueKeysWithValues: match.params.map { ($0.name, $0.value) }), params)
}
