import Foundation

/// The `apple-app-site-association` file of one domain: which of its `https` links iOS opens in
/// your app (universal links) instead of the browser.
///
/// Build it from the route table with ``Router/appSiteAssociation(appIDs:host:)`` and serve
/// ``jsonData()`` at `https://<host>/.well-known/apple-app-site-association`. Decode a deployed
/// file with `JSONDecoder` to check it: ``matches(_:)`` answers what iOS would do with a link, and
/// ``Router/coverage(of:host:)`` lists the public routes the file fails to open.
///
/// ```swift
/// let file = router.appSiteAssociation(appIDs: ["ABCDE12345.com.example.mail"], host: "mail.example.com")
/// try file.jsonData().write(to: wellKnown.appendingPathComponent("apple-app-site-association"))
/// file.matches("https://mail.example.com/messages/7")   // true
/// ```
///
/// The `Codable` form is the file itself, in Apple's `applinks.details[].components` format
/// (iOS 13 and later). The ``host`` is not part of it: a decoded file has none, so it checks the
/// path, query and fragment of a link whatever its host. Two values are equal when their files
/// are, whatever their hosts.
public struct AppSiteAssociation: Codable, Equatable, Sendable {
    /// The `applinks` dictionary: universal links.
    public var applinks: AppLinks
    /// The domain this file is for, when it was built for one. Not written to the file.
    public var host: String?

    /// The file's `applinks` dictionary.
    public struct AppLinks: Codable, Equatable, Sendable {
        /// One entry per group of apps sharing one list of components.
        public var details: [Detail]
        /// The `caseSensitive` and `percentEncoded` values that components of every entry take
        /// when they do not give their own (iOS 14 and later).
        public var defaults: Defaults?

        /// Creates the dictionary from its entries.
        public init(details: [Detail], defaults: Defaults? = nil) {
            self.details = details
            self.defaults = defaults
        }
    }

    /// One `details` entry: the apps it names, and the components iOS tries, in order.
    public struct Detail: Codable, Equatable, Sendable {
        /// The apps, as `TEAMID.bundle.identifier`.
        public var appIDs: [String]
        /// The patterns iOS tries in order; the first that matches decides.
        public var components: [Component]
        /// Defaults for this entry's components, over the file's.
        public var defaults: Defaults?

        /// Creates an entry.
        public init(appIDs: [String], components: [Component], defaults: Defaults? = nil) {
            self.appIDs = appIDs
            self.components = components
            self.defaults = defaults
        }

        private enum CodingKeys: String, CodingKey {
            case appIDs, appID, components, defaults
        }

        /// Reads `appIDs`, or the single `appID` of the format before iOS 13. Entries without
        /// `components` (the older `paths` format) decode with none.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            if let appIDs = try container.decodeIfPresent([String].self, forKey: .appIDs) {
                self.appIDs = appIDs
            } else {
                self.appIDs = try container.decodeIfPresent(String.self, forKey: .appID).map { [$0] } ?? []
            }
            components = try container.decodeIfPresent([Component].self, forKey: .components) ?? []
            defaults = try container.decodeIfPresent(Defaults.self, forKey: .defaults)
        }

        /// Writes `appIDs`, `components` and `defaults` when it has them.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(appIDs, forKey: .appIDs)
            try container.encode(components, forKey: .components)
            try container.encodeIfPresent(defaults, forKey: .defaults)
        }
    }

    /// The `defaults` dictionary: values for components that leave a key out.
    public struct Defaults: Codable, Equatable, Sendable {
        /// Whether patterns compare letters by case. Apple's default is `true`.
        public var caseSensitive: Bool?
        /// Whether patterns are written percent-encoded and compared with the link as it is
        /// encoded. Apple's default is `true`; with `false`, the link is decoded first.
        public var percentEncoded: Bool?

        /// Creates defaults; `nil` keeps Apple's.
        public init(caseSensitive: Bool? = nil, percentEncoded: Bool? = nil) {
            self.caseSensitive = caseSensitive
            self.percentEncoded = percentEncoded
        }
    }

    /// Creates a file from its `applinks` dictionary.
    ///
    /// - Parameters:
    ///   - applinks: The universal links part.
    ///   - host: The domain the file is served from, or `nil` to check links whatever their host.
    public init(applinks: AppLinks, host: String? = nil) {
        self.applinks = applinks
        self.host = host
    }

    private enum CodingKeys: String, CodingKey {
        case applinks
    }

    /// Reads a file; other services' keys (`webcredentials`, `appclips`) are ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        applinks = try container.decode(AppLinks.self, forKey: .applinks)
        host = nil
    }

    /// Writes the file: the `applinks` dictionary only.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(applinks, forKey: .applinks)
    }

    /// The file's bytes, stable from one run to the next: keys sorted, pretty printed, `/` not
    /// escaped, ending with a newline. Serve them with the `application/json` content type.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, booleans and arrays of them cannot fail to encode.
        guard var data = try? encoder.encode(self) else {
            preconditionFailure("unencodable AppSiteAssociation")
        }
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Whether iOS would open `url` in an app of this file, by Apple's documented evaluation:
    /// within an entry, components are tried in order and the first whose every given part
    /// matches decides (an `exclude` one says no); a link no component matches stays in the
    /// browser.
    ///
    /// - Parameter url: An `https` (or `http`) URL, which must name ``host`` when the file has
    ///   one, or a path with an optional query and fragment (`/messages/7?tab=all`).
    /// - Returns: `true` when an entry's components open the link.
    public func matches(_ url: String) -> Bool {
        if case .opened = verdict(for: url) { return true }
        return false
    }

    /// Compares the files, not the hosts.
    public static func == (lhs: AppSiteAssociation, rhs: AppSiteAssociation) -> Bool {
        lhs.applinks == rhs.applinks
    }
}
