import Foundation

/// The `apple-app-site-association` file of one domain: which of its `https` links iOS opens in
/// your app (universal links) instead of the browser.
///
/// Build it from the route table with ``Router/appSiteAssociation(appIDs:host:)`` and serve
/// ``jsonData()`` at `https://<host>/.well-known/apple-app-site-association`. Decode a deployed
/// file with `JSONDecoder` to check it: ``verdict(for:appID:)`` answers what iOS would do with a
/// link, by the rules iOS applies (see "How iOS reads the file" in the Universal Links docs), and
/// ``Router/coverage(of:host:)`` lists the public routes the file fails to open.
///
/// ```swift
/// let file = router.appSiteAssociation(appIDs: ["ABCDE12345.com.example.mail"], host: "mail.example.com")
/// try file.jsonData().write(to: URL(fileURLWithPath: "apple-app-site-association"))
/// file.matches("https://mail.example.com/messages/7")   // true
/// ```
///
/// The `Codable` form is the file itself: Apple's `applinks.details[].components` format (iOS 13
/// and later), the older forms iOS still reads (`paths`, `appID`, `details` as a dictionary), and
/// the other services (`webcredentials`, `appclips`, `activitycontinuation`), which decoding and
/// encoding keep. The ``host`` is not part of it: a decoded file has none, so it checks the path,
/// query and fragment of a link whatever its host. Two values are equal when their files are,
/// whatever their hosts.
public struct AppSiteAssociation: Codable, Equatable, Sendable {
    /// The `applinks` dictionary: universal links. Empty for a file without one.
    public var applinks: AppLinks
    /// The `webcredentials` dictionary (shared passwords), kept as read.
    public var webcredentials: AppList?
    /// The `appclips` dictionary (App Clips), kept as read.
    public var appclips: AppList?
    /// The `activitycontinuation` dictionary (Handoff), kept as read.
    public var activitycontinuation: AppList?
    /// The domain this file is for, when it was built for one. Not written to the file.
    public var host: String?

    /// Apple's documented limit for the file: 128 KB. iOS does not read a larger one, and the
    /// command line refuses to print one.
    public static let sizeLimit = 128 * 1024

    /// A service's dictionary of apps (`webcredentials`, `appclips`, `activitycontinuation`).
    public struct AppList: Codable, Equatable, Sendable {
        /// The apps, as `TEAMID.bundle.identifier`.
        public var apps: [String]

        /// Creates the dictionary.
        public init(apps: [String]) {
            self.apps = apps
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
        case applinks, webcredentials, appclips, activitycontinuation
    }

    /// Reads a file: `applinks` and the other services, each optional (a file with only
    /// `webcredentials` is a file iOS reads). Unknown keys are ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        applinks = try container.decodeIfPresent(AppLinks.self, forKey: .applinks) ?? AppLinks(details: [])
        webcredentials = try container.decodeIfPresent(AppList.self, forKey: .webcredentials)
        appclips = try container.decodeIfPresent(AppList.self, forKey: .appclips)
        activitycontinuation = try container.decodeIfPresent(AppList.self, forKey: .activitycontinuation)
        host = nil
    }

    /// Writes the file: `applinks` (unless it is empty and another service is there), then the
    /// other services it has.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let others = [webcredentials, appclips, activitycontinuation].contains { $0 != nil }
        if !others || applinks != AppLinks(details: []) {
            try container.encode(applinks, forKey: .applinks)
        }
        try container.encodeIfPresent(webcredentials, forKey: .webcredentials)
        try container.encodeIfPresent(appclips, forKey: .appclips)
        try container.encodeIfPresent(activitycontinuation, forKey: .activitycontinuation)
    }

    /// The file's bytes, the same on every OS and from one run to the next: keys sorted by their
    /// UTF-8 bytes, pretty printed (two spaces of indent, `"key" : value`), `/` not escaped,
    /// non-ASCII text as UTF-8, ending with a newline. Switchyard writes them itself, not with
    /// `JSONEncoder`, whose key order and escapes differ between OS versions. Serve them with the
    /// `application/json` content type.
    public func jsonData() -> Data {
        // Strings, booleans and arrays and dictionaries of them cannot fail to encode.
        guard var data = try? JSONWriter(style: .pretty).encode(self) else {
            preconditionFailure("unencodable AppSiteAssociation")
        }
        data.append(UInt8(ascii: "\n"))
        return data
    }

    /// Compares the files, not the hosts.
    public static func == (lhs: AppSiteAssociation, rhs: AppSiteAssociation) -> Bool {
        lhs.applinks == rhs.applinks && lhs.webcredentials == rhs.webcredentials
            && lhs.appclips == rhs.appclips && lhs.activitycontinuation == rhs.activitycontinuation
    }
}
