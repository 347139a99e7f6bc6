/// Parses the route pattern grammar of Architecture, "Routes and patterns", and expands optional parts.
///
/// Errors name the pattern and the 0-based offset of the problem, counted in Unicode scalars.
///
/// The parser reads the pattern's UTF-8 bytes, not `Character`s: a `Character` may join `/` (or
/// `(`, `:`, …) with a combining mark after it, which hid the separator, while the URL parser
/// splits on the byte. Every separator is ASCII, so byte offsets become scalar offsets only when
/// an error names one.
///
/// `Router.init` parses every pattern, so the common one (no optional part) costs the segments
/// array and the array around it, both kept by the route: the segments' places live in a
/// stack buffer, and names and literals of up to 15 bytes are small strings.
struct PatternParser {
    /// Expansions beyond this are almost surely a mistake (eight independent optional parts).
    static let maxExpansions = 256

    /// A segment (its index in ``segments``) or an optional part (the tokens up to `end`), in
    /// pattern order; positions are byte offsets.
    private struct Token {
        var isOptional = false
        var segment: Int32 = -1
        var position: Int32 = 0
        var constraintPosition: Int32 = -1
        /// For an optional part: one past its last token.
        var end: Int32 = 0
    }

    private let pattern: String
    private let bytes: UnsafeBufferPointer<UInt8>
    private let tokens: UnsafeMutableBufferPointer<Token>
    private var tokenCount = 0
    private var index = 0
    /// Every segment, in pattern order: the one expansion of a pattern without optional parts.
    private var segments: [PatternSegment] = []
    private var hasOptionalParts = false

    private init(
        _ pattern: String, bytes: UnsafeBufferPointer<UInt8>, tokens: UnsafeMutableBufferPointer<Token>
    ) {
        self.pattern = pattern
        self.bytes = bytes
        self.tokens = tokens
    }

    /// Every expansion of `pattern`, in the order optional parts are taken (longest last).
    static func expansions(of pattern: String) throws(RouteTableError) -> [[PatternSegment]] {
        try parse(pattern) { parser throws(RouteTableError) in
            guard parser.hasOptionalParts else { return [parser.segments] }
            return try parser.expandedTokens().map { expansion in
                expansion.map { parser.segments[Int(parser.tokens[Int($0)].segment)] }
            }
        }
    }

    /// Every expansion of `pattern` with each segment's position, in the order of
    /// ``expansions(of:)``: for rewrites, and for messages about a segment.
    static func expand(_ pattern: String) throws(RouteTableError) -> [PatternExpansion] {
        try parse(pattern) { parser throws(RouteTableError) in
            let expansions =
                parser.hasOptionalParts
                ? try parser.expandedTokens() : [(0..<Int32(parser.tokenCount)).map { $0 }]
            return expansions.map { expansion in
                expansion.map { token in
                    let token = parser.tokens[Int(token)]
                    return PositionedSegment(
                        segment: parser.segments[Int(token.segment)],
                        position: parser.scalarOffset(Int(token.position)),
                        constraintPosition: token.constraintPosition < 0
                            ? nil : parser.scalarOffset(Int(token.constraintPosition)))
                }
            }
        }
    }

    /// Parses `pattern` and checks its one expansion (without optional parts), then hands the
    /// parser to `body`, which expands and checks the others.
    private static func parse<Value>(
        _ pattern: String, _ body: (inout PatternParser) throws(RouteTableError) -> Value
    ) throws(RouteTableError) -> Value {
        var contiguous = pattern
        let outcome = contiguous.withUTF8 { bytes -> Result<Value, RouteTableError> in
            // One token per `/` or `(` at most.
            var capacity = 1
            for byte in bytes where byte == UInt8(ascii: "/") || byte == UInt8(ascii: "(") { capacity += 1 }
            return withUnsafeTemporaryAllocation(of: Token.self, capacity: capacity) { tokens in
                var parser = PatternParser(pattern, bytes: bytes, tokens: tokens)
                parser.segments.reserveCapacity(capacity - 1)
                return Result { () throws(RouteTableError) in
                    guard bytes.first == UInt8(ascii: "/") else {
                        throw parser.error(at: 0, "a pattern starts with '/'")
                    }
                    try parser.parseSequence(depth: 0)
                    if !parser.hasOptionalParts {
                        try parser.validate(0..<Int32(parser.tokenCount))
                    }
                    return try body(&parser)
                }
            }
        }
        return try outcome.get()
    }

