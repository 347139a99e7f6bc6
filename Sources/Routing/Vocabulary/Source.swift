/// Where a request came from. Only ``Connection`` and ``Router`` choose it.
///
/// An `.external` or `.content` request only ever reaches routes marked `isPublic`: only the app's
/// own code may send `.app`.
///
/// | The link | Its source | Sent with |
/// |---|---|---|
/// | The app's own buttons and screens | `.app` | ``Connection/send(_:data:router:trusted:)`` |
/// | The OS: another app, Safari, a notification | `.external` | ``Connection/send(fromPublicURL:sourceApplication:router:)-(String,_,_)`` |
/// | Content the app shows but did not write: a message, a comment, a web page | `.content` | ``Connection/send(contentLink:data:router:)`` |
public enum Source: Sendable, Hashable, CustomStringConvertible {
    /// Sent from inside the app: every route is reachable.
    case app
    /// Opened by another app or a web page. `sourceApplication` is the bundle identifier the OS
    /// reported, or `nil` when it reported none (the normal case for other teams' apps).
    case external(sourceApplication: String?)
    /// Tapped in content the app shows but did not write (a message body, a comment, a web page
    /// in a web view): the link's author is whoever wrote the content, so it reaches exactly what
    /// an outside link reaches. No application sent it: ``Request/sourceApplication`` is `nil`.
    case content

    /// `"app"`, `"external"`, `"external(com.example.other)"` or `"content"`.
    public var description: String {
        switch self {
        case .app: "app"
        case .external(let application?): "external(\(application))"
        case .external(nil): "external"
        case .content: "content"
        }
    }

    /// The source's kind as a file writes it (``InterruptedLink``'s and the history's `source`
    /// key): `"app"`, `"external"` or `"content"`; the application is a key of its own.
    package var kind: String {
        switch self {
        case .app: "app"
        case .external: "external"
        case .content: "content"
        }
    }

    /// The application an external source names; `nil` for the others, which no application sent.
    package var application: String? {
        if case .external(let application) = self { return application }
        return nil
    }

    /// The source a file's `source` and `sourceApplication` keys write; `nil` for an unknown kind.
    /// Only an external source has an application: the key is ignored for the others.
    package init?(kind: String, sourceApplication: String?) {
        switch kind {
        case "app": self = .app
        case "external": self = .external(sourceApplication: sourceApplication)
        case "content": self = .content
        default: return nil
        }
    }
}
