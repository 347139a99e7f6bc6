/// Architecture, "URL handling", for bare paths (`/path?query#fragment`), written from the text of
/// the design and nothing else, for differential fuzzing of ``URLParser``; with the 0.2 rule that a
/// raw space is refused (400) anywhere in a URL (the rules at the top of `URLParser.swift`).
enum ReferenceURLValidator {
    enum Outcome: Equatable {
        case accepted(path: String)
        case refused(Int)
    }

    static func check(_ url: String, limits: Router.Limits = Router.Limits()) -> Outcome {
        precondition(startsWithSlash(url))
        if url.utf8.count > limits.urlBytes { return .refused(414) }
        let bytes = Array(url.utf8)
        let hash = bytes.firstIndex(of: 35) ?? bytes.count
        let question = bytes[..<hash].firstIndex(of: 63) ?? hash
        var path = Array(bytes[..<question])
        let query = question < hash ? Array(bytes[(question + 1)..<hash]) : nil
        let fragment = hash < bytes.count ? Array(bytes[(hash + 1)...]) : nil
        if path == [47] { path = [] } else if path.last == 47 { path.removeLast() }
        let segments =
            path.isEmpty ? [] : path.dropFirst().split(separator: 47, omittingEmptySubsequences: false)
        let items = query?.split(separator: 38).count ?? 0
        if segments.count > limits.segments || items > limits.queryItems { return .refused(414) }
        // A raw space is refused anywhere, the fragment included: browsers strip trailing spaces,
        // so routing one would disagree with the link the user saw. (A raw `\` is refused in
        // `http(s)` URLs only, so a bare path may hold one.)
        if bytes.contains(32) { return .refused(400) }
        for segment in segments {
            guard let decoded = decode(segment), !decoded.isEmpty, decoded != [46], decoded != [46, 46],
                let text = String(validating: decoded, as: UTF8.self),
                text.unicodeScalars.allSatisfy({ !isControl($0.value) && !isInvisible($0.value) })
            else { return .refused(400) }
        }
        for (component, isQuery) in [(query, true), (fragment, false)] {
            guard let component else { continue }
            guard let decoded = decode(component), let text = String(validating: decoded, as: UTF8.self),
                text.unicodeScalars.allSatisfy({ $0.value != 0 })
            else { return .refused(400) }
            // Raw controls are refused everywhere; decoded ones only outside the query.
            let raw = String(decoding: component, as: UTF8.self)
            let controls = isQuery ? raw : text
            guard controls.unicodeScalars.allSatisfy({ !isControl($0.value) }) else { return .refused(400) }
        }
        return .accepted(path: path.isEmpty ? "/" : String(decoding: path, as: UTF8.self))
    }

    private static func decode(_ bytes: some Collection<UInt8>) -> [UInt8]? {
        var output: [UInt8] = []
        var rest = bytes[...]
        while let byte = rest.popFirst() {
            guard byte == 37 else {
                output.append(byte)
                continue
            }
            guard rest.count >= 2, let high = ReferenceMatcher.hex(rest.first!),
                let low = ReferenceMatcher.hex(rest.dropFirst().first!)
            else { return nil }
            output.append(high << 4 | low)
            rest = rest.dropFirst(2)
        }
        return output
    }

    private static func isControl(_ value: UInt32) -> Bool {
        value < 0x20 || (0x7F...0x9F).contains(value)
    }

    private static func isInvisible(_ value: UInt32) -> Bool {
        [0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF...0xFEFF]
            .contains { $0.contains(value) }
    }
}
