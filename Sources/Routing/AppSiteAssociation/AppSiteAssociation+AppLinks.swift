extension AppSiteAssociation {
    /// The file's `applinks` dictionary.
    public struct AppLinks: Codable, Equatable, Sendable {
        /// One entry per group of apps sharing one list of rules. Read from an array, or from the
        /// older dictionary keyed by app ID (in sorted key order, each entry naming its key).
        public var details: [Detail]
        /// Values that rules of every entry take when neither they nor their entry give one.
        public var defaults: Defaults?
        /// Custom substitution variables: `$(name)` in a pattern matches exactly one of the values
        /// (`{"food": ["pizza", "sushi"]}`). Names are case-sensitive; values may hold `?` and `*`.
        public var substitutionVariables: [String: [String]]?
        /// The `apps` array files before iOS 13 had to carry (always empty), kept as read.
        public var apps: [String]?

        /// Creates the dictionary from its entries.
        public init(
            details: [Detail], defaults: Defaults? = nil, substitutionVariables: [String: [String]]? = nil
        ) {
            self.details = details
            self.defaults = defaults
            self.substitutionVariables = substitutionVariables
        }

        private enum CodingKeys: String, CodingKey {
            case details, defaults, substitutionVariables, apps
        }

        /// A key of the dictionary form of `details`.
        private struct AppIDKey: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// Reads `details` as an array or as a dictionary keyed by app ID; every key optional.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if (try? container.nestedUnkeyedContainer(forKey: .details)) != nil {
                details = try container.decode([Detail].self, forKey: .details)
            } else if container.contains(.details) {
                let byApp = try container.nestedContainer(keyedBy: AppIDKey.self, forKey: .details)
                details = try byApp.allKeys.sorted { $0.stringValue < $1.stringValue }.map { key in
                    var detail = try byApp.decode(Detail.self, forKey: key)
                    detail.appIDs = [key.stringValue]
                    return detail
                }
            } else {
                details = []
            }
            defaults = try container.decodeIfPresent(Defaults.self, forKey: .defaults)
            substitutionVariables = try container.decodeIfPresent(
                [String: [String]].self, forKey: .substitutionVariables)
            apps = try container.decodeIfPresent([String].self, forKey: .apps)
        }
    }

    /// One `details` entry: the apps it names, and the rules iOS tries for them, in order.
    public struct Detail: Codable, Equatable, Sendable {
        /// The apps, as `TEAMID.bundle.identifier`.
        public var appIDs: [String]
        /// The rules iOS tries in order; the first whose every part matches decides.
        public var components: [Component]
        /// The rules of files before iOS 13, used when there are no `components`: path patterns
        /// tried in order, a `NOT ` prefix making one an exclusion.
        public var paths: [String]?
        /// Values for this entry's rules that leave a key out, over the file's.
        public var defaults: Defaults?

        /// Creates an entry.
        public init(appIDs: [String], components: [Component], defaults: Defaults? = nil) {
            self.appIDs = appIDs
            self.components = components
            self.defaults = defaults
        }

        /// Creates an entry of the format before iOS 13: path patterns only.
        public init(appIDs: [String], paths: [String]) {
            self.appIDs = appIDs
            self.components = []
            self.paths = paths
        }

        private enum CodingKeys: String, CodingKey {
            case appIDs, appID, components, paths, defaults
        }

        /// Reads `appIDs`, or the single `appID` of the format before iOS 13; `components`,
        /// `paths` and `defaults` when present.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let appIDs = try container.decodeIfPresent([String].self, forKey: .appIDs) {
                self.appIDs = appIDs
            } else {
                self.appIDs = try container.decodeIfPresent(String.self, forKey: .appID).map { [$0] } ?? []
            }
            components = try container.decodeIfPresent([Component].self, forKey: .components) ?? []
            paths = try container.decodeIfPresent([String].self, forKey: .paths)
            defaults = try container.decodeIfPresent(Defaults.self, forKey: .defaults)
        }

        /// Writes `appIDs`, `components` (unless the entry has only `paths`), `paths` and
        /// `defaults` when it has them.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(appIDs, forKey: .appIDs)
            if paths == nil || !components.isEmpty {
                try container.encode(components, forKey: .components)
            }
            try container.encodeIfPresent(paths, forKey: .paths)
            try container.encodeIfPresent(defaults, forKey: .defaults)
        }

        /// The rules iOS evaluates: the components, else the legacy paths.
        var usesLegacyPaths: Bool { components.isEmpty && paths != nil }
    }

    /// A `defaults` dictionary: values for rules that leave a key out. In an entry it applies to
    /// the entry's rules; in `applinks`, to every entry's.
    public struct Defaults: Codable, Equatable, Sendable {
        /// Whether patterns compare letters by case. Apple's default is `true`.
        public var caseSensitive: Bool?
        /// Whether patterns are written percent-encoded and compared with the link as it is
        /// encoded. Apple's default is `true`; with `false`, the link is decoded first.
        public var percentEncoded: Bool?
        /// The path pattern (`"/"`) of rules without one.
        public var path: String?
        /// The query pattern (`"?"`) of rules without one.
        public var query: QueryPattern?
        /// The fragment pattern (`"#"`) of rules without one.
        public var fragment: String?
        /// Whether rules without their own `exclude` exclude: `true` blocks every rule that does
        /// not say otherwise.
        public var exclude: Bool?

        /// Creates defaults; `nil` keeps the next level's (Apple's in the end).
        public init(
            caseSensitive: Bool? = nil, percentEncoded: Bool? = nil, path: String? = nil,
            query: QueryPattern? = nil, fragment: String? = nil, exclude: Bool? = nil
        ) {
            self.caseSensitive = caseSensitive
            self.percentEncoded = percentEncoded
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
        }

        private enum CodingKeys: String, CodingKey {
            case caseSensitive, percentEncoded, exclude
            case path = "/"
            case query = "?"
            case fragment = "#"
        }

        /// Reads every key when present; a query dictionary holding a value that is not a string
        /// counts as no query pattern, as iOS reads it.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            caseSensitive = try container.decodeIfPresent(Bool.self, forKey: .caseSensitive)
            percentEncoded = try container.decodeIfPresent(Bool.self, forKey: .percentEncoded)
            exclude = try container.decodeIfPresent(Bool.self, forKey: .exclude)
            path = try container.decodeIfPresent(String.self, forKey: .path)
            query = QueryPattern.lenient(container, forKey: .query)
            fragment = try container.decodeIfPresent(String.self, forKey: .fragment)
        }
    }
}

extension AppSiteAssociation.QueryPattern {
    /// The query pattern under `key`, or `nil` when there is none or it is not one iOS reads (a
    /// dictionary holding a non-string value, which iOS ignores as a whole).
    static func lenient<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key) -> Self? {
        (try? container.decodeIfPresent(Self.self, forKey: key)) ?? nil
    }
}
