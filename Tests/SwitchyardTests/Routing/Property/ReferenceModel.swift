@testable import Switchyard

/// The property tests' own model of a route: what the generator builds, what the reference
/// matcher reads, and what is rendered into a pattern for the real router.
enum Reference {
    /// The constraints the generator uses; the reference checks them with its own code.
    enum Rule: String, CaseIterable, Sendable {
        case int, uuid, alpha, alnum
        /// Route-level `.oneOf(["news", "mail", "a"])`.
        case kind
        /// Route-level `.custom("short")`: at most two UTF-8 bytes.
        case short

        var constraint: Constraint {
            switch self {
            case .int: .int
            case .uuid: .uuid
            case .alpha: .alpha
            case .alnum: .alnum
            case .kind: .oneOf(["news", "mail", "a"])
            case .short: .custom("short") { $0.utf8.count <= 2 }
            }
        }

        var isBuiltIn: Bool { self != .kind && self != .short }

        func accepts(_ value: String) -> Bool {
            let bytes = Array(value.utf8)
            let isLetter = { (byte: UInt8) in (65...90).contains(byte) || (97...122).contains(byte) }
            let isDigit = { (byte: UInt8) in (48...57).contains(byte) }
            switch self {
            case .int:
                let digits = bytes.first == UInt8(ascii: "-") ? bytes.dropFirst() : bytes[...]
                return !digits.isEmpty && digits.allSatisfy(isDigit) && Int64(value) != nil
            case .uuid:
                let groups = value.split(separator: "-", omittingEmptySubsequences: false).map(\.utf8.count)
                let isHex = { (byte: UInt8) in isDigit(byte) || (97...102).contains(byte | 0x20) }
                return groups == [8, 4, 4, 4, 12] && bytes.allSatisfy { isHex($0) || $0 == UInt8(ascii: "-") }
            case .alpha: return !bytes.isEmpty && bytes.allSatisfy(isLetter)
            case .alnum: return !bytes.isEmpty && bytes.allSatisfy { isLetter($0) || isDigit($0) }
            case .kind: return ["news", "mail", "a"].contains { Array($0.utf8) == bytes }
            case .short: return bytes.count <= 2
            }
        }
    }

    /// One segment of an expanded shape.
    enum Segment: Hashable, Sendable {
        case literal(String)
        case parameter(String, Rule?)
        case glob(String)
    }

    /// A pattern before expansion. `keyed`: a constrained parameter spelled `:p` with
    /// `constraints: ["p": …]` rather than `:p(rule)`.
    indirect enum Part: Sendable {
        case segment(Segment, keyed: Bool)
        case optional([Part])
    }

    struct RouteSpec: Sendable {
        let parts: [Part]
        let name: String?
        let priority: Int
        /// Every expansion, in the order the router documents: each optional part left out,
        /// then taken.
        let expansions: [[Segment]]

        init(parts: [Part], name: String?, priority: Int) {
            self.parts = parts
            self.name = name
            self.priority = priority
            expansions = Self.expand(parts, from: [[]])
        }

        var pattern: String {
            let text = Self.render(parts)
            return text.isEmpty ? "/" : text
        }

        private static func render(_ parts: [Part]) -> String {
            parts.map { part in
                switch part {
                case .optional(let inner): return "(" + render(inner) + ")"
                case .segment(.literal(let literal), _): return "/" + literal
                case .segment(.glob(let name), _): return "/*" + name
                case .segment(.parameter(let name, let rule), let keyed):
                    guard let rule, !keyed else { return "/:" + name }
                    return "/:\(name)(\(rule.rawValue))"
                }
            }.joined()
        }

        var constraints: [String: Constraint] {
            var result: [String: Constraint] = [:]
            func collect(_ parts: [Part]) {
                for part in parts {
                    switch part {
                    case .optional(let inner): collect(inner)
                    case .segment(.parameter(let name, let rule?), let keyed):
                        if keyed {
                            result[name] = rule.constraint
                        } else if !rule.isBuiltIn {
                            result[rule.rawValue] = rule.constraint
                        }
                    case .segment: break
                    }
                }
            }
            collect(parts)
            return result
        }

        private static func expand(_ parts: [Part], from start: [[Segment]]) -> [[Segment]] {
            var result = start
            for part in parts {
                switch part {
                case .segment(let segment, _):
                    result = result.map { $0 + [segment] }
                case .optional(let inner):
                    result += expand(inner, from: result)
                }
            }
            return result
        }

        func route() -> Route {
            Route(
                pattern, name: name, isPublic: true, constraints: constraints, priority: priority,
                controller: echo)
        }
    }
}
