/// Parses the route pattern grammar of Architecture, "Routes and patterns", and expands optional parts.
///
/// Errors name the pattern and the 0-based offset of the problem, counted in Unicode scalars.
///
/// The parser reads the pattern's UTF-8 bytes, not `Character`s: a `Character` may join `/` (or
/// `(`, `:`, …) with a combining mark after it, which hid the separator, while the URL parser
/// splits on the byte. Every separator is ASCII, so byte offsets become scalar offsets only when
/// an error names one.
///
/// It works in two steps: the pattern becomes a flat list of tokens (`/`, literal text, a
/// parameter, a glob, an optional part spanning the tokens after it); then each expansion of the
/// optional parts is cut at its `/` tokens into segments (``PatternParser+Segments.swift``), where
/// the rules that span tokens are checked: a glob starts a segment, two parameters need a literal
/// between them, a name appears once.
struct PatternParser {
    /// Expansions beyond this are almost surely a mistake (eight independent optional parts).
    static let maxExpansions = 256

    enum TokenKind: Equatable {
        case slash
        /// Literal text, escapes resolved.
        case text(String)
        case parameter(name: String, constraint: String?)
        case glob(name: String, constraint: String?)
        /// An optional part: the tokens up to `end` (exclusive).
        case optional(end: Int)
    }

    struct Token {
        var kind: TokenKind
        /// Byte offset where the token starts.
        let position: Int
        /// Byte offset of the constraint name, when the token has one.
        var constraintPosition: Int? = nil
    }

    let pattern: String
    let bytes: UnsafeBufferPointer<UInt8>
    private(set) var tokens: [Token] = []
    private var index = 0
    private(set) var hasOptionalParts = false

    private init(_ pattern: String, bytes: UnsafeBufferPointer<UInt8>) {
        self.pattern = pattern
        self.bytes = bytes
    }

    /// Every expansion of `pattern`, in the order optional parts are taken (longest last).
    static func expansions(of pattern: String) throws(RouteTableError) -> [[PatternSegment]] {
        try parse(pattern) { parser throws(RouteTableError) in
            // Most patterns have no optional part: their tokens are their one expansion.
            guard parser.hasOptionalParts else {
                return [try parser.segments(of: parser.tokens.indices, positions: false).map(\.segment)]
            }
            return try parser.expandedTokens().map { expansion throws(RouteTableError) in
                try parser.segments(of: expansion, positions: false).map(\.segment)
            }
        }
    }

    /// Every expansion of `pattern` with each segment's position, in the order of
    /// ``expansions(of:)``: for rewrites, and for messages about a segment.
    static func expand(_ pattern: String) throws(RouteTableError) -> [PatternExpansion] {
        try parse(pattern) { parser throws(RouteTableError) in
            try parser.expandedTokens().map { expansion throws(RouteTableError) in
                try parser.segments(of: expansion, positions: true)
            }
        }
    }

    /// Tokenizes `pattern`, then hands the parser to `body`, which expands and checks it.
    private static func parse<Value>(
        _ pattern: String, _ body: (PatternParser) throws(RouteTableError) -> Value
    ) throws(RouteTableError) -> Value {
        var contiguous = pattern
        let outcome = contiguous.withUTF8 { bytes -> Result<Value, RouteTableError> in
            var parser = PatternParser(pattern, bytes: bytes)
            return Result { () throws(RouteTableError) in
                guard let first = bytes.first, first == UInt8(ascii: "/") || first == UInt8(ascii: "(") else {
                    throw parser.error(at: 0, "a pattern starts with '/' (or with an optional part)")
                }
                parser.tokens.reserveCapacity(8)
                try parser.parseSequence(depth: 0)
                return try body(parser)
            }
        }
        return try outcome.get()
    }

    /// The offset in Unicode scalars of the byte at `offset`.
    func scalarOffset(_ offset: Int) -> Int {
        var count = 0
        for byte in bytes[..<offset] where byte & 0xC0 != 0x80 { count += 1 }
        return count
    }

    func error(at offset: Int, _ reason: String) -> RouteTableError {
        RouteTableError(pattern: pattern, position: scalarOffset(offset), reason: reason)
    }

