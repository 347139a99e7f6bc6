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
        let expansions = try PatternParser.expand(route.pattern)
        var constraints: [String: Constraint] = [:]
        var usedKeys: Set<String> = []
        for expansion in expansions {
            for positioned in expansion {
                guard case .parameter(let name, let constraintName) = positioned.segment else { continue }
                if let constraintName {
                    guard
                        let constraint = route.constraints[constraintName]
                            ?? Constraint.builtIns[constraintName]
                    else {
                        let known = (Constraint.builtIns.keys.sorted() + route.constraints.keys.sorted())
                            .joined(separator: ", ")
                        throw RouteTableError(
                            pattern: route.pattern, position: positioned.constraintPosition,
                            reason: "unknown constraint '\(constraintName)' (known here: \(known))")
                    }
                    usedKeys.insert(constraintName)
                    constraints[name] = constraint
                } else if let constraint = route.constraints[name] {
                    usedKeys.insert(name)
                    constraints[name] = constraint
                }
            }
        }
        if let unused = Set(route.constraints.keys).subtracting(usedKeys).sorted().first {
            throw RouteTableError(
                pattern: route.pattern, position: nil,
                reason:
                    "constraint '\(unused)' is used by no parameter: name it in parentheses, `:id(\(unused))`, or name a parameter"
            )
        }
        let routerPolicyNames = Set(routerPolicies.map(\.name))
        if let unknown = route.skipping.subtracting(routerPolicyNames).sorted().first {
            throw RouteTableError(
                pattern: route.pattern, position: nil,
                reason: "skips '\(unknown)', which is not a router policy")
        }
        self.expansions = expansions.map { $0.map(\.segment) }
        self.constraints = constraints
        self.middlewares = routerMiddlewares + route.middlewares
        self.policies = routerPolicies.filter { !route.skipping.contains($0.name) } + route.policies
        self.stages = Stages(
            middlewares: middlewares, policies: policies, controller: route.controller,
            continueNext: route.continueNext)
    }

    /// The trie entries of every expansion.
    func entries(scope: RouteScope) -> [TrieBuilder.Entry] {
        expansions.map { segments in
            TrieBuilder.Entry(
                routeIndex: index, priority: route.priority, continueNext: route.continueNext,
                pattern: route.pattern, name: route.name, segments: segments,
                constraints: segments.compactMap { segment in
                    guard case .parameter(let name, _) = segment else { return nil }
                    return .some(constraints[name])
                }, scope: scope)
        }
    }
}
