/// Left-aligned columns separated by two spaces, for the tour's table.
enum TextColumns {
    static func render(_ rows: [[String]]) -> String {
        var widths: [Int] = []
        for row in rows {
            for (index, cell) in row.enumerated() {
                if index == widths.count { widths.append(0) }
                widths[index] = max(widths[index], cell.count)
            }
        }
        return rows.map { row in
            row.enumerated().map { index, cell in
                index == row.count - 1
                    ? cell : cell + String(repeating: " ", count: widths[index] - cell.count + 2)
            }.joined()
        }.joined(separator: "\n")
    }
}
