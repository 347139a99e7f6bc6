extension Router {
    /// The route table, like `rails routes`: name, access, pattern, middlewares and policies, in
    /// registration order, as aligned columns; when a route has a `parent:`, a `PARENT` column
    /// after the pattern shows each route's.
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
        return TextTable.render(rows)
    }
}
