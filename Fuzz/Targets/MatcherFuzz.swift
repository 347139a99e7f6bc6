/// Fuzz target `matcher`: the trie walk (``Router/match(_:source:)``) and ``ReferenceMatcher``
/// agree on the route and on every decoded parameter, case-sensitively and not; an external
/// source matches what the public routes alone match, so never a private route.
let sensitiveRouter = try! Router(routes: FuzzTable.routes())
let foldingRouter = try! Router(routes: FuzzTable.routes(), configuration: .init(caseSensitive: false))

/// One fuzzer input (see ``FuzzEntry``); a finding ends the process.
func fuzzMatcher(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let url = input.path(maxSegments: 8)
    compare(url, sensitiveRouter, caseSensitive: true)
    compare(url, foldingRouter, caseSensitive: false)
    return 0
}

private func compare(_ url: String, _ router: Router, caseSensitive: Bool) {
    let actual = router.match(url)
    guard case .success(let parsed) = URLParser.parse(url, served: ServedLinks(router.configuration)) else {
        if actual != nil { finding("a URL the parser refuses matched", url) }
        return
    }
    let path = parsed.pathString
    let expected = ReferenceMatcher.match(segments(of: path), caseSensitive: caseSensitive)
    let got = referenceForm(actual)
    guard got == expected else {
        finding(
            "caseSensitive \(caseSensitive): trie \(described(got)), reference \(described(expected))", url)
    }
    // Private routes do not exist for an external request: it matches what the table without
    // them matches.
    let external = referenceForm(router.match(url, source: .external(sourceApplication: "com.example.other")))
    let expectedExternal = ReferenceMatcher.match(
        segments(of: path), caseSensitive: caseSensitive, publicOnly: true)
    guard external == expectedExternal else {
        finding(
            "caseSensitive \(caseSensitive), external: trie \(described(external)), public routes of the "
                + "reference \(described(expectedExternal))", url)
    }
}

private func referenceForm(_ match: RouteMatch?) -> ReferenceMatcher.Match? {
    match.map { match in
        ReferenceMatcher.Match(
            routeIndex: match.routeIndex,
            params: Dictionary(uniqueKeysWithValues: match.params.map { ($0.name, $0.value) }))
    }
}

private func described(_ match: ReferenceMatcher.Match?) -> String {
    match.map { "\(FuzzTable.entries[$0.routeIndex].pattern) \($0.params)" } ?? "no match"
}