    /// The offset in Unicode scalars of the byte at `offset`.
    private func scalarOffset(_ offset: Int) -> Int {
        var count = 0
        for byte in bytes[..<offset] where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    private func error(at offset: Int, _ reason: String) -> RouteTableError {
        RouteTableError(pattern: pattern, position: scalarOffset(offset), reason: reason)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func append(_ token: Token) {
        tokens[tokenCount] = token
        tokenCount += 1
    }

    private mutating func parseSequence(depth: Int) throws(RouteTableError) {
        while let byte = current {
            switch byte {
            case UInt8(ascii: "/"):
                try parseSegment()
            case UInt8(ascii: "("):
                let open = index
                index += 1
                guard current == UInt8(ascii: "/") else {
                    throw error(at: open, "an optional part starts with '/', as in '(/:id)'")
                }
                let token = tokenCount
                append(Token(isOptional: true, position: Int32(open)))
                hasOptionalParts = true
                try parseSequence(depth: depth + 1)
                guard current == UInt8(ascii: ")") else { throw error(at: open, "'(' is never closed") }
                index += 1
                guard tokenCount > token + 1 else { throw error(at: open, "an optional part is empty") }
                tokens[token].end = Int32(tokenCount)
            case UInt8(ascii: ")"):
                guard depth > 0 else { throw error(at: index, "')' closes nothing") }
                return
            default:
                throw error(at: index, "expected '/', '(' or ')' here")
            }
        }
    }

    /// Parses `/segment`; a trailing or lone `/` adds nothing.
    private mutating func parseSegment() throws(RouteTableError) {
        let slash = index
        index += 1
        let start = index
        while let byte = current, !Self.isSeparator(byte) {
            index += 1
        }
        if start == index {
            let atEnd = current == nil
            if atEnd && (slash == 0 || slash == bytes.count - 1) { return }
            throw error(at: slash, "empty segment ('//' or '/' before '(' or ')')")
        }
        let segment: PatternSegment
        var constraintPosition: Int32 = -1
        switch bytes[start] {
        case UInt8(ascii: ":"):
            let nameEnd = try identifier(from: start + 1, what: "parameter")
            var end = nameEnd
            var constraint: String?
            if end < bytes.count, bytes[end] == UInt8(ascii: "("), end + 1 < bytes.count,
                bytes[end + 1] != UInt8(ascii: "/")
            {
                let constraintEnd = try identifier(from: end + 1, what: "constraint")
                constraint = string(end + 1..<constraintEnd)
                constraintPosition = Int32(end + 1)
                end = constraintEnd
                guard end < bytes.count, bytes[end] == UInt8(ascii: ")") else {
                    throw error(at: end, "expected ')' after the constraint name")
                }
                end += 1
            }
            index = max(index, end)
            try requireSegmentEnd(at: end)
            segment = .parameter(name: string(start + 1..<nameEnd), constraint: constraint)
        case UInt8(ascii: "*"):
            let nameEnd = try identifier(from: start + 1, what: "glob")
            try requireSegmentEnd(at: nameEnd)
            segment = .glob(name: string(start + 1..<nameEnd))
        default:
            let literal = string(start..<index)
            try validateLiteral(literal, at: start)
            segment = .literal(literal)
        }
        append(
            Token(
                segment: Int32(segments.count), position: Int32(start), constraintPosition: constraintPosition
            ))
        segments.append(segment)
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")")
    }

    private func requireSegmentEnd(at offset: Int) throws(RouteTableError) {
        guard offset < bytes.count, !Self.isSeparator(bytes[offset]) else { return }
        throw error(at: offset, "a segment is either literal or a single parameter; no text may follow it")
    }

    /// The end of the identifier starting at `start`.
    private func identifier(from start: Int, what: String) throws(RouteTableError) -> Int {
        var end = start
        while end < bytes.count, case let byte = bytes[end],
            byte == UInt8(ascii: "_") || ASCIICaseFolding.isLetter(byte)
                || (end > start && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        {
            end += 1
        }
        guard end > start else {
            throw error(at: start, "a \(what) name is [A-Za-z_][A-Za-z0-9_]*")
        }
        return end
    }

    /// The bytes at `range`, which start and end at separators or ASCII, so they are whole scalars.
    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Refuses what the URL parser never lets through in a path: the first offending scalar is
    /// named. Literals are nearly always ASCII, checked byte by byte; at the first other byte the
    /// check starts again over the scalars.
    private func validateLiteral(_ literal: String, at start: Int) throws(RouteTableError) {
        if index - start <= 2 && bytes[start..<index].allSatisfy({ $0 == UInt8(ascii: ".") }) {
            throw error(at: start, "'.' and '..' segments can never match: the URL parser refuses them")
        }
        var offset = start
        while offset < index, bytes[offset] < 0x80 {
            if let reason = Self.refusal(of: Unicode.Scalar(bytes[offset])) {
                throw error(at: offset, reason)
            }
            offset += 1
        }
        guard offset < index else { return }
        for (offset, scalar) in literal.unicodeScalars.enumerated() {
            if let reason = Self.refusal(of: scalar) {
                throw RouteTableError(
                    pattern: pattern, position: scalarOffset(start) + offset, reason: reason)
            }
        }
    }

    /// The expansions as token indices, each checked, for a pattern with optional parts.
    private func expandedTokens() throws(RouteTableError) -> [[Int32]] {
        var expansions: [[Int32]] = [[]]
        try expand(0..<Int32(tokenCount), into: &expansions)
        for expansion in expansions {
            try validate(expansion)
        }
        return expansions
    }

    private func expand(_ range: Range<Int32>, into expansions: inout [[Int32]]) throws(RouteTableError) {
        var token = range.lowerBound
        while token < range.upperBound {
            let current = tokens[Int(token)]
            if current.isOptional {
                var taken = expansions
                try expand(token + 1..<current.end, into: &taken)
                expansions += taken
                guard expansions.count <= Self.maxExpansions else {
                    throw error(at: 0, "more than \(Self.maxExpansions) expansions of optional parts")
                }
                token = current.end
            } else {
                for index in expansions.indices { expansions[index].append(token) }
                token += 1
            }
        }
    }

    /// Checks one expansion, given as segment tokens: a glob comes last, and no parameter name
    /// appears twice. Parameters are few: comparing each name with those before it allocates
    /// nothing, and only a long expansion takes a set, to stay linear.
    private func validate<Expansion: Collection<Int32>>(_ expansion: Expansion) throws(RouteTableError) {
        var names: Set<String>? = expansion.count > 16 ? Set(minimumCapacity: expansion.count) : nil
        for (offset, token) in expansion.enumerated() {
            let token = tokens[Int(token)]
            let segment = segments[Int(token.segment)]
            if case .glob = segment, offset != expansion.count - 1 {
                throw error(at: Int(token.position), "a glob must be the last segment")
            }
            guard let name = segment.parameterName else { continue }
            let repeated =
                if names != nil {
                    !names!.insert(name).inserted
                } else {
                    expansion.prefix(offset).contains {
                        segments[Int(tokens[Int($0)].segment)].parameterName == name
                    }
                }
            if repeated { throw error(at: Int(token.position), "parameter '\(name)' appears twice") }
        }
    }
}
