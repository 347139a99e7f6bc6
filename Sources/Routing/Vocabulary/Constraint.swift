/// A rule a parameter's decoded value must meet for its route to match.
///
/// Use the built-ins in patterns by name (`/:id(int)`), or give a route its own by name:
///
/// ```swift
/// Route("/feeds/:kind(feedKind)", constraints: ["feedKind": .oneOf(["news", "mail"])]) { … }
/// Route("/users/:handle", constraints: ["handle": .custom("handle") { $0.count <= 15 }]) { … }
/// ```
///
/// A key of `constraints:` that names a parameter without its own `(constraint)` applies to that
/// parameter, Rails-style; a key written in parentheses names the constraint.
public struct Constraint: Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        case any, int, uuid, alpha, alnum
        /// The values' UTF-8 bytes, sorted: `String`'s `==` and hashing treat canonically
        /// equivalent spellings (NFC `é`, NFD `e` + U+0301) as one, and the router keeps them apart
        /// (no Unicode normalization: Architecture, "URL handling"). Sorted bytes allow a binary
        /// search over a segment's bytes with no allocation.
        case oneOf([[UInt8]])
        case custom(@Sendable (Substring) -> Bool)
        case customInContext(@Sendable (Substring, LinkContext) -> Bool)
        /// Only as a query condition: the item must not be there.
        case absent
    }

    let kind: Kind
    /// The constraint's name as shown in route tables and traces (`int`, `oneOf(a|b)`, a custom name).
    public let name: String

    /// Any value, the empty one included: as a query condition (`query: ["url": .any]`) it asks
    /// only that the item be present.
    public static let any = Constraint(kind: .any, name: "any")
    /// No value at all: as a query condition (`query: ["token": .absent]`) it asks that the link
    /// not carry the item, even empty. Only query conditions can ask that: on a path parameter
    /// it is a ``RouteTableError``.
    ///
    /// ```swift
    /// Route("/projects/:creator/:project", isPublic: true, query: ["token": .absent]) { … }
    /// ```
    public static let absent = Constraint(kind: .absent, name: "absent")
    /// An optional `-` then ASCII digits, fitting `Int64`: `42`, `-7`; not `+1`, `1.0`, `99999999999999999999`.
    public static let int = Constraint(kind: .int, name: "int")
    /// A UUID in its 8-4-4-4-12 hexadecimal form, either case.
    public static let uuid = Constraint(kind: .uuid, name: "uuid")
    /// ASCII letters only.
    public static let alpha = Constraint(kind: .alpha, name: "alpha")
    /// ASCII letters and digits only.
    public static let alnum = Constraint(kind: .alnum, name: "alnum")

    /// One of a fixed set of values, compared byte for byte: an NFD spelling does not pass a value
    /// written in NFC, and `Inbox` does not pass `inbox`. (`Set<String>` itself keeps only one of
    /// two canonically equivalent spellings: list the spelling your links use.)
    ///
    /// ```swift
    /// Route("/feeds/:kind(feedKind)", constraints: ["feedKind": .oneOf(["news", "mail"])]) { … }
    /// ```
    public static func oneOf(_ values: Set<String>) -> Constraint {
        Constraint(
            kind: .oneOf(values.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) }),
            name: "oneOf(\(values.sorted().joined(separator: "|")))")
    }

    /// Your own rule. Two constraints with the same name are treated as the same rule when the
    /// router looks for conflicting routes, so give different rules different names.
    public static func custom(_ name: String, _ accepts: @escaping @Sendable (Substring) -> Bool)
        -> Constraint
    {
        Constraint(kind: .custom(accepts), name: name)
    }

    /// Your own rule that also sees the link it is checked for (see ``LinkContext``): its
    /// scheme, its host and the route's host parameters. Give different rules different names.
    ///
    /// ```swift
    /// let talk = Constraint.custom("talkNamespace") { namespace, link in
    ///     Namespaces.talk[link.hostParameters["lang"] ?? "en"]?.contains(String(namespace)) ?? false
    /// }
    /// ```
    public static func custom(
        _ name: String, _ accepts: @escaping @Sendable (Substring, LinkContext) -> Bool
    ) -> Constraint {
        Constraint(kind: .customInContext(accepts), name: name)
    }

    /// The name.
    public var description: String { name }

    static let builtIns: [String: Constraint] = [
        "int": .int, "uuid": .uuid, "alpha": .alpha, "alnum": .alnum,
    ]
}
