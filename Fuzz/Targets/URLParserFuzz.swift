/// Fuzz target `url-parser`: ``URLParser`` never crashes, bare paths agree with
/// ``ReferenceURLValidator`` (same status, same routed path), and whatever it accepts is a path
/// the rest of the router can rely on.
let parserConfiguration = Router.Configuration(schemes: ["mailapp"], hosts: ["mail.example.com"])
let parserRouter = try! Router(routes: FuzzTable.routes(), configuration: parserConfiguration)

/// One fuzzer input (see ``FuzzEntry``); a finding ends the process.
func fuzzURLParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let url: String
    switch input.pick(4) {
    case 0: url = input.rawString(limit: 200)
    case 1: url = "/" + input.rawString(limit: 200)
    default:
        let prefix = input.pick([
            "", "mailapp://", "mailapp:///", "MailApp://", "https://mail.example.com",
            "https://MAIL.example.com:443", "https://user@mail.example.com", "http://mail.example.com.evil",
            "javascript:", "data:", "file://", "other://", "mailapp://u@", "mailapp://h:80",
        ])
        var path = ""
        for _ in 0..<input.pick(7) { path += "/" + input.segment(Vocabulary.segments) }
        if input.pick(4) == 0 { path += "/" }
        if input.pick(3) == 0 { path += "?" + input.rawString(limit: 12) }
        if input.pick(4) == 0 { path += "#" + input.rawString(limit: 8) }
        url = prefix + (path.isEmpty && prefix.isEmpty ? "/" : path)
    }
    check(url)
    return 0
}

private func check(_ url: String) {
    let result = URLParser.parse(url, configuration: parserConfiguration)
    if startsWithSlash(url) {
        let expected = ReferenceURLValidator.check(url)
        switch (result, expected) {
        case (.success(let parsed), .accepted(let path)) where parsed.pathString == path: break
        case (.failure(let rejection), .refused(let status)) where rejection.status.code == status: break
        default: finding("parser \(result) but the reference says \(expected)", url)
        }
    }
    switch result {
    case .failure(let rejection):
        guard [400, 404, 414].contains(rejection.status.code) else {
            finding("rejection status \(rejection.status)", url)
        }
        if url.utf8.count > parserConfiguration.limits.urlBytes, rejection.status != .uriTooLong {
            finding("an oversize URL was not refused with 414 first", url)
        }
        if parserRouter.match(url) != nil { finding("a refused URL matched a route", url) }
    case .success(let parsed):
        let path = parsed.pathString
        let bytes = Array(path.utf8)
        let doubled = zip(bytes, bytes.dropFirst()).contains { $0 == 47 && $1 == 47 }
        guard bytes.first == 47, !doubled, bytes == [47] || bytes.last != 47 else {
            finding("accepted path \(path.debugDescription) is not normalized", url)
        }
        let pieces = segments(of: path)
        guard pieces.count == parsed.segmentCount else {
            finding("segment count \(parsed.segmentCount) for \(path.debugDescription)", url)
        }
        for segment in pieces {
            let decoded = ReferenceMatcher.decode(segment)
            guard !decoded.isEmpty, decoded != ".", decoded != "..",
                !decoded.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
            else { finding("accepted segment \(segment.debugDescription)", url) }
        }
        // Reparsing the routed path is a fixed point: rewrites and redirects rely on it.
        switch URLParser.parse(path, configuration: parserConfiguration) {
        case .success(let again) where again.pathString == path: break
        default: finding("the routed path \(path.debugDescription) does not reparse to itself", url)
        }
        _ = URLParser.query(of: parsed, plusAsSpace: true)
    }
    _ = parserRouter.explain(url, source: .external(sourceApplication: nil))
}
