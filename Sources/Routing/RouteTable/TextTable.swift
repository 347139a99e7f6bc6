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
