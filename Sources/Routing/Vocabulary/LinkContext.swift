/// The link a constraint is checked for: what a ``Constraint/custom(_:_:)-(_,(Substring,LinkContext)->Bool)``
/// rule sees besides the value, so that a rule which depends on the site stays a constraint.
///
/// ```swift
/// // "Discussion:Chien" is a talk page on French Wikipedia, an article on English Wikipedia.
/// let talk = Constraint.custom("talkNamespace") { namespace, link in
///     Namespaces.talk[link.hostParameters["lang"] ?? "en"]?.contains(String(namespace)) ?? false
/// }
/// ```
///
/// `send`, ``Router/match(_:source:)``, ``Router/candidates(_:source:)``, ``Router/stack(for:source:)``
/// and explain check it against the link they route; reverse routing against the URL it builds
/// (``Router/path(for:_:)-(String,[String:String])`` builds a bare path: no scheme, no host).
public struct LinkContext: Sendable, Hashable {
    /// The link's scheme, lowercased (`https`, `mailapp`); `nil` for a bare path.
    public var scheme: String?
    /// The link's host as the router matched it (lowercased, mapped to punycode); `nil` for a
    /// bare path and for a custom scheme that does not carry a host
    /// (``Router/Configuration/hostSchemes``).
    public var host: String?
    /// The values of the host parameters of the route being checked (`:lang.wikipedia.org` on
    /// `fr.wikipedia.org` gives `["lang": "fr"]`); empty when it has none or the link has no host.
    public var hostParameters: [String: String]

    /// Creates a context; tests of a custom rule build one.
    public init(scheme: String? = nil, host: String? = nil, hostParameters: [String: String] = [:]) {
        self.scheme = scheme
        self.host = host
        self.hostParameters = hostParameters
    }

    /// A bare path's context: no scheme, no host, no host parameters.
    public static let path = LinkContext()
}
