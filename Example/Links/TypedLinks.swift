import Switchyard

// The app's links as values. A controller reads its link whole with `request.decode(_:)`, and the
// app builds a link from a value with `router.url(for:_:)` (the tour does, for the Labs switch
// and Reply all), so the two ends of a link share one type.
//
// Each property reads the path parameter of its name, else the query item of its name: scalars
// and raw-value enums convert from their text, an optional is `nil` when the link lacks it, an
// array takes every value of a repeated item. A missing or malformed value answers 400, naming the
// key and the type.

/// `mailapp://messages/8?highlight=report`: a message, and a word to highlight in it, as a search
/// result links to it. Both message screens read it (``MessageController``).
struct MessageLink: Codable, Hashable, Sendable {
    var id: Int
    /// The word to highlight, `nil` for none.
    var highlight: String?

    enum CodingKeys: String, CodingKey {
        case id = "message_id"  // the routes' parameter
        case highlight
    }
}

/// `mailapp://compose?to=grace&to=linus&subject=Lunch`, and `mailapp://share?url=…`: the composer's
/// recipients and subject, and the link to share (``ComposeController``).
struct ComposeLink: Codable, Hashable, Sendable {
    /// Every `to=` item, in order; empty when there is none.
    var to: [String] = []
    var subject: String?
    /// The link to share. `/share` always has it (its route's query condition asks for `url`);
    /// `/compose` does not read it.
    var url: String?
}

/// `mailapp://settings/labs/threaded-messages?enabled=true`: what the Labs screen's switch sends
/// (``SettingsController/labs(session:)``). The flag reads by its raw value, `enabled` as a `Bool`.
struct LabsLink: Codable, Hashable, Sendable {
    var flag: FeatureFlag
    var enabled: Bool
}

/// `mailapp://settings/forwarding?to=grace@example.com`: what the Forwarding screen's Save button
/// sends (``SettingsController/forwarding(session:)``).
struct ForwardingLink: Codable, Hashable, Sendable {
    var to: String
}
