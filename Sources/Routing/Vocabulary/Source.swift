/// Where a request came from. Only ``Connection`` and ``Router`` choose it.
///
/// An `.external` request only ever reaches routes marked `isPublic`.
public enum Source: Sendable, Hashable, CustomStringConvertible {
    /// Sent from inside the app: every route is reachable.
    case app
    /// Opened by another app or a web page. `sourceApplication` is the bundle identifier the OS
    /// reported, or `nil` when it reported none (the normal case for other teams' apps).
    case external(sourceApplication: String?)

    /// `"app"`, `"external"` or `"external(com.example.other)"`.
    public var description: String {
        switch self {
        case .app: "app"
        case .external(let application?): "external(\(application))"
        case .external(nil): "external"
        }
    }
}
