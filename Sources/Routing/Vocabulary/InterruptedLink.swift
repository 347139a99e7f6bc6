/// A link a policy interrupted (typically to sign in first), with the source it arrived with.
///
/// An outside link must stay an outside link after sign-in. An app that, once the user signs in,
/// sends the `next` path of `/sign-in?next=…` in-app gives whoever wrote that `next` (any web page
/// or app can open `/sign-in?next=/settings/labs/…`) the app's own authority: private routes
/// included. An interrupted link keeps the link's source, so ``Connection/resume(_:data:router:)``
/// sends it exactly as it first arrived.
///
/// `SignInPolicy.redirect(to:isSignedIn:)` (SwitchyardPolicies) puts one in the redirect's data,
/// which no URL can forge, so the sign-in route reads it with ``Request/interruptedLink``:
///
/// ```swift
/// // The sign-in route's controller keeps the link for the screen it shows:
/// let resumeAfterSignIn = request.interruptedLink
/// // Once the user has signed in:
/// if let link = resumeAfterSignIn {
///     let response = await Connection.resume(link, router: router)
/// }
/// ```
///
/// Encoded as JSON it is `{"source":"external","sourceApplication":"com.example.chat","url":"…"}`
/// (`sourceApplication` absent when the OS reported none, `"source":"app"` for an in-app link),
/// so an app can keep it across launches (see `PendingLinks.hold(_:)` in SwitchyardMiddlewares).
public struct InterruptedLink: Sendable, Hashable, Codable {
    /// The link as it arrived at the interrupted request: its scheme, host, path and query, before
    /// any rewrite. After an in-router redirect, it is the URL the redirect led to.
    public let url: String
    /// Who sent the link: an external link is resumed as an external link.
    public let source: Source

    /// The ``Request/data`` key under which a redirect carries the interrupted link.
    public static let dataKey = "interruptedLink"

    /// A link to resume later with `source`. Only app code builds one: a link read from a URL
    /// (a `next` query item) must never be given ``Source/app``.
    public init(url: String, source: Source) {
        self.url = url
        self.source = source
    }

    /// The link `request` arrived as, with its source: what a policy that interrupts `request`
    /// carries to the route it redirects to.
    ///
    /// ```swift
    /// Policy("pin") { request in
    ///     if await locks.isUnlocked { return .verified }
    ///     return .failed(
    ///         .redirect(request, to: "/unlock", data: [InterruptedLink.dataKey: InterruptedLink(request)]))
    /// }
    /// ```
    public init(_ request: Request) {
        self.init(url: request.url, source: request.source)
    }

    private enum CodingKeys: String, CodingKey {
        case source, sourceApplication, url
    }

    /// Reads `{"source": "app" | "external" | "content", "sourceApplication": …, "url": …}`;
    /// unknown keys are ignored, and any other `source` is a `DecodingError`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decode(String.self, forKey: .url)
        let kind = try container.decode(String.self, forKey: .source)
        let application = try container.decodeIfPresent(String.self, forKey: .sourceApplication)
        guard let source = Source(kind: kind, sourceApplication: application) else {
            throw DecodingError.dataCorruptedError(
                forKey: .source, in: container,
                debugDescription: "source '\(kind)' is not 'app', 'external' or 'content'")
        }
        self.source = source
    }

    /// Writes the keys ``init(from:)`` reads; `sourceApplication` only when there is one.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(url, forKey: .url)
        try container.encode(source.kind, forKey: .source)
        try container.encodeIfPresent(source.application, forKey: .sourceApplication)
    }
}

extension Request {
    /// The link a policy interrupted before redirecting here, carried in the redirect's data (see
    /// ``InterruptedLink``); `nil` when this request was not reached that way.
    ///
    /// Data is set only by the app (in-app `send`'s `data:`, middlewares, redirects), never by a
    /// URL, so a link cannot forge this.
    public var interruptedLink: InterruptedLink? { data[InterruptedLink.dataKey] as? InterruptedLink }
}
