/// The App Links data another app sent with a URL (`al_applink_data`), parsed by
/// ``AppLinks/parser``.
///
/// ```swift
/// // mailapp://messages/7?al_applink_data={"target_url":"https://mail.example.com/messages/7",…}
/// if let link = request.appLink {
///     print(link.targetURL, link.referer?.appName ?? "unknown app")
/// }
/// ```
///
/// Every string is as the sender wrote it: validate ``targetURL`` and ``Referer/url`` (for
/// example with `SafeRedirectPolicy.isAllowed`) before opening them.
public struct AppLink: Sendable, Hashable {
    /// The key of ``Request/data`` under which ``AppLinks/parser`` stores the parsed value.
    public static let dataKey = "switchyard.appLink"

    /// The app that sent the link (`referer_app_link`).
    public struct Referer: Sendable, Hashable {
        /// A URL that goes back to the referring app (`url`).
        public let url: String?
        /// The referring app's display name (`app_name`).
        public let appName: String?
        /// The referring app's own target URL (`target_url`).
        public let targetURL: String?

        /// Creates a referer.
        public init(url: String? = nil, appName: String? = nil, targetURL: String? = nil) {
            self.url = url
            self.appName = appName
            self.targetURL = targetURL
        }
    }

    /// The URL the link stands for (`target_url`), usually the web page of the content.
    public let targetURL: String
    /// Extra data from the sender (`extras`). Strings are kept as they are, numbers and booleans
    /// become their JSON text, nested arrays and objects their compact JSON (keys sorted by their
    /// UTF-8 bytes, the same on every OS); `null` values are dropped.
    public let extras: [String: String]
    /// The app that sent the link, when it said.
    public let referer: Referer?
    /// The App Links protocol version (`version`), when given.
    public let version: String?

    /// Creates an App Link value.
    public init(
        targetURL: String, extras: [String: String] = [:], referer: Referer? = nil, version: String? = nil
    ) {
        self.targetURL = targetURL
        self.extras = extras
        self.referer = referer
        self.version = version
    }
}
