/// Why the parser refused a URL: what kind of refusal, and a message that names the fix.
///
/// The parser sits beneath the router's vocabulary, so it says what went wrong in its own terms;
/// the router turns a rejection into the ``RoutingError`` a caller sees, with the status the kind
/// stands for, in one place (`RoutingError.init(_:)`).
struct URLRejection: Error, Hashable, Sendable {
    /// What kind of refusal: each stands for one response status.
    enum Kind: Hashable, Sendable {
        /// The URL is malformed or holds what no link may hold.
        case badRequest
        /// The URL is well formed, but no route could ever be for it.
        case notFound
        /// The URL is over one of the router's limits.
        case uriTooLong
    }

    let kind: Kind
    let message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
