/// Apple's pattern language for `apple-app-site-association` parts: `*` matches any run of
/// characters (none included), `?` exactly one, `$(name)` exactly one value of a substitution
/// variable, anything else itself. `?*` is one or more. There is no escape.
///
/// Characters are Unicode scalars. A pattern compiles to a small automaton that is run over the
/// text once, keeping the set of states it may be in, so the work is linear in the text times the
/// pattern's states, whatever the pattern: a hostile file (`*a*a*a*a…b`) cannot make it blow up.
struct WildcardPattern: Sendable {
    /// What one edge of the automaton accepts.
    private enum Accepts: Sendable {
        case scalar(Unicode.Scalar)
        case any
        case oneOf(Set<Unicode.Scalar>)
    }

    private struct State: Sendable {
        var edges: [(accepts: Accepts, to: Int)] = []
        var epsilon: [Int] = []
    }

    private var states: [State] = [State()]
    private let accept: Int
    private let caseSensitive: Bool
    /// `false` when the pattern names a variable nobody defines: it never matches (the safe
    /// reading of a case no observation tells apart).
    let isValid: Bool

    /// Compiles `pattern`. `variables` are the file's custom substitution variables, looked up
    /// before the built-in ones; their values are patterns too (`?` and `*` keep their meaning),
    /// but do not name variables themselves.
    init(_ pattern: String, caseSensitive: Bool, variables: [String: [String]] = [:]) {
        self.caseSensitive = caseSensitive
        var builder = Builder(caseSensitive: caseSensitive)
        let end = builder.add(Array(pattern.unicodeScalars), from: 0, variables: variables)
        states = builder.states
        accept = end ?? 0
        isValid = end != nil
    }

    /// Whether the pattern matches the whole of `text`.
    func matches(_ text: String) -> Bool {
        var steps = 0
        return matches(text, steps: &steps)
    }

    /// ``matches(_:)``, counting the edges it follows: what a test bounds to prove the work
    /// linear.
    func matches(_ text: String, steps: inout Int) -> Bool {
        guard isValid else { return false }
        var current = closure(of: [0], steps: &steps)
        for scalar in text.unicodeScalars {
            let compared = caseSensitive ? scalar : Self.folded(scalar)
            var next: [Int] = []
            var seen = Set<Int>()
            for state in current {
                for edge in states[state].edges {
                    steps += 1
                    guard accepts(edge.accepts, compared), seen.insert(edge.to).inserted else { continue }
                    next.append(edge.to)
                }
            }
            if next.isEmpty { return false }
            current = closure(of: next, steps: &steps)
        }
        return current.contains(accept)
    }

    private func accepts(_ accepts: Accepts, _ scalar: Unicode.Scalar) -> Bool {
        switch accepts {
        case .any: true
        case .scalar(let expected): expected == scalar
        case .oneOf(let set):
            set.contains(scalar) || (!caseSensitive && set.contains(Self.uppercased(scalar)))
        }
    }

    /// `states` and every state reachable from them without reading a character.
    private func closure(of start: [Int], steps: inout Int) -> [Int] {
        var result = start
        var seen = Set(start)
        var index = 0
        while index < result.count {
            for next in states[result[index]].epsilon where seen.insert(next).inserted {
                steps += 1
                result.append(next)
            }
            index += 1
        }
        return result
    }

    /// The scalar compared when letters ignore case: its lowercase form, when that is one scalar.
    static func folded(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let lower = scalar.properties.lowercaseMapping.unicodeScalars
        return lower.count == 1 ? lower[lower.startIndex] : scalar
    }

    private static func uppercased(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        let upper = scalar.properties.uppercaseMapping.unicodeScalars
        return upper.count == 1 ? upper[upper.startIndex] : scalar
    }

    /// Builds the automaton: one state per position, a loop for `*`, branches for a variable.
    private struct Builder {
        let caseSensitive: Bool
        var states: [State] = [State()]

        init(caseSensitive: Bool) {
            self.caseSensitive = caseSensitive
        }

        private mutating func newState() -> Int {
            states.append(State())
            return states.count - 1
        }

        private mutating func edge(from: Int, _ accepts: Accepts) -> Int {
            let to = newState()
            states[from].edges.append((accepts, to))
            return to
        }

        /// Adds `pattern` after state `start` and returns its end, or `nil` when it names an
        /// unknown variable. `variables` is `nil` inside a variable's value.
        mutating func add(_ pattern: [Unicode.Scalar], from start: Int, variables: [String: [String]]?)
            -> Int?
        {
            var current = start
            var index = 0
            while index < pattern.count {
                let scalar = pattern[index]
                if scalar == "*" {
                    let loop = newState()
                    states[current].epsilon.append(loop)
                    states[loop].edges.append((.any, loop))
                    current = loop
                } else if scalar == "?" {
                    current = edge(from: current, .any)
                } else if scalar == "$", let variables,
                    let (name, after) = Self.variable(in: pattern, at: index)
                {
                    guard let end = addVariable(name, from: current, variables: variables) else { return nil }
                    current = end
                    index = after
                    continue
                } else {
                    current = edge(
                        from: current, .scalar(caseSensitive ? scalar : WildcardPattern.folded(scalar)))
                }
                index += 1
            }
            return current
        }

        /// `$(name)` at `index`: the name and the index after `)`.
        private static func variable(in pattern: [Unicode.Scalar], at index: Int) -> (String, Int)? {
            guard index + 2 < pattern.count, pattern[index + 1] == "(",
                let close = pattern[(index + 2)...].firstIndex(of: ")")
            else { return nil }
            var name = String.UnicodeScalarView()
            name.append(contentsOf: pattern[(index + 2)..<close])
            return (String(name), close + 1)
        }

        private mutating func addVariable(_ name: String, from start: Int, variables: [String: [String]])
            -> Int?
        {
            if let values = variables[name] ?? BuiltInSubstitutionVariables.values(of: name) {
                let end = newState()
                for value in values {
                    guard let valueEnd = add(Array(value.unicodeScalars), from: start, variables: nil) else {
                        return nil
                    }
                    states[valueEnd].epsilon.append(end)
                }
                return end
            }
            guard let characters = BuiltInSubstitutionVariables.characters(of: name) else { return nil }
            return edge(from: start, .oneOf(characters))
        }
    }
}
