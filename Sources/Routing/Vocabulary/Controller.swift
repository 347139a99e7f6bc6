/// The last stage of a route: turns a verified request into a ``Response``.
///
/// ```swift
/// let show: Controller = { request in
///     let id = try request.params.require("message_id", as: Int.self)
///     return Response(request: request, data: ["id": id])
/// }
/// ```
public typealias Controller = @Sendable (Request) async throws -> Response
