/// Fuzz target `matcher`: the trie walk (``Router/match(_:source:)``) and ``ReferenceMatcher``
/// agree on the route and on every decoded parameter, case-sensitively and not; external
/// sources never see a private route.
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
    guard case .success(let parsed) = URLParser.parse(url, configuration: router.configuration) else {
        if actual != nil { finding("a URL the parser refuses matched", url) }
        return
    }
    let path = parsed.pathString
    let expected = ReferenceMatcher.match(segments(of: path), caseSensitive: caseSensitive)
    let got = actual.map { match in
        ReferenceMatcher.Match(
            routeIndex: match.routeIndex,
            params: Dictionary(uniqueKeysWithValues: match.params.map { ($0.name, $0.value) }))
    }
    guard got == expected else {
        let name = { (match: ReferenceMatcher.Match?) in
            match.map { "\(FuzzTable.entries[$0.routeIndex].pattern) \($0.params)" } ?? "no match"
        }
        finding("caseSensitive \(caseSensitive): trie \(name(got)), reference \(name(expected))", url)
    }
    let external = router.match(url, source: .external(sourceApplication: "com.example.other"))
    let visible = got.map { FuzzTable.entries[$0.routeIndex].isPublic } ?? false
    guard (external != nil) == visible, external.map({ $0.routeIndex == got?.routeIndex }) ?? true else {
        finding("external match \(String(describing: external?.route.pattern)) for \(name(got))", url)
    }
}

private func name(_ match: ReferenceMatcher.Match?) -> String {
    match.map { FuzzTable.entries[$0.routeIndex].pattern } ?? "no match"
}
