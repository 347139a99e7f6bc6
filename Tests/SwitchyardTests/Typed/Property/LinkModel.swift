@testable import Switchyard

/// One seed's table for the typed round-trip property test: a route named `link` whose pattern
/// names properties of shape `S` (literals, `:param`, `:param(rule)`, optional parts, a glob),
/// a few decoy routes from ``TableGenerator`` competing for its paths, and values of `S`.
struct LinkScenario<S: LinkShape> {
    /// The routes, `link` first.
    let specs: [Reference.RouteSpec]
    let caseSensitive: Bool
    let plusAsSpace: Bool
    let values: [S]

    static var name: String { "link" }

    init(seed: UInt64, values count: Int) {
        var random = SplitMix64(seed: seed)
        var decoys = TableGenerator(seed: seed &+ 7_000_000)
        caseSensitive = decoys.caseSensitive
        plusAsSpace = random.chance(30)
        let parts = Self.parts(&random)
        let own = Reference.RouteSpec(parts: parts, name: Self.name, priority: 0)
        specs = [own] + decoys.table().prefix(random.below(3))
        var values = LinkValues(random: random, rules: Self.rules(in: own))
        self.values = (0..<count).map { _ in S(&values) }
    }

    static var literals: [String] { ["a", "b", "A", "news", "é", "1"] }

    /// A pattern over `S`'s properties: up to four segments, then now and then a glob.
    private static func parts(_ random: inout SplitMix64) -> [Reference.Part] {
        var unused = S.fields.filter { $0.role != .queryOnly }
        // A seeded shuffle.
        for index in unused.indices.reversed() { unused.swapAt(index, random.below(index + 1)) }
        var parts: [Reference.Part] = []
        let count = random.below(5)
        for index in 0..<count {
            let literal = Reference.Part.segment(.literal(random.pick(literals)), keyed: false)
            guard !unused.isEmpty, random.chance(65) else {
                parts.append(index > 0 && random.chance(20) ? .optional([literal]) : literal)
                continue
            }
            // A required parameter read from an optional property is missing whenever it is nil.
            if index == 0 && unused[0].role == .optional && random.chance(80) {
                parts.append(literal)
                continue
            }
            let field = unused.removeFirst()
            let isLast = index == count - 1
            let segment: Reference.Segment
            switch field.role {
            case .text,
                .segments where isLast && random.chance(60):
                segment = .glob(field.name)
            case .segments,
                .list where !random.chance(15):
                continue  // left for the query
            default:
                segment = .parameter(field.name, random.pick(field.rules))
            }
            var keyed = false
            if case .parameter(_, let rule?) = segment { keyed = rule.isBuiltIn && random.chance(30) }
            var part = Reference.Part.segment(segment, keyed: keyed)
            let optional = field.role == .optional ? random.chance(92) : random.chance(15)
            if index > 0 && optional {
                var inner = [part]
                if random.chance(30) { inner.insert(literal, at: 0) }
                // A nested optional part: its parameter without the outer one is a link's mistake.
                if case .parameter = segment, random.chance(60),
                    let nested = unused.firstIndex(where: { $0.role == .optional })
                {
                    let name = unused.remove(at: nested).name
                    inner.append(.optional([.segment(.parameter(name, nil), keyed: false)]))
                }
                part = .optional(inner)
            }
            parts.append(part)
            if case .glob = segment { return parts }
        }
        if random.chance(35), let glob = unused.first(where: { $0.role == .text || $0.role == .segments }) {
            parts.append(.segment(.glob(glob.name), keyed: false))
        }
        return parts
    }

    /// The constraint on each parameter of `spec`.
    private static func rules(in spec: Reference.RouteSpec) -> [String: Reference.Rule] {
        var rules: [String: Reference.Rule] = [:]
        for case .parameter(let name, let rule?) in spec.expansions.joined() { rules[name] = rule }
        return rules
    }
}

/// The property test's reference: what `path(for: "link", value)` gives for a value, stated
/// from the pattern and typed-link rules on the model's own spelling of the value (``LinkShape/texts``), its own
/// percent-encoding and ``ReferenceMatcher``.
enum LinkModel {
    /// Why a value makes no link; each is one of `path(for:)`'s documented refusals, told apart
    /// by its message.
    enum Refusal: String, CaseIterable, Sendable {
        case severalValues = "takes one value"
        case missing = "needs parameter"
        case notHere = "has no parameter"
        case constraint = "breaks constraint"
        case segment = "cannot be"
        case parser = "would be refused"
        case elsewhere = "instead"
    }

