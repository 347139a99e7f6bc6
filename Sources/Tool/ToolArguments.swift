/// The arguments after the program name, consumed as a command reads them.
struct ToolArguments {
    /// A mistake in the arguments: the tool prints it with the usage and exits 2.
    struct UsageError: Error {
        let message: String
    }

    let command: String?
    private var remaining: [String]

    init(_ arguments: [String]) {
        command = arguments.first
        remaining = Array(arguments.dropFirst())
    }

    /// Every value of a repeatable option (`--app-id A --app-id B`).
    mutating func values(of name: String) throws(UsageError) -> [String] {
        var values: [String] = []
        while let index = remaining.firstIndex(of: name) {
            guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--"),
                !remaining[index + 1].isEmpty
            else { throw UsageError(message: "\(name) needs a value") }
            values.append(remaining[index + 1])
            remaining.removeSubrange(index...index + 1)
        }
        return values
    }

    /// The value of an option given at most once.
    mutating func value(of name: String) throws(UsageError) -> String? {
        let values = try values(of: name)
        if values.count > 1 { throw UsageError(message: "\(name) given twice") }
        return values.first
    }

    /// The next positional argument; `-` (standard input) counts as one.
    mutating func positional(_ what: String) throws(UsageError) -> String {
        guard let index = remaining.firstIndex(where: { $0 == "-" || !$0.hasPrefix("-") }) else {
            throw UsageError(message: "\(command ?? "switchyard-cli") needs \(what)")
        }
        return remaining.remove(at: index)
    }

    /// Every positional argument left.
    mutating func rest() -> [String] {
        defer { remaining.removeAll() }
        return remaining
    }

    /// Refuses arguments no option read.
    func finish() throws(UsageError) {
        if let extra = remaining.first {
            throw UsageError(message: "unexpected argument '\(extra)'\(command.map { " for \($0)" } ?? "")")
        }
    }
}
