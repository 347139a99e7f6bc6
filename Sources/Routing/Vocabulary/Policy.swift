/// A check that lets a request through or ends it with a response.
///
/// Policies run after middlewares, in order: the router's (minus the names a route lists in
/// `skipping:`), then the group's, then the route's. The first `.failed` ends the request.
///
/// ```swift
/// let signedIn = Policy("signedIn") { request in
///     request.data["session"] == nil
///         ? .failed(Response(request: request, status: .unauthorized))
///         : .verified
/// }
/// ```
public struct Policy: Sendable {
    /// The name used by `skipping:`, ``Router/routeTable`` and ``Router/explain(_:source:)``.
    public let name: String
    let check: @Sendable (Request) async throws -> PolicyResult

    /// Creates a policy from a name and a check.
    public init(_ name: String, _ check: @escaping @Sendable (Request) async throws -> PolicyResult) {
        self.name = name
        self.check = check
    }

    /// Runs the check on a request.
    public func evaluate(_ request: Request) async throws -> PolicyResult {
        try await check(request)
    }
}
