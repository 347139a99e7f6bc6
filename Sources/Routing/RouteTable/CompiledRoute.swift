/// A route as the router runs it: expanded shapes, resolved constraints and its stage chains,
/// composed once at init, so that a request pays for none of it.
struct CompiledRoute: Sendable {
    let route: Route
    let index: Int
    /// Every expansion of the pattern's optional parts, shortest first.
    let expansions: [[PatternSegment]]
    /// The constraint of each constrained parameter, by parameter name.
    let constraints: [String: Constraint]
    /// Router middlewares, then group and route middlewares.
    let middlewares: [Middleware]
    /// Router policies minus `skipping`, then group and route policies.
    let policies: [Policy]
    /// The same chains and the controller behind one reference, for the pipeline: handing it a
    /// `CompiledRoute` would copy every field's reference.
    let stages: Stages

    /// What ``RequestPipeline`` runs for a matched route, in order.
    final class Stages: Sendable {
        let middlewares: [Middleware]
        let policies: [Policy]
        let controller: Controller
        /// ``Route/continueNext``: a success answer lets the next candidate run.
        let continueNext: Bool

        init(
            middlewares: [Middleware], policies: [Policy], controller: @escaping Controller,
            continueNext: Bool
        ) {
            self.middlewares = middlewares
            self.policies = policies
            self.controller = controller
            self.continueNext = continueNext
        }
    }

    init(_ route: Route, index: Int, routerMiddlewares: [Middleware], routerPolicies: [Policy])
        throws(RouteTableError)
    {
        self.route = route
        self.index = index
        let expansions = try PatternParser.expansions(of: route.pattern)
        // Most routes have no constraints of their own, and need no bookkeeping of which are used.
        let routeConstraints = route.constraints
        var constraints: [String: Constraint] = [:]
        var usedKeys: Set<String> = []
        for (expansionIndex, expansion) in expansions.enumerated() {
            for (segmentIndex, segment) in expansion.enumerated() {
                var parameterIndex = 0
                try segment.forEachParameter { name, constraintName throws(RouteTableError) in
                    defer { parameterIndex += 1 }
                    if let constraintName {
                        guard
                            let constraint = routeConstraints[constraintName]
                                ?? Constraint.builtIns[constraintName]
                        else {
                            throw Self.unknownConstraint(
                                constraintName, of: route, at: (expansionIndex, segmentIndex, parameterIndex))
                        }
                        usedKeys.insert(constraintName)
                        constraints[name] = constraint
                    } else if let constraint = routeConstraints[name] {
                        usedKeys.insert(name)
                        constraints[name] = constraint
                    }
                }
            }
        }
        if route.hosts.contains(where: { $0.contains(":") }) || !route.hostParameterSources.isEmpty {
            try Self.resolveHostParameters(
                of: route, pathNames: Set(expansions.joined().flatMap(\.parameterNames)), into: &constraints,
                used: &usedKeys)
        }
        if let absent = constraints.first(where: { $0.value.isAbsent }) {
            throw RouteTableError(
                pattern: route.pattern, position: nil,
                reason: "parameter '\(absent.key)' is constrained by absent, which only a query condition "
                    + "can ask: query: [\"\(absent.key)\": .absent]")
        }
        let ownConstraints = route.ownConstraints
        if !ownConstraints.isEmpty,
            let unused = Set(ownConstraints.keys).subtracting(usedKeys).sorted().first
        {
            throw RouteTableError(
                pattern: route.pattern, position: nil,
                reason:
                    "constraint '\(unused)' is used by no parameter: name it in parentheses, `:id(\(unused))`, or name a parameter"
            )
        }
        let skipping = route.skipping
        if !skipping.isEmpty,
            let unknown = skipping.subtracting(Set(routerPolicies.map(\.name))).sorted().first
        {
            throw Self.unknownSkip(
                unknown, of: route, policies: routerPolicies.map(\.name),
                middlewares: routerMiddlewares.map(\.name))
        }
        self.expansions = expansions
        self.constraints = constraints
        self.middlewares = Self.concatenated(routerMiddlewares, route.middlewares)
        self.policies = Self.concatenated(
            skipping.isEmpty ? routerPolicies : routerPolicies.filter { !skipping.contains($0.name) },
            route.policies)
        self.stages = Stages(
            middlewares: middlewares, policies: policies, controller: route.controller,
            continueNext: route.continueNext)
    }

