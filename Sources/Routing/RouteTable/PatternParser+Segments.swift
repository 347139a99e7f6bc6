extension PatternParser {
    /// The segments of one expansion (token indices from ``expandedTokens()``), checked: it starts
    /// with `/`, a glob starts a segment and comes once, two parameters have a literal between
    /// them, no name appears twice, and no literal segment is `.` or `..`.
    func segments(of expansion: [Int]) throws(RouteTableError) -> PatternExpansion {
        if let first = expansion.first, tokens[first].kind != .slash {
            throw error(
                at: tokens[first].position,
                "a pattern starts with '/'; an optional part that starts it starts with '/', as in '(/:locale)'")
        }
        var segments: PatternExpansion = []
        segments.reserveCapacity(expansion.count)
        var names = Names()
        var globPosition: Int?
        var cursor = 0
        while cursor < expansion.count {
            // At a `/`; the pattern never ends a segment right after one, so a piece follows.
            cursor += 1
            let start = cursor
            while cursor < expansion.count, tokens[expansion[cursor]].kind != .slash { cursor += 1 }
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
                    try note(name, at: token.position, in: &names)
                    pieces.append(.parameter(name: name, constraint: constraint))
                    constraintPositions.append(token.constraintPosition.map(scalarOffset))
                case .glob(let name, let constraint):
                    guard token.position == tokens[expansion[start]].position else {
                        throw error(at: token.position, "a glob starts a segment, as in '/*path'")
                    }
                    if let first = globPosition, first != token.position {
                        throw error(at: token.position, "a pattern has at most one glob")
                    }
                    globPosition = token.position
                    try note(name, at: token.position, in: &names)
                    glob = (name, constraint)
                    constraintPositions.append(token.constraintPosition.map(scalarOffset))
                case .slash, .optional:
                    break
                }
            }
            let position = scalarOffset(tokens[expansion[start]].position)
            let segment: PatternSegment
            if let glob {
                segment = .glob(name: glob.name, constraint: glob.constraint, tail: pieces)
            } else if pieces.count == 1, case .literal(let text) = pieces[0] {
                if text == "." || text == ".." {
                    throw RouteTableError(
                        pattern: pattern, position: position,
                        reason: "'.' and '..' segments can never match: the URL parser refuses them")
                }
                segment = .literal(text)
            } else if pieces.count == 1, case .parameter(let name, let constraint) = pieces[0] {
                segment = .parameter(name: name, constraint: constraint)
            } else {
                segment = .pieces(pieces)
            }
            segments.append(
                PositionedSegment(segment: segment, position: position, constraintPositions: constraintPositions))
        }
        return segments
    }

    /// Records parameter `name`, or throws when the expansion has it already. Parameters are few:
    /// comparing with those before allocates nothing, and only a long pattern takes a set, to stay
    /// linear.
    private func note(_ name: String, at position: Int, in names: inout Names) throws(RouteTableError) {
        if names.list.count == 16 { names.set = Set(names.list) }
        let repeated = names.set != nil ? !names.set!.insert(name).inserted : names.list.contains(name)
        if repeated { throw error(at: position, "parameter '\(name)' appears twice") }
        names.list.append(name)
    }

    /// The names seen so far in an expansion, and as a set once there are many.
    private struct Names {
        var list: [String] = []
        var set: Set<String>?
    }
}
