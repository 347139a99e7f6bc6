extension Router {
    /// The route table, like `rails routes`: name, access, pattern, middlewares and policies, in
    /// registration order, as aligned columns.
    ///
    /// ```
    /// NAME     ACCESS   PATTERN                      MIDDLEWARES  POLICIES
    /// inbox    public   /inbox                       appLinks     -
    /// message  public   /messages/:message_id(int)   appLinks     signedIn
    /// ```
    public var routeTable: String {
        var rows = [["NAME", "ACCESS", "PATTERN", "MIDDLEWARES", "POLICIES"]]
        for compiled in storage.compiled {
            let route = compiled.route
            rows.append([
                route.name ?? "-",
                route.isPublic ? "public" : "private",
                route.pattern,
                compiled.middlewares.isEmpty ? "-" : compiled.middlewares.map(\.name).joined(separator: ", "),
                compiled.policies.isEmpty ? "-" : compiled.policies.map(\.name).joined(separator: ", "),
            ])
        }
        return TextTable.render(rows)
    }
}
