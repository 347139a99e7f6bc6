extension Router {
    /// The route table, like `rails routes`: name, access, pattern, middlewares and policies, in
    /// registration order, as aligned columns; when a route has a `parent:`, a `PARENT` column
    /// after the pattern shows each route's. When routes share an expansion of their optional
    /// parts, the route that precedes answers it, and lines after the table say which expansions
    /// each other route gives up.
    ///
    /// ```
    /// NAME     ACCESS   PATTERN                      MIDDLEWARES  POLICIES
    /// inbox    public   /inbox                       appLinks     -
    /// message  public   /messages/:message_id(int)   appLinks     signedIn
    /// ```
    public var routeTable: String {
        let showsParents = storage.routes.contains { $0.parent != nil }
        var header = ["NAME", "ACCESS", "PATTERN", "MIDDLEWARES", "POLICIES"]
        if showsParents { header.insert("PARENT", at: 3) }
        var rows = [header]
        for compiled in storage.compiledRoutes {
            let route = compiled.route
            var row = [
                route.name ?? "-",
                route.isPublic ? "public" : "private",
                route.pattern,
                compiled.middlewares.isEmpty ? "-" : compiled.middlewares.map(\.name).joined(separator: ", "),
                compiled.policies.isEmpty ? "-" : compiled.policies.map(\.name).joined(separator: ", "),
            ]
            if showsParents { row.insert(route.parent ?? "-", at: 3) }
            rows.append(row)
        }
        return TextTable.render(rows) + givenUpLines().map { "\n" + $0 }.joined()
    }

    /// `/songs(/:song-song)(.:format) (songFirst) gives up /songs, /songs.:format to
    /// "/songs(/song-:song)(.:format)"`, one line per route that gives expansions up; empty when
    /// none does. With `route`, only the lines about it: what it gives up, and what others give
    /// up to it. With `publicOnly`, none that names a private route: for a link from outside they
    /// do not exist (the public trie is built without them, so nothing is given up to them).
    func givenUpLines(involving route: Int? = nil, publicOnly: Bool = false) -> [String] {
        storage.givenUp.sorted { $0.key < $1.key }.flatMap { routeIndex, lost -> [String] in
            let compiled = storage.compiledRoutes[routeIndex]
            let groups = Dictionary(grouping: lost, by: \.takenBy).filter { takenBy, _ in
                (route == nil || route == routeIndex || route == takenBy)
                    && (!publicOnly
                        || storage.routes[routeIndex].isPublic && storage.routes[takenBy].isPublic)
            }
            return groups.sorted { $0.key < $1.key }.map { takenBy, lost in
                let shapes = lost.map { compiled.expansions[$0.expansionIndex].patternText }
                let taker =
                    takenBy == routeIndex
                    ? "an earlier expansion of its own" : "\"\(storage.routes[takenBy].pattern)\""
                return "\(compiled.route.label) gives up \(shapes.joined(separator: ", ")) to \(taker)"
            }
        }
    }
}
