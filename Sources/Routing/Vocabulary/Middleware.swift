/// A transform that runs before policies and returns the request to go on with.
///
/// Middlewares add data (``Request/adding(_:)``); they cannot change a request's ``Source``.
///
/// ```swift
/// let stamp = Middleware("stamp") { request in
///     request.adding(["receivedAt": ContinuousClock.now])
/// }
/// ```
public struct Middleware: Sendable {
    /// The name shown by ``Router/routeTable`` and ``Router/explain(_:source:)``.
    public let name: String
    let transform: @Sendable (Request) async throws -> Request

    /// Creates a middleware from a name and a transform.
    public init(_ name: String, _ transform: @escaping @Sendable (Request) async throws -> Request) {
        self.name = name
        self.transform = transform
    }

    /// Runs the transform on a request.
    public func apply(to request: Request) async throws -> Request {
        try await transform(request)
    }
}
