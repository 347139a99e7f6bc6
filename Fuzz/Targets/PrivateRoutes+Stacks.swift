// The `private-routes` target's checks of the answers (see PrivateRoutesFuzz.swift): the stack
// of `sendStack(fromPublicURL:)`, the chain of `sendAll(fromPublicURL:)` and the not-found
// answer, and what an outside caller can tell of an answer, to compare two.

/// An external stack holds no private route's answer, only external requests and no error
/// details; its ancestors are 2xx answers of routes of the link's chain, root first; its last
/// level is `send`'s answer; a link not answered 2xx is a stack of one.
func checkStack(_ stack: [Response], _ response: Response, _ router: Router, _ description: String) {
    guard let link = stack.last else { finding("sendStack returned no answer", description) }
    if link.status != response.status || link.request.route?.name != response.request.route?.name {
        finding("sendStack's last level is not send's answer", description)
    }
    for level in stack {
        if level.request.route?.isPublic == false {
            finding("an external stack holds a private route", description)
        }
        if !level.request.isExternal { finding("a level of an external stack lost its source", description) }
        if level.error != nil { finding("error details reached an external caller in a stack", description) }
    }
    let ancestors = stack.dropLast()
    if !link.status.isSuccess, !ancestors.isEmpty {
        finding("a link not answered 2xx got ancestors", description)
    }
    guard let route = link.request.route else { return }
    let chain = Array(router.ancestorNames(of: route).reversed())
    var position = 0
    for ancestor in ancestors {
        guard ancestor.status.isSuccess, let name = ancestor.request.route?.name,
            let found = chain[position...].firstIndex(of: name)
        else {
            finding(
                "ancestor \(ancestor.request.url) answered \(ancestor.status) by "
                    + "\(ancestor.request.route?.name ?? "no route"), not a route of \(chain) in order",
                description)
        }
        position = found + 1
    }
}

/// Why `response` is not exactly the not-found answer for `path`, or `nil`.
func notFoundProblem(_ response: Response, path: String, declines: [String]) -> String? {
    // A declining not-found controller answers as a thrown `RouteDeclined`: 404, no data outside.
    let expected: [String: String] =
        Decline.declines(.notFound, route: nil, values: declines)
        ? [:] : ["path": path, "route": "none", "params": "0"]
    let actual = response.data.mapValues { "\($0)" }
    guard response.status == .notFound, actual == expected, response.location == nil,
        response.request.route == nil, response.request.params.isEmpty, response.request.path == path
    else {
        return
            "\(response.status) \(actual) \(String(describing: response.location)), expected the not-found "
            + "answer \(expected)"
    }
    return nil
}

/// The answers of the first hop, against the dry run: the candidates in order, minus those whose
/// stages decline by the rule, up to the first that has no `continueNext`; only the not-found
/// answer when every candidate declines. Skipped when the chain ends in a redirect (the next
/// hop's answers replace it) or the parser refuses the URL (one error answer).
func checkChain(
    _ url: String, _ source: Source, _ router: Router, _ candidates: [RouteMatch], _ answers: [Response],
    _ description: String
) {
    var tracer = SilentTracer()
    let resolved: ResolvedURL
    switch router.storage.resolve(url, source: source, tracer: &tracer) {
    case .rejected(let rejection):
        if !candidates.isEmpty { finding("a refused URL has candidates", description) }
        if answers.count != 1 || answers[0].status != rejection.status || answers[0].request.route != nil {
            finding("a refused URL (\(rejection.status)) got \(answers.count) answers", description)
        }
        return
    case .unmatched(let unmatched): resolved = unmatched
    case .matched(_, let matched): resolved = matched
    }
    let items = plainQueryItems(url)
    let declines = items.filter { $0.name == "decline" }.map(\.value)
    let routeStages = Decline.Stage.allCases.filter { $0 != .notFound }
    var expected: [String] = []
    for candidate in candidates {
        let name = candidate.route.name ?? "-"
        if routeStages.contains(where: { Decline.declines($0, route: name, values: declines) }) {
            continue
        }
        // `/go?to=…` redirects: the next hop's answers replace its 303.
        if name == "go", items.contains(where: { $0.name == "to" }) { return }
        expected.append(name)
        if !candidate.route.continueNext { break }
    }
    let actual = answers.map { answer in
        "\(answer.status.code) \(answer.request.route?.name ?? "no route") "
            + "\(answer.data.mapValues { "\($0)" }.sorted { $0.key < $1.key })"
    }
    let mismatch = { (why: String) -> Never in
        finding(
            "\(why): sendAll answered \(actual); candidates \(candidates.map { $0.route.name ?? "-" }), "
                + "declines \(declines), expected answers from \(expected.isEmpty ? ["not found"] : expected)",
            description)
    }
    if expected.isEmpty {
        if answers.count != 1 { mismatch("every candidate declines, so only the not-found answer") }
        if let problem = notFoundProblem(answers[0], path: resolved.path, declines: declines) {
            mismatch(problem)
        }
        return
    }
    if answers.count != expected.count { mismatch("answer count") }
    for (answer, name) in zip(answers, expected) {
        guard answer.status == .ok, answer.request.route?.name == name,
            answer.data.mapValues({ "\($0)" }) == ["route": name], answer.location == nil
        else { mismatch("answer of \(name)") }
    }
}

