/// Fuzz target `url-parser`: ``URLParser`` never crashes, bare paths agree with
/// ``ReferenceURLValidator`` (same status, same routed path), whatever it accepts is a path the
/// rest of the router can rely on, and an accepted web host is one ``WebHost`` reads as itself:
/// ASCII, no forbidden code point, a fixed point of the host parser.
let parserConfiguration = Router.Configuration(schemes: ["mailapp"], hosts: ["mail.example.com"])
let parserRouter = try! Router(routes: FuzzTable.routes(), configuration: parserConfiguration)
/// The schemes and hosts of `parserConfiguration`, compiled once as a router compiles them.
let parserServed = ServedLinks(parserConfiguration)

/// One fuzzer input (see ``FuzzEntry``); a finding ends the process.
func fuzzURLParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let url: String
    switch input.pick(5) {
    case 0: url = input.rawString(limit: 200)
    case 1: url = "/" + input.rawString(limit: 200)
    case 2: url = webLink(&input)
    default:
        let prefix = input.pick([
            "", "mailapp://", "mailapp:///", "MailApp://", "https://mail.example.com",
            "https://MAIL.example.com:443", "https://user@mail.example.com", "http://mail.example.com.evil",
            "javascript:", "data:", "file://", "other://", "mailapp://u@", "mailapp://h:80", "mailto:",
            "tel:", "mailapp:",
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

/// Host pieces that exercise each rule of the URL Standard's host parser: IPv6 brackets, IPv4
/// numbers in every base, escapes, fullwidth and ideographic forms, dropped and forbidden code
/// points, Punycode.
private let hostPieces = [
    "mail", "example", "com", ".", "。", "．", "[", "]", "::", ":", "1", "0x7f", "0X", "08", "256",
    "4294967295",
    "192.168.0.1", "%41", "%25", "%2e", "%C3%BC", "%EF%BF%BD", "%00", "ｅｘ", "\u{3000}", "\u{AD}", "\u{200B}",
    "\u{200D}", "ß", "ü", "İ", "ſ", "xn--", "xn--bcher-kva", "XN--", "a", "-", "_", "%", "^", "|", "💩",
]

/// An `http(s)` link whose host is built from ``hostPieces`` and raw bytes.
private func webLink(_ input: inout FuzzInput) -> String {
    var host = ""
    for _ in 0..<(1 + input.pick(6)) {
        host += input.pick(8) == 0 ? input.rawString(limit: 3) : input.pick(hostPieces)
    }
    let port = input.pick(4) == 0 ? ":" + input.pick(["443", "0", "65536", "", "x"]) : ""
    return input.pick(["https://", "http://", "HTTPS://"]) + host + port
        + input.pick(["", "/", "/messages/7", "?q"])
}

private func check(_ url: String) {
    let result = URLParser.parse(url, served: parserServed)
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
        switch URLParser.parse(path, served: parserServed) {
        case .success(let again) where again.pathString == path: break
        default: finding("the routed path \(path.debugDescription) does not reparse to itself", url)
        }
        _ = URLParser.query(of: parsed, reading: QueryReading(plusAsSpace: true))
        if case .web(let host) = parsed.link { checkHost(host, of: parsed, url) }
    }
    _ = parserRouter.explain(url, source: .external(sourceApplication: nil))
}

/// An accepted web host, as the router compares it, is ASCII without forbidden code points (or a
/// bracketed IPv6 literal) and parses as itself.
private func checkHost(_ host: Range<Int>, of parsed: ParsedURL, _ url: String) {
    parsed.withUTF8 { bytes in
        let hostBytes = bytes[host]
        if hostBytes.first != UInt8(ascii: "["),
            hostBytes.contains(where: { $0 >= 0x80 || WebHost.isForbidden($0) })
        {
            finding("accepted host \(String(decoding: hostBytes, as: UTF8.self).debugDescription)", url)
        }
        switch WebHost.parse(hostBytes) {
        case .success(nil): break
        default: finding("the parsed host does not parse as itself", url)
        }
    }
}
