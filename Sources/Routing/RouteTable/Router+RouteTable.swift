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

/// Left-aligned columns separated by two spaces; trailing spaces trimmed.
enum TextTable {
    static func render(_ rows: [[String]]) -> String {
        let columns = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: columns)
        for row in rows {
            for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
        }
        return rows.map { row in
            var line = ""
            for (index, cell) in row.enumerated() {
                line += cell
                if index < row.count - 1 {
                    line += String(repeating: " ", count: widths[index] - cell.count + 2)
                }
            }
            return line
        }.joined(separator: "\n")
    }
}
