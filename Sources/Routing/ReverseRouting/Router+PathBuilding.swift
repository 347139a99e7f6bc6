extension Router {
    /// The expansion of `compiled` that reverse routing uses when `given` tells which parameters
    /// have values: the one with the most parameters, all given; the first written among equals.
    static func expansion(of compiled: CompiledRoute, given: (String) -> Bool) -> [PatternSegment]? {
        expansionIndex(of: compiled, given: given).map { compiled.expansions[$0] }
    }

    /// The index in `compiled.expansions` of ``expansion(of:given:)``'s choice, for navigation
    /// stacks, which keep a compiled form of each expansion by index.
    static func expansionIndex(of compiled: CompiledRoute, given: (String) -> Bool) -> Int? {
        // Reverse routing runs for each ancestor of every navigation stack: nothing here allocates.
        var best: Int?
        var bestCount = -1
        for (index, expansion) in compiled.expansions.enumerated() {
            let count = expansion.reduce(0) { $0 + $1.parameterCount }
            guard count > bestCount else { continue }
            var allGiven = true
            for segment in expansion where allGiven {
                switch segment {
                case .literal: break
                case .parameter(let name, _): allGiven = given(name)
                case .pieces(let pieces):
                    allGiven = pieces.allSatisfy { $0.parameterName.map(given) ?? true }
                case .glob(let name, _, let tail):
                    allGiven = given(name) && tail.allSatisfy { $0.parameterName.map(given) ?? true }
                }
            }
            if allGiven {
                best = index
                bestCount = count
            }
        }
        return best
    }

    /// The path of `expansion` with each parameter's value from `value`, percent-encoded per
    /// segment (a glob's value split on `/`), after `prefix` (a link's `scheme://host`, or
    /// nothing); the root is `/`. Built in one buffer: reverse routing runs once per ancestor of
    /// every navigation stack. Constraints that read the link see `context`, the URL being built.
    /// `keepsEmptySegments`: the router routes empty segments, so a glob's value may hold them
    /// (`/dev/null` as a title: `/wiki//dev/null`).
    ///
    /// - Throws: ``RoutingError`` with ``Status/badRequest`` for a value that breaks its
    ///   constraint, that the URL parser would refuse (empty, `.`, `..`), or that a segment
    ///   pattern would not read back: matching ends a parameter at the first occurrence of the
    ///   literal after it, so the value may not hold that literal where it would end early.
    static func path(
        of expansion: [PatternSegment], compiled: CompiledRoute, prefix: String = "", caseSensitive: Bool,
        context: LinkContext = .path, keepsEmptySegments: Bool = false, value: (String) -> String
    ) throws -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(prefix.utf8.count + 64)
        bytes.append(contentsOf: prefix.utf8)
        for segment in expansion {
            switch segment {
            case .literal(let literal):
                bytes.append(UInt8(ascii: "/"))
                PercentEncoding.appendSegment(literal, to: &bytes)
            case .parameter(let parameter, _):
                let value = value(parameter)
                try check(value, of: parameter, compiled: compiled, context: context)
                try appendSegment(value, parameter: parameter, to: &bytes)
            case .pieces(let pieces):
                bytes.append(UInt8(ascii: "/"))
                try append(
                    pieces, compiled: compiled, caseSensitive: caseSensitive, context: context, value: value,
                    to: &bytes)
            case .glob(let glob, _, let tail):
                let text = value(glob)
                try check(text, of: glob, compiled: compiled, context: context)
                // Split on the byte, as `Parameters.segments` does: `/` plus a combining mark is
                // one character to `String.split`.
                let parts = text.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                for (offset, part) in parts.enumerated() {
                    let part = String(Substring(part))
                    if offset < parts.count - 1 || tail.isEmpty {
                        if part.isEmpty && keepsEmptySegments && offset < parts.count - 1 {
                            bytes.append(UInt8(ascii: "/"))
                            continue
                        }
                        try appendSegment(part, parameter: glob, to: &bytes)
                    } else {
                        // The glob's last segment goes on with its tail, as a parameter would.
                        bytes.append(UInt8(ascii: "/"))
                        let pieces = [PatternPiece.parameter(name: glob, constraint: nil)] + tail
                        try append(
                            pieces, compiled: compiled, caseSensitive: caseSensitive, context: context,
                            unchecked: glob, value: { $0 == glob ? part : value($0) }, to: &bytes)
                    }
                }
            }
        }
        if bytes.count == prefix.utf8.count { bytes.append(UInt8(ascii: "/")) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Throws when `value` breaks the constraint of `parameter`.
    private static func check(
        _ value: String, of parameter: String, compiled: CompiledRoute, context: LinkContext
    ) throws {
        if let constraint = compiled.constraints[parameter],
            !constraint.accepts(Substring(value), in: context)
        {
            throw RoutingError(
                .badRequest, "'\(value)' breaks constraint \(constraint.name) of parameter '\(parameter)'")
        }
    }

    /// Appends one segment of `pieces`, encoded, after checking that matching would read each
    /// value back: not empty, and not holding the literal that follows it before its end. The
    /// constraint of `unchecked` (a glob, whose whole value was checked) is not applied.
    private static func append(
        _ pieces: [PatternPiece], compiled: CompiledRoute, caseSensitive: Bool, context: LinkContext,
        unchecked: String? = nil, value: (String) -> String, to bytes: inout [UInt8]
    ) throws {
        var segment = ""
        for (index, piece) in pieces.enumerated() {
            switch piece {
            case .literal(let literal):
                segment += literal
            case .parameter(let name, _):
                let text = value(name)
                if name != unchecked { try check(text, of: name, compiled: compiled, context: context) }
                guard !text.isEmpty else {
                    throw RoutingError(.badRequest, "parameter '\(name)' cannot be empty")
                }
                if index + 1 < pieces.count, case .literal(let next) = pieces[index + 1],
                    let early = earlyEnd(of: text, before: next, caseSensitive: caseSensitive)
                {
                    throw RoutingError(
                        .badRequest,
                        "'\(text)' cannot be the value of '\(name)': it holds '\(next)' at offset \(early), "
                            + "where matching would end it (a parameter ends at the first '\(next)' after it)"
                    )
                }
                segment += text
            }
        }
        guard segment != ".", segment != ".." else {
            throw RoutingError(.badRequest, "the segment would be '\(segment)', which the URL parser refuses")
        }
        PercentEncoding.appendSegment(segment, to: &bytes)
    }

    /// Where matching `value` followed by `literal` would end the value early: the first
    /// occurrence of `literal` in `value + literal` after one character, when it is before the
    /// value's end (UTF-8 offset), else `nil`.
    static func earlyEnd(of value: String, before literal: String, caseSensitive: Bool) -> Int? {
        let fold = { (byte: UInt8) in caseSensitive ? byte : ASCIICaseFolding.lowercased(byte) }
        let text = Array(value.utf8).map(fold) + literal.utf8.map(fold)
        let key = literal.utf8.map(fold)
        let end = value.utf8.count
        var start = 1
        while start < end {
            if text[start..<start + key.count].elementsEqual(key) { return start }
            start += 1
        }
        return nil
    }

    /// Appends `/` and the encoded `value`, or throws when the URL parser would refuse it.
    private static func appendSegment(_ value: String, parameter: String, to bytes: inout [UInt8]) throws {
        guard !value.isEmpty, value != ".", value != ".." else {
            throw RoutingError(
                .badRequest,
                "parameter '\(parameter)' cannot be '\(value)': the URL parser refuses such segments")
        }
        bytes.append(UInt8(ascii: "/"))
        PercentEncoding.appendSegment(value, to: &bytes)
    }
}
