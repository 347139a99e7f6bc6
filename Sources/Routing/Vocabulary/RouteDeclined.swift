/// Thrown by a middleware, policy or controller to say "this route does not take the request":
/// the route counts as not matched, and the next candidate (``Router/candidates(_:source:)``)
/// runs with its own full chain, from the request as the router built it. With no candidate left,
/// the not-found answer comes. What the declined route's stages already did is not undone.
///
/// ```swift
/// Route("/posts/:id", isPublic: true) { request in
///     guard let post = try await store.post(request.params.require("id", as: Int.self)) else {
///         throw RouteDeclined()        // not a post: maybe the next route knows this path
///     }
///     return Response(request: request, data: ["post": post])
/// }
/// ```
///
/// A ``ResponseError`` with status ``Status/notFound``: thrown where there is no next candidate
/// to try (from the `notFound` controller), it answers exactly as a missing route does.
public struct RouteDeclined: ResponseError, Sendable, Hashable {
    /// Creates the error.
    public init() {}

    /// ``Status/notFound``.
    public var status: Status { .notFound }
}
