/// Parses the route pattern grammar of Architecture, "Routes and patterns", and expands optional parts.
///
/// Errors name the pattern and the 0-based offset of the problem, counted in Unicode scalars.
///
/// The parser reads scalars, not `Character`s: a `Character` may join `/` (or `(`, `:`, …) with
/// a combining mark after it, which hid the separator, while the URL parser splits on the byte.
struct PatternParser {
    /// Expansions beyond this are almost surely a mistake (eight independent optional parts).
    static let maxExpansions = 256

    private indirect enum Node {
        case segment(PositionedSegment)
        case optional([Node])
    }

    private let pattern: String
    private let characters: [Unicode.Scalar]
    private var index = 0

    private init(_ pattern: String) {
        self.pattern = pattern
        self.characters = Array(pattern.unicodeScalars)
    }

    /// Every expansion of `pattern`, in the order optional parts are taken (longest last).
    static func expand(_ pattern: String) throws(RouteTableError) -> [PatternExpansion] {
        var parser = PatternParser(pattern)
        guard parser.characters.first == "/" else {
            throw parser.error(at: 0, "a pattern starts with '/'")
        }
        let nodes = try parser.parseSequence(depth: 0)
        var expansions: [PatternExpansion] = [[]]
        try parser.expand(nodes, into: &expansions)
        for expansion in expansions {
            try parser.validate(expansion)
        }
        return expansions
    }

    private func error(at position: Int, _ reason: String) -> RouteTableError {
        RouteTableError(pattern: pattern, position: position, reason: reason)
    }

    private var current: Unicode.Scalar? { index < characters.count ? characters[index] : nil }

    private mutating func parseSequence(depth: Int) throws(RouteTableError) -> [Node] {
        var nodes: [Node] = []
        while let character = current {
            switch character {
            case "/":
                if let segment = try parseSegment() { nodes.append(.segment(segment)) }
            case "(":
                let open = index
                index += 1
                guard current == "/" else {
                    throw error(at: open, "an optional part starts with '/', as in '(/:id)'")
                }
                let inner = try parseSequence(depth: depth + 1)
                guard current == ")" else { throw error(at: open, "'(' is never closed") }
                index += 1
                guard !inner.isEmpty else { throw error(at: open, "an optional part is empty") }
                nodes.append(.optional(inner))
            case ")":
                guard depth > 0 else { throw error(at: index, "')' closes nothing") }
                return nodes
            default:
                throw error(at: index, "expected '/', '(' or ')' here")
            }
        }
        return nodes
    }

    /// Parses `/segment`; returns nil for a trailing or lone `/`.
    private mutating func parseSegment() throws(RouteTableError) -> PositionedSegment? {
        let slash = index
        index += 1
        let start = index
        while let character = current, character != "/", character != "(", character != ")" {
            index += 1
        }
        if start == index {
            let atEnd = current == nil
            if atEnd && (slash == 0 || slash == characters.count - 1) { return nil }
            throw error(at: slash, "empty segment ('//' or '/' before '(' or ')')")
        }
        switch characters[start] {
        case ":":
            let name = try identifier(from: start + 1, what: "parameter")
            var end = start + 1 + name.count
            var constraint: String?
            var constraintPosition: Int?
            if end < characters.count, characters[end] == "(", end + 1 < characters.count,
                characters[end + 1] != "/"
            {
                constraint = try identifier(from: end + 1, what: "constraint")
                constraintPosition = end + 1
                end += 1 + constraint!.count
                guard end < characters.count, characters[end] == ")" else {
                    throw error(at: end, "expected ')' after the constraint name")
                }
                end += 1
            }
            index = max(index, end)
            try requireSegmentEnd(at: end)
            return PositionedSegment(
                segment: .parameter(name: name, constraint: constraint), position: start,
                constraintPosition: constraintPosition)
        case "*":
            let name = try identifier(from: start + 1, what: "glob")
            try requireSegmentEnd(at: start + 1 + name.count)
            return PositionedSegment(segment: .glob(name: name), position: start, constraintPosition: nil)
        default:
            let literal = Self.string(characters[start..<index])
            try validateLiteral(literal, at: start)
            return PositionedSegment(segment: .literal(literal), position: start, constraintPosition: nil)
        }
    }

    private func requireSegmentEnd(at position: Int) throws(RouteTableError) {
        guard position < characters.count else { return }
        let character = characters[position]
        guard character == "/" || character == "(" || character == ")" else {
            throw error(
                at: position, "a segment is either literal or a single parameter; no text may follow it")
        }
    }

    private func identifier(from start: Int, what: String) throws(RouteTableError) -> String {
        var end = start
        while end < characters.count, characters[end].isASCII,
            case let ascii = UInt8(characters[end].value),
            ascii == UInt8(ascii: "_") || (ascii | 0x20 >= 0x61 && ascii | 0x20 <= 0x7A)
                || (end > start && ascii >= 0x30 && ascii <= 0x39)
        {
            end += 1
        }
        guard end > start else {
            throw error(at: start, "a \(what) name is [A-Za-z_][A-Za-z0-9_]*")
        }
        return Self.string(characters[start..<end])
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    private func validateLiteral(_ literal: String, at start: Int) throws(RouteTableError) {
        if literal == "." || literal == ".." {
            throw error(at: start, "'.' and '..' segments can never match: the URL parser refuses them")
        }
        for (offset, scalar) in literal.unicodeScalars.enumerated() {
            let position = start + offset
            switch scalar {
            case ":", "*":
                throw error(
                    at: position,
                    "a segment is either literal or a single parameter; '\(scalar)' inside a literal")
            case "%":
                throw error(at: position, "write the decoded character instead of a percent-escape")
            case "?", "#":
                throw error(at: position, "'\(scalar)' cannot appear in a path pattern")
            default:
                // The URL parser refuses these scalars in a path, raw or percent-encoded.
                switch scalar.value {
                case 0..<0x20, 0x7F...0x9F:
                    throw error(at: position, "control characters can never match")
                case let value where URLComponentValidator.isInvisibleOrBidirectional(value):
                    throw error(
                        at: position,
                        "invisible and bidirectional formatting characters can never match: the URL parser refuses them"
                    )
                default:
                    break
                }
            }
        }
    }

    private func expand(_ nodes: [Node], into expansions: inout [PatternExpansion]) throws(RouteTableError) {
        for node in nodes {
            switch node {
            case .segment(let segment):
                for index in expansions.indices { expansions[index].append(segment) }
            case .optional(let inner):
                var taken = expansions
                try expand(inner, into: &taken)
                expansions += taken
                guard expansions.count <= Self.maxExpansions else {
                    throw error(at: 0, "more than \(Self.maxExpansions) expansions of optional parts")
                }
            }
        }
    }

    private func validate(_ expansion: PatternExpansion) throws(RouteTableError) {
        var names: Set<String> = []
        for (offset, positioned) in expansion.enumerated() {
            if case .glob = positioned.segment, offset != expansion.count - 1 {
                throw error(at: positioned.position, "a glob must be the last segment")
            }
            if let name = positioned.segment.parameterName, !names.insert(name).inserted {
                throw error(at: positioned.position, "parameter '\(name)' appears twice")
            }
        }
    }
}
