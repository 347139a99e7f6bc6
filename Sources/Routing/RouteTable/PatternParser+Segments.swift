extension PatternParser {
    /// The segments of one expansion (token indices from ``expandedTokens()``), checked: a glob
    /// starts a segment and comes once, two parameters have a literal between
    /// them, no name appears twice, and no literal segment is `.` or `..`. The positions of
    /// segments and constraint names are found only when `positions` asks for them (messages and
    /// rewrites; errors find their own): `Router.init` parses every pattern, and a segment of one
    /// token costs no array of its own.
    func segments<Expansion: RandomAccessCollection<Int>>(of expansion: Expansion, positions: Bool)
        throws(RouteTableError) -> PatternExpansion
    where Expansion.Index == Int {
        let expansion = expansion  // indices from `startIndex`, which need not be 0
        var segments: PatternExpansion = []
        segments.reserveCapacity(expansion.count)
        var names = Names()
        var globPosition: Int?
        var cursor = expansion.startIndex
        while cursor < expansion.endIndex {
            // At a `/`, which the pattern never ends a segment right after, so a piece follows; or
            // at the start of an expansion whose first optional part does not start with `/`
            // (`(.:format)` left alone), which continues the first segment, as it would any other.
            if tokens[expansion[cursor]].kind == .slash { cursor += 1 }
            let start = cursor
            while cursor < expansion.endIndex, tokens[expansion[cursor]].kind != .slash { cursor += 1 }
            if cursor == start + 1,
                let single = try singleTokenSegment(
                    tokens[expansion[start]], names: &names, segments: segments, positions: positions)
            {
                segments.append(single)
                continue
            }
            var pieces: [PatternPiece] = []
            var constraintPositions: [Int?] = []
            var glob: (name: String, constraint: String?)?
            for token in expansion[start..<cursor].lazy.map({ tokens[$0] }) {
                switch token.kind {
                case .text(let text):
                    if case .literal(let previous)? = pieces.last {
                        pieces[pieces.count - 1] = .literal(previous + text)
                    } else {
                        pieces.append(.literal(text))
                    }
                case .parameter(let name, let constraint):
                    if pieces.last?.parameterName != nil || (glob != nil && pieces.isEmpty) {
                        throw error(
                            at: token.position,
                            "two parameters need a literal between them: where would one end? (write '\\' before a character to make it literal)"
                        )
                    }
                    try note(
                        name, at: token.position, in: &names, segments: segments, pieces: pieces,
                        glob: glob?.name)
                    pieces.append(.parameter(name: name, constraint: constraint))
                    if positions { constraintPositions.append(token.constraintPosition.map(scalarOffset)) }
                case .glob(let name, let constraint):
                    guard token.position == tokens[expansion[start]].position else {
                        throw error(at: token.position, "a glob starts a segment, as in '/*path'")
                    }
                    if let first = globPosition, first != token.position {
                        throw error(at: token.position, "a pattern has at most one glob")
                    }
                    globPosition = token.position
                    try note(name, at: token.position, in: &names, segments: segments, pieces: pieces)
                    glob = (name, constraint)
                    if positions { constraintPositions.append(token.constraintPosition.map(scalarOffset)) }
                case .slash, .optional:
                    break
                }
            }
            let position = positions ? scalarOffset(tokens[expansion[start]].position) : 0
            let segment: PatternSegment
            if let glob {
                segment = .glob(name: glob.name, constraint: glob.constraint, tail: pieces)
            } else if pieces.count == 1, case .literal(let text) = pieces[0] {
                if text == "." || text == ".." {
                    throw RouteTableError(
                        pattern: pattern, position: scalarOffset(tokens[expansion[start]].position),
                        reason: "'.' and '..' segments can never match: the URL parser refuses them")
                }
                segment = .literal(text)
            } else if pieces.count == 1, case .parameter(let name, let constraint) = pieces[0] {
                segment = .parameter(name: name, constraint: constraint)
            } else {
                segment = .pieces(pieces)
            }
            segments.append(
                PositionedSegment(
                    segment: segment, position: position, constraintPositions: constraintPositions))
        }
        return segments
    }

    /// The segment of one token, the common case, or `nil` for a glob (whose checks the general
    /// path makes).
    private func singleTokenSegment(
        _ token: Token, names: inout Names, segments: PatternExpansion, positions: Bool
    ) throws(RouteTableError) -> PositionedSegment? {
        let position = positions ? scalarOffset(token.position) : 0
        switch token.kind {
        case .text(let text):
            if text == "." || text == ".." {
                throw RouteTableError(
                    pattern: pattern, position: scalarOffset(token.position),
                    reason: "'.' and '..' segments can never match: the URL parser refuses them")
            }
            return PositionedSegment(segment: .literal(text), position: position, constraintPositions: [])
        case .parameter(let name, let constraint):
            try note(name, at: token.position, in: &names, segments: segments)
            return PositionedSegment(
                segment: .parameter(name: name, constraint: constraint), position: position,
                constraintPositions: positions ? [token.constraintPosition.map(scalarOffset)] : [])
        case .glob, .slash, .optional:
            return nil
        }
    }

    /// Records parameter `name`, or throws when the expansion has it already (in `segments`, or
    /// in the segment being built: `pieces`, `glob`). Parameters are few: comparing with those
    /// before allocates nothing, and only a long pattern takes a set, to stay linear.
    private func note(
        _ name: String, at position: Int, in names: inout Names, segments: PatternExpansion,
        pieces: [PatternPiece] = [], glob: String? = nil
    ) throws(RouteTableError) {
        let repeated: Bool
        if names.set != nil {
            repeated = !names.set!.insert(name).inserted
        } else {
            repeated =
                glob == name || pieces.contains { $0.parameterName == name }
                || segments.contains { $0.segment.hasParameter(named: name) }
            names.count += 1
            if names.count > Names.scanned {
                var set = Set(segments.flatMap(\.segment.parameterNames))
                set.formUnion(pieces.compactMap(\.parameterName))
                if let glob { set.insert(glob) }
                set.insert(name)
                names.set = set
            }
        }
        if repeated { throw error(at: position, "parameter '\(name)' appears twice") }
    }

    /// How many parameter names an expansion has seen, and all of them once there are many.
    struct Names {
        static let scanned = 8
        var count = 0
        var set: Set<String>?
    }
}
