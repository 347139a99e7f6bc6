/// A feature that is still being rolled out, off until the user turns it on in Settings → Labs.
///
/// Flags live in the ``Session`` and reach each request through
/// ``MailMiddlewares/session(_:)``; a route behind a flag declines while it is off
/// (``MailPolicies/featureFlag(_:)``), so the link reaches the route it reached before the feature
/// existed. The raw value is how the flag is spelled in links: `mailapp://settings/labs/threaded-messages`.
enum FeatureFlag: String, CaseIterable, Codable, Sendable, LosslessStringConvertible {
    /// Messages open as a conversation, with their replies (``MessageRoutes``).
    case threadedMessages = "threaded-messages"

    /// Reads the spelling of links, so `request.params.require("flag", as: FeatureFlag.self)` works.
    init?(_ description: String) {
        self.init(rawValue: description)
    }

    var description: String { rawValue }
}
