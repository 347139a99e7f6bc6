/// The `parent:` of every route, checked when the router is created: each names a route, no chain
/// of parents comes back to where it started, and a parent's path parameters are all parameters
/// of its child, so the child's link always has what the parent's URL needs.
enum RouteParents {
    /// Throws for the first route whose parent is unknown, is part of a cycle, or needs a
    /// parameter the route does not have. Routes without a parent are passed over, so a table
    /// without parents pays one check per route.
    static func validate(_ compiled: [CompiledRoute], routesByName: [String: Int]) throws(RouteTableError) {
        for child in compiled {
            guard let parentName = child.route.parent else { continue }
            guard let parentIndex = routesByName[parentName] else {
                // A group prefixes the names of its routes, not the names `parent:` refers to.
                let prefixed = routesByName.keys.filter { $0.hasSuffix("." + parentName) }.sorted()
                let reason = "parent '\(parentName)' is not the name of a route"
                if !prefixed.isEmpty {
                    throw RouteTableError(
                        pattern: child.route.pattern, position: nil,
                        reason: reason + "; did you mean '\(prefixed.joined(separator: "' or '"))'? A group "
                            + "prefixes its routes' names, and parent: takes the name as the router has it")
                }
                // Names in registration order, so that equally near ones come as they were written;
                // never the route's own, which as its parent would be a cycle.
                let names = compiled.compactMap(\.route.name).filter { $0 != child.route.name }
                let nearby = Suggestions.didYouMean(parentName, in: names)
                throw RouteTableError(
                    pattern: child.route.pattern, position: nil,
                    reason: reason
                        + (nearby.isEmpty ? "; parent: takes another route's name as written" : nearby))
            }
            try checkCycle(from: child, compiled: compiled, routesByName: routesByName)
            let parent = compiled[parentIndex]
            let childNames = Set(child.expansions.joined().flatMap(\.parameterNames))
            // The parameters every expansion of the parent needs: optional ones may be left out.
            let needed = parent.expansions.map { Set($0.parameterNames) }
                .reduce(into: Set(parent.expansions.first?.parameterNames ?? [])) {
                    $0.formIntersection($1)
                }
            if let missing = needed.subtracting(childNames).sorted().first {
                throw RouteTableError(
                    pattern: child.route.pattern, position: nil,
                    reason: "its parent '\(parentName)' (\(parent.route.pattern)) needs the parameter "
                        + "'\(missing)', which this route does not have, so its link could not build the parent's"
                )
            }
        }
    }

    /// Throws when following parents from `child` comes back to a route already on the way,
    /// naming every route of the cycle.
    private static func checkCycle(
        from child: CompiledRoute, compiled: [CompiledRoute], routesByName: [String: Int]
    ) throws(RouteTableError) {
        var chain: [Route] = [child.route]
        var next = child.route.parent
        while let name = next, let index = routesByName[name] {
            let route = compiled[index].route
            if let start = chain.firstIndex(where: { $0.name == route.name && $0.pattern == route.pattern }) {
                let cycle = chain[start...].map(\.label) + [route.label]
                throw RouteTableError(
                    pattern: chain[start].pattern, position: nil,
                    reason: "parents form a cycle: " + cycle.joined(separator: " → ")
                        + "; a route's ancestors must end at a route without a parent")
            }
            chain.append(route)
            next = route.parent
        }
    }
}