/// Whether an outside caller can tell two answers apart, byte for byte: status, route, path,
/// URL, parameters (decoded and raw), location, host, scheme, fragment, source and data.
/// Compared field by field: building ``fingerprint(_:)-(Response)`` for every answer costs
/// allocations, which the sanitizer makes dear.
func same(_ lhs: Response, _ rhs: Response) -> Bool {
    let (left, right) = (lhs.request, rhs.request)
    func equal(_ lhs: String?, _ rhs: String?) -> Bool {
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        return lhs.utf8.elementsEqual(rhs.utf8)
    }
    return lhs.status == rhs.status && equal(left.route?.name, right.route?.name)
        && equal(left.path, right.path)
        && equal(left.url, right.url) && equal(lhs.location, rhs.location) && equal(left.host, right.host)
        && equal(left.scheme, right.scheme) && equal(left.fragment, right.fragment)
        && left.isExternal == right.isExternal && same(left.params, right.params)
        && lhs.data.count == rhs.data.count
        && lhs.data.allSatisfy { key, value in rhs.data[key].map { equal("\($0)", "\(value)") } ?? false }
}

func same(_ lhs: RouteMatch?, _ rhs: RouteMatch?) -> Bool {
    guard let lhs, let rhs else { return lhs == nil && rhs == nil }
    return lhs.route.name == rhs.route.name && lhs.route.pattern == rhs.route.pattern
        && same(lhs.params, rhs.params)
}

private func same(_ lhs: Parameters, _ rhs: Parameters) -> Bool {
    lhs.count == rhs.count
        && zip(lhs, rhs).allSatisfy { left, right in
            left.name == right.name && left.value.utf8.elementsEqual(right.value.utf8)
                && (lhs.raw(left.name) ?? "").utf8.elementsEqual((rhs.raw(right.name) ?? "").utf8)
        }
}

/// An answer as ``same(_:_:)-(Response,Response)`` compares it, for a finding.
func fingerprint(_ response: Response) -> String {
    let request = response.request
    let data = response.data.map { "\($0.key)=\($0.value)" }.sorted()
    let fields: [String] =
        [
            "\(response.status.code)", request.route?.name ?? "no route", request.path, request.url,
            response.location ?? "no location", request.host ?? "no host", request.scheme ?? "no scheme",
            request.fragment ?? "no fragment", "\(request.isExternal)",
        ] + fingerprintFields(request.params) + data
    return fields.map(\.debugDescription).joined(separator: " ")
}

func fingerprint(_ match: RouteMatch?) -> String {
    guard let match else { return "no match" }
    return ([match.route.name ?? "-"] + fingerprintFields(match.params)).map(\.debugDescription).joined(
        separator: " ")
}

private func fingerprintFields(_ params: Parameters) -> [String] {
    params.flatMap { [$0.name, $0.value, String(params.raw($0.name) ?? "-")] }
}