    /// `first + second`, sharing the storage of either when the other is empty: most routes add
    /// nothing to the router's stages, or the router has none.
    private static func concatenated<Element>(_ first: [Element], _ second: [Element]) -> [Element] {
        if second.isEmpty { return first }
        if first.isEmpty { return second }
        return first + second
    }

    /// Resolves the constraints of the parameters in the route's host entries (and in the
    /// entries a group narrowed), as path parameters' are; refuses a name the path uses too.
    private static func resolveHostParameters(
        of route: Route, pathNames: Set<String>, into constraints: inout [String: Constraint],
        used: inout Set<String>
    ) throws(RouteTableError) {
        let entries = route.hosts.sorted() + route.hostParameterSources.values.sorted()
        for entry in entries where entry.contains(":") {
            guard case .success(let pattern) = HostPattern.parse(entry) else { continue }
            for label in pattern.labels {
                guard let name = label.parameter else { continue }
                if pathNames.contains(name) {
                    throw RouteTableError(
                        pattern: route.pattern, position: nil,
                        reason:
                            "'\(name)' names both a path parameter and a parameter of the host '\(entry)': "
                            + "rename one, since both join request.params")
                }
                let key = label.constraint ?? name
                guard let constraint = route.constraints[key] ?? Constraint.builtIns[key] else {
                    guard let written = label.constraint else { continue }
                    let known = (Constraint.builtIns.keys.sorted() + route.constraints.keys.sorted()).joined(
                        separator: ", ")
                    throw RouteTableError(
                        pattern: route.pattern, position: nil,
                        reason: "host '\(entry)': unknown constraint '\(written)' (known here: \(known))")
                }
                used.insert(key)
                constraints[name] = constraint
            }
        }
    }

    /// The error for `name`, a constraint neither the route nor the built-ins know, written in the
    /// segment at `place` (expansion, segment, parameter of the segment) of the route's expansions.
    private static func unknownConstraint(_ name: String, of route: Route, at place: (Int, Int, Int))
        -> RouteTableError
    {
        // The pattern parsed once already: only a message needs the positions.
        let positioned = try? PatternParser.expand(route.pattern)
        let known = (Constraint.builtIns.keys.sorted() + route.constraints.keys.sorted()).joined(
            separator: ", ")
        return RouteTableError(
            pattern: route.pattern, position: positioned?[place.0][place.1].constraintPositions[place.2],
            reason: "unknown constraint '\(name)' (known here: \(known))")
    }

    /// The error for `skipping: [name]` where no router policy has that name: every name the
    /// route could have meant, then the nearest (``Suggestions``). A middleware's name says so:
    /// only policies are skipped.
    ///
    /// `skips 'signin', which is not a router policy (the router's policies: 'signIn',
    /// 'rateLimit'; its middlewares: 'session'); did you mean 'signIn'?`
    private static func unknownSkip(
        _ name: String, of route: Route, policies: [String], middlewares: [String]
    ) -> RouteTableError {
        func list(_ names: [String]) -> String {
            names.isEmpty ? "none" : names.map { "'\($0)'" }.joined(separator: ", ")
        }
        var reason =
            "skips '\(name)', which is not a router policy (the router's policies: \(list(policies)); "
            + "its middlewares: \(list(middlewares)))"
        reason +=
            middlewares.contains(name)
            ? "; '\(name)' is a middleware, and skipping: leaves out policies only"
            : Suggestions.didYouMean(name, in: policies)
        return RouteTableError(pattern: route.pattern, position: nil, reason: reason)
    }

    /// The trie entry of expansion `expansion`.
    func entry(_ expansion: Int, scope: RouteScope) -> TrieBuilder.Entry {
        TrieBuilder.Entry(
            routeIndex: index, expansionIndex: expansion, priority: route.priority,
            continueNext: route.continueNext,
            pattern: route.pattern, name: route.name, segments: expansions[expansion],
            constraints: constraints, scope: scope)
    }
}
