/// A ``Rewrite`` ready to run: a template rewrite has its pattern compiled to a one-route trie.
struct CompiledRewrite: Sendable {
    enum Kind: Sendable {
        case template(trie: Trie, template: [PatternSegment])
        case function(@Sendable (String) -> String?)
    }

    let name: String
    let kind: Kind
    /// The expansions of a template rewrite's pattern: the links it takes, for the
    /// `apple-app-site-association` file. Empty for a closure rewrite, which no pattern describes.
    let patternExpansions: [[PatternSegment]]

    init(_ rewrite: Rewrite, caseSensitive: Bool) throws(RouteTableError) {
        name = rewrite.name
        switch rewrite.kind {
        case .function(let function):
            kind = .function(function)
            patternExpansions = []
        case .template(let pattern, let template):
            let expansions = try PatternParser.expand(pattern)
            patternExpansions = expansions.map { $0.map(\.segment) }
            var builder = TrieBuilder(caseSensitive: caseSensitive)
            for (index, expansion) in expansions.enumerated() {
                let segments = expansion.map(\.segment)
                var constraints: [String: Constraint] = [:]
                for positioned in expansion {
                    for (offset, (name, constraintName)) in positioned.segment.parameters.enumerated() {
                        guard let constraintName else { continue }
                        guard let constraint = Constraint.builtIns[constraintName] else {
                            throw RouteTableError(
                                pattern: pattern, position: positioned.constraintPositions[offset],
                                reason:
                                    "unknown constraint '\(constraintName)'; rewrites know int, uuid, alpha, alnum"
                            )
                        }
                        constraints[name] = constraint
                    }
                }
                builder.insert(
                    TrieBuilder.Entry(
                        routeIndex: index, expansionIndex: 0, priority: 0, pattern: pattern,
                        segments: segments,
                        constraints: constraints))
            }
            let templateExpansions = try PatternParser.expand(template)
            guard templateExpansions.count == 1, let templateSegments = templateExpansions.first else {
                throw RouteTableError(
                    pattern: template, position: nil, reason: "a rewrite template has no optional parts")
            }
            for positioned in templateSegments {
                for parameter in positioned.segment.parameterNames {
                    let everywhere = expansions.allSatisfy { expansion in
                        expansion.contains { $0.segment.parameterNames.contains(parameter) }
                    }
                    if !everywhere {
                        throw RouteTableError(
                            pattern: template, position: positioned.position,
                            reason:
                                "the template names '\(parameter)', which its pattern \"\(pattern)\" does not always capture"
                        )
                    }
                }
            }
            kind = .template(trie: builder.build(), template: templateSegments.map(\.segment))
        }
    }
}
