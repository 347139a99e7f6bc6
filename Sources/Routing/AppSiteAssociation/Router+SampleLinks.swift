extension Router {
    /// An `https` link to `host` that reaches route `index` from outside, or `nil`: each
    /// expansion in turn, filled with the first sample value each constraint accepts.
    func sampleLink(to index: Int, host: String) -> String? {
        let compiled = storage.compiledRoutes[index]
        var query: [String] = []
        for condition in storage.scopes[index].conditions {
            guard let value = Self.sample(for: condition.constraint) else { return nil }
            query.append(
                PercentEncoding.encodeQueryComponent(condition.name) + "="
                    + PercentEncoding.encodeQueryComponent(value))
        }
        let queryText = query.isEmpty ? "" : "?" + query.joined(separator: "&")
        for expansion in compiled.expansions {
            let path = Self.samplePath(of: expansion) { name, _ in compiled.constraints[name] ?? .any }
            guard let path else { continue }
            let link = "https://\(host)\(path)\(queryText)"
            let source = Source.external(sourceApplication: nil)
            if candidates(link, source: source).contains(where: { $0.routeIndex == index }) { return link }
        }
        return nil
    }

    /// A rewrite's parameters take the built-in constraints only.
    static func rewriteConstraint(_: String, _ constraintName: String?) -> Constraint {
        constraintName.flatMap { Constraint.builtIns[$0] } ?? .any
    }

    /// A path for `expansion`, each parameter and glob filled with a sample value its
    /// constraint accepts (given by parameter name and written constraint name), or `nil`.
    static func samplePath(
        of expansion: [PatternSegment], constraint: (String, String?) -> Constraint
    ) -> String? {
        var path = ""
        func append(_ pieces: [PatternPiece]) -> Bool {
            for piece in pieces {
                switch piece {
                case .literal(let text):
                    path += PercentEncoding.encodeSegment(text)
                case .parameter(let name, let constraintName):
                    guard let value = sample(for: constraint(name, constraintName)) else { return false }
                    path += PercentEncoding.encodeSegment(value)
                }
            }
            return true
        }
        for segment in expansion {
            path += "/"
            switch segment {
            case .literal(let text):
                path += PercentEncoding.encodeSegment(text)
            case .parameter(let name, let constraintName):
                guard append([.parameter(name: name, constraint: constraintName)]) else { return nil }
            case .pieces(let pieces):
                guard append(pieces) else { return nil }
            case .glob(let name, let constraintName, let tail):
                guard append([.parameter(name: name, constraint: constraintName)] + tail) else { return nil }
            }
        }
        return path.isEmpty ? "/" : path
    }

    /// A value `constraint` accepts: one of its own for `oneOf`, else the first of a few
    /// common shapes.
    private static func sample(for constraint: Constraint) -> String? {
        if case .oneOf(let values) = constraint.kind, let first = values.first(where: { !$0.isEmpty }) {
            return String(decoding: first, as: UTF8.self)
        }
        let shapes = ["1", "a", "a1", "00000000-0000-4000-8000-000000000000", "x-1", "0", "true", "-1", "A"]
        return shapes.first { constraint.accepts(Substring($0)) }
    }
}
