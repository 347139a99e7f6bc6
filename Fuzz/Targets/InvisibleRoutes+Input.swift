extension FuzzInput {
    /// A pattern of up to three segments from the table vocabulary, sometimes with a glob last or
    /// an optional part.
    private mutating func invisiblePattern() -> String {
        var pattern = ""
        var parameters = 0
        var globbed = false
        for _ in 0..<pick(4) {
            let name = parameters == 0 ? "id" : "id\(parameters)"
            switch pick(8) {
            case 0...3: pattern += "/" + pick(InvisibleRoutes.literals)
            case 4:
                pattern += "/:" + name
                parameters += 1
            case 5:
                pattern += "/:" + name + "(int)"
                parameters += 1
            case 6:
                pattern += "/*path"
                globbed = true
            default: pattern += "/" + pick(["users", "a"])
            }
            if globbed { break }
        }
        if !pattern.isEmpty, !globbed {
            switch pick(6) {
            case 0: pattern += "(/x)"
            case 1: pattern += "(/:opt)"
            default: break
            }
        }
        return pattern.isEmpty ? "/" : pattern
    }

    /// A non-empty subset of `choices`.
    private mutating func subset(_ choices: [String]) -> Set<String> {
        let mask = 1 + pick((1 << choices.count) - 1)
        return Set(choices.indices.filter { mask & (1 << $0) != 0 }.map { choices[$0] })
    }

    mutating func invisibleRoute(_ index: Int, servedHosts: [String]) -> InvisibleRoutes.Spec {
        let pattern = invisiblePattern()
        let isPublic = pick(2) == 0
        var schemes: Set<String> = []
        var hosts: Set<String> = []
        switch pick(6) {
        case 0: schemes = ["mailapp"]
        case 1: hosts = subset(servedHosts.isEmpty || pick(8) == 0 ? InvisibleRoutes.hosts : servedHosts)
        case 2:
            schemes = ["mailapp"]
            hosts = subset(servedHosts.isEmpty || pick(8) == 0 ? InvisibleRoutes.hosts : servedHosts)
        default: break
        }
        let query: [String: Constraint] =
            switch pick(6) {
            case 0: ["tab": .any]
            case 1: ["tab": .oneOf(["a"])]
            case 2: ["tab": .oneOf(["b", "c"])]
            default: [:]
            }
        return InvisibleRoutes.Spec(
            pattern: pattern, name: "r\(index)", isPublic: isPublic, schemes: schemes, hosts: hosts,
            query: query, priority: pick(4) == 0 ? 1 : 0, redirects: pick(4) == 0,
            continueNext: pick(3) == 0)
    }

    mutating func invisibleLink() -> String {
        var path = ""
        for _ in 0..<pick(5) { path += "/" + pick(InvisibleRoutes.linkSegments) }
        if path.isEmpty || pick(8) == 0 { path += "/" }
        path += pick(InvisibleRoutes.queries)
        if path.hasSuffix("?to=/admin"), pick(2) == 0 {
            path = String(path.dropLast("/admin".count)) + pick(InvisibleRoutes.redirectTargets)
        }
        if pick(6) == 0 { path += pick(["#top", "#/admin"]) }
        let link = pick(InvisibleRoutes.linkPrefixes) + path
        return appendingQuery(
            link, (0..<pick(4)).map { _ in declineItem(routeNames: InvisibleRoutes.routeNames) })
    }
}