    enum Outcome: Equatable {
        /// The path, and the parameters its match must give back.
        case path(String, params: [String: String])
        case refused(Refusal)
    }

    /// What `path(for:)` does for a value whose texts are `texts`, for `matcher.routes[0]`.
    static func outcome(_ texts: [(name: String, values: [String])], matcher: ReferenceMatcher) -> Outcome {
        let spec = matcher.routes[0]
        let names = Set(spec.expansions.joined().compactMap(\.name))
        let globs = Set(
            spec.expansions.joined().compactMap { segment -> String? in
                if case .glob(let name) = segment { return name }
                return nil
            })
        var params: [String: String] = [:]
        var query: [(name: String, value: String)] = []
        for (name, values) in texts where !values.isEmpty {
            guard names.contains(name) else {
                query += values.map { (name, $0) }
                continue
            }
            if globs.contains(name) {
                params[name] = values.joined(separator: "/")
            } else if values.count == 1 {
                params[name] = values[0]
            } else {
                return .refused(.severalValues)
            }
        }
        // The first expansion with the most parameters, all given.
        var chosen: [Reference.Segment]?
        for expansion in spec.expansions
        where expansion.allSatisfy({ $0.name.map(params.keys.contains) ?? true }) {
            if expansion.parameterCount > chosen?.parameterCount ?? -1 { chosen = expansion }
        }
        guard let chosen else { return .refused(.missing) }
        let used = Set(chosen.compactMap(\.name))
        guard Set(params.keys).isSubset(of: used) else { return .refused(.notHere) }

        var segments: [String] = []
        for segment in chosen {
            switch segment {
            case .literal(let literal):
                segments.append(literal)
            case .parameter(let name, let rule):
                let value = params[name]!
                if let rule, !rule.accepts(value) { return .refused(.constraint) }
                if [".", "..", ""].contains(value) { return .refused(.segment) }
                segments.append(value)
            case .glob(let name):
                let parts = params[name]!.utf8.split(
                    separator: UInt8(ascii: "/"), omittingEmptySubsequences: false
                )
                .map { String(decoding: $0, as: UTF8.self) }
                if parts.contains(where: { [".", "..", ""].contains($0) }) { return .refused(.segment) }
                segments += parts
            }
        }
        let refusedInPath = segments.contains { $0.unicodeScalars.contains(where: isRefusedInPath) }
        let refusedInQuery = query.contains { $0.name.contains("\u{0}") || $0.value.contains("\u{0}") }
        if refusedInPath || refusedInQuery { return .refused(.parser) }
        let wanted = ReferenceMatcher.Match(route: 0, params: params.mapValues { Array($0.utf8) })
        guard matcher.match(segments) == wanted else { return .refused(.elsewhere) }

        var path = segments.map { "/" + encode($0, keeping: segmentBytes) }.joined()
        if path.isEmpty { path = "/" }
        if !query.isEmpty {
            path +=
                "?"
                + query.map {
                    encode($0.name, keeping: queryBytes) + "=" + encode($0.value, keeping: queryBytes)
                }
                .joined(separator: "&")
        }
        return .path(path, params: params)
    }

    /// Controls, zero-width and bidirectional formatting characters (the parser refuses them).
    static func isRefusedInPath(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x200B...0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069,
            0xFEFF:
            true
        default: false
        }
    }

    /// RFC 3986 unreserved bytes, and the sub-delimiters, `:` and `@`, which mean nothing in a
    /// segment.
    static let segmentBytes = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=:@".utf8)
    /// The same without `&`, `=`, `+` and `;`, which split or change a query item.
    static let queryBytes = segmentBytes.subtracting("&=+;".utf8)

    static func encode(_ text: String, keeping: Set<UInt8>) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if keeping.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension Reference.Segment {
    /// The parameter's or glob's name.
    var name: String? {
        switch self {
        case .literal: nil
        case .parameter(let name, _), .glob(let name): name
        }
    }
}

extension [Reference.Segment] {
    fileprivate var parameterCount: Int { count { $0.name != nil } }
}