    private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    private mutating func parseSequence(depth: Int) throws(RouteTableError) {
        while let byte = current {
            switch byte {
            case UInt8(ascii: "/"):
                let slash = index
                index += 1
                let next = current
                if next == UInt8(ascii: "/") || next == UInt8(ascii: "(") || next == UInt8(ascii: ")") {
                    throw error(at: slash, "empty segment ('//' or '/' before '(' or ')')")
                }
                // A trailing or lone `/` adds nothing.
                if next != nil { tokens.append(Token(kind: .slash, position: slash)) }
            case UInt8(ascii: "("):
                let open = index
                index += 1
                let token = tokens.count
                tokens.append(Token(kind: .optional(end: -1), position: open))
                hasOptionalParts = true
                try parseSequence(depth: depth + 1)
                guard current == UInt8(ascii: ")") else { throw error(at: open, "'(' is never closed") }
                index += 1
                guard tokens.count > token + 1 else { throw error(at: open, "an optional part is empty") }
                tokens[token].kind = .optional(end: tokens.count)
            case UInt8(ascii: ")"):
                guard depth > 0 else { throw error(at: index, "')' closes nothing") }
                return
            case UInt8(ascii: ":"), UInt8(ascii: "*"):
                try parseCapture()
            default:
                try parseText()
            }
        }
    }

    /// `:name`, `*name`, either with `(constraint)` when a name and `)` follow the `(`.
    private mutating func parseCapture() throws(RouteTableError) {
        let start = index
        let isGlob = bytes[start] == UInt8(ascii: "*")
        let nameEnd = try identifier(from: start + 1, what: isGlob ? "glob" : "parameter")
        index = nameEnd
        var constraint: String?
        var constraintPosition: Int?
        if current == UInt8(ascii: "("), let end = identifierEnd(from: index + 1), end > index + 1,
            end < bytes.count, bytes[end] == UInt8(ascii: ")")
        {
            constraint = string(index + 1..<end)
            constraintPosition = index + 1
            index = end + 1
        }
        let name = string(start + 1..<nameEnd)
        tokens.append(
            Token(
                kind: isGlob
                    ? .glob(name: name, constraint: constraint)
                    : .parameter(name: name, constraint: constraint),
                position: start, constraintPosition: constraintPosition))
    }

    /// Literal text up to the next separator or capture; `\` makes the next character literal.
    /// Text without an escape is a slice of the pattern; only an escape makes a copy.
    private mutating func parseText() throws(RouteTableError) {
        let start = index
        var unescaped: [UInt8]?
        while let byte = current {
            switch byte {
            case UInt8(ascii: "/"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ":"),
                UInt8(ascii: "*"):
                break
            case UInt8(ascii: "\\"):
                if unescaped == nil { unescaped = Array(bytes[start..<index]) }
                let escape = index
                index += 1
                guard current != nil else { throw error(at: escape, "'\\' at the end escapes nothing") }
                if current == UInt8(ascii: "/") {
                    throw error(at: escape, "'/' cannot be escaped: it always separates segments")
                }
                // The whole scalar: its continuation bytes follow.
                repeat {
                    unescaped!.append(bytes[index])
                    index += 1
                } while index < bytes.count && bytes[index] & 0xC0 == 0x80
                try validateEscaped(escape + 1..<index)
                continue
            default:
                unescaped?.append(byte)
                index += 1
                continue
            }
            break
        }
        try validateLiteral(start..<index)
        let text = unescaped.map { String(decoding: $0, as: UTF8.self) } ?? string(start..<index)
        tokens.append(Token(kind: .text(text), position: start))
    }

    /// The end of the identifier starting at `start`.
    private func identifier(from start: Int, what: String) throws(RouteTableError) -> Int {
        guard let end = identifierEnd(from: start), end > start else {
            throw error(at: start, "a \(what) name is [A-Za-z_][A-Za-z0-9_]*")
        }
        return end
    }

    private func identifierEnd(from start: Int) -> Int? {
        var end = start
        while end < bytes.count, case let byte = bytes[end],
            byte == UInt8(ascii: "_") || ASCIICaseFolding.isLetter(byte)
                || (end > start && byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        {
            end += 1
        }
        return end
    }

    /// The bytes at `range`, which start and end at separators or ASCII, so they are whole scalars.
    private func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The expansions as token indices: every token but the optional parts' markers.
    func expandedTokens() throws(RouteTableError) -> [[Int]] {
        guard hasOptionalParts else { return [Array(tokens.indices)] }
        var expansions: [[Int]] = [[]]
        try expand(0..<tokens.count, into: &expansions)
        return expansions
    }

    private func expand(_ range: Range<Int>, into expansions: inout [[Int]]) throws(RouteTableError) {
        var token = range.lowerBound
        while token < range.upperBound {
            if case .optional(let end) = tokens[token].kind {
                var taken = expansions
                try expand(token + 1..<end, into: &taken)
                expansions += taken
                guard expansions.count <= Self.maxExpansions else {
                    throw error(at: 0, "more than \(Self.maxExpansions) expansions of optional parts")
                }
                token = end
            } else {
                for index in expansions.indices { expansions[index].append(token) }
                token += 1
            }
        }
    }
}
