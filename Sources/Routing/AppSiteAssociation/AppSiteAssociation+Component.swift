extension AppSiteAssociation {
    /// One rule of a `components` list. A part left out takes the entry's `defaults`, then the
    /// file's, then `*`.
    ///
    /// In a pattern, `*` matches any run of characters (none included, `/` included), `?` one
    /// character, `?*` one or more, and `$(name)` one value of a substitution variable.
    ///
    /// ```swift
    /// Component(path: "/messages/?*", comment: "message: /messages/:id(int)")
    /// Component(path: "/search", query: .items(["q": "*"]))
    /// ```
    public struct Component: Codable, Hashable, Sendable {
        /// The pattern for the link's path (`"/"`).
        public var path: String?
        /// The pattern for the link's query (`"?"`): one pattern for the whole query, or
        /// patterns by query item name.
        public var query: QueryPattern?
        /// The pattern for the link's fragment (`"#"`).
        public var fragment: String?
        /// `true`: a link this component matches is not opened in the app, and no later
        /// component is tried.
        public var exclude: Bool?
        /// Whether letters compare by case; `nil` takes the defaults (Apple's: `true`).
        public var caseSensitive: Bool?
        /// Whether the patterns are written percent-encoded and compared with the link as it is
        /// encoded; `false` decodes the link first. `nil` takes the defaults (Apple's: `true`).
        public var percentEncoded: Bool?
        /// Text iOS ignores: Switchyard names the route the component stands for.
        public var comment: String?

        /// Creates a component; every part left out matches everything.
        public init(
            path: String? = nil, query: QueryPattern? = nil, fragment: String? = nil, exclude: Bool? = nil,
            caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, comment: String? = nil
        ) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
            self.caseSensitive = caseSensitive
            self.percentEncoded = percentEncoded
            self.comment = comment
        }

        private enum CodingKeys: String, CodingKey {
            case path = "/"
            case query = "?"
            case fragment = "#"
            case exclude, caseSensitive, percentEncoded, comment
        }

        /// Reads every key when present; unknown keys are ignored, and a query dictionary holding
        /// a value that is not a string (`true`, `5`, `null`, an array) counts as no `"?"` at all,
        /// as iOS reads it.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            path = try container.decodeIfPresent(String.self, forKey: .path)
            query = AppSiteAssociation.QueryPattern.lenient(container, forKey: .query)
            fragment = try container.decodeIfPresent(String.self, forKey: .fragment)
            exclude = try container.decodeIfPresent(Bool.self, forKey: .exclude)
            caseSensitive = try container.decodeIfPresent(Bool.self, forKey: .caseSensitive)
            percentEncoded = try container.decodeIfPresent(Bool.self, forKey: .percentEncoded)
            comment = try container.decodeIfPresent(String.self, forKey: .comment)
        }
    }

    /// A component's `"?"`: a pattern for the whole query string, or a pattern for the value of
    /// each named query item (every occurrence of a name must match, a missing item counts as
    /// present and empty, other items are ignored).
    public enum QueryPattern: Codable, Hashable, Sendable {
        /// `"?": "*"`: compared with the query as one string (without the `?`).
        case pattern(String)
        /// `"?": {"q": "*"}`: every item of each name must match its pattern; an absent one reads
        /// as empty.
        case items([String: String])

        /// Reads a string or a dictionary of strings.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let pattern = try? container.decode(String.self) {
                self = .pattern(pattern)
            } else {
                self = .items(try container.decode([String: String].self))
            }
        }

        /// Writes a string or a dictionary of strings.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .pattern(let pattern): try container.encode(pattern)
            case .items(let items): try container.encode(items)
            }
        }
    }
}
