/// What runs once a hop has its request: the route's stages and controller, or the not-found
/// answer, and the answer of a cancelled sender.
extension RequestPipeline {
    /// The answer when no route is for the URL: the router's `notFound` controller, or a plain 404.
    func notFound(_ request: Request) async -> Response {
        guard let controller = storage.configuration.notFound else {
            return Response(request: request, status: .notFound)
        }
        if Task.isCancelled { return cancelled(request) }
        do {
            return try await controller(request)
        } catch {
            // `RouteDeclined` included: with no candidate left it answers as a missing route.
            return ErrorResponder.response(for: error, to: request)
        }
    }

    /// The route's answer, or `nil` when a stage declined (``RouteDeclined``,
    /// ``PolicyResult/declined``). Cancellation is checked after each stage, before the next one
    /// or the controller runs; the callers check it just before calling.
    @inline(__always)
    func runStages(of stages: CompiledRoute.Stages, _ initial: Request) async -> Response? {
        var request = initial
        do {
            for middleware in stages.middlewares {
                let transformed = try await middleware.transform(request)
                // A middleware that hands its request back (the common case) changed nothing.
                guard
                    transformed.isIdentical(to: request)
                        || (transformed.source == initial.source && transformed.url == initial.url)
                else {
                    throw RoutingError(
                        .internalError, "middleware '\(middleware.name)' returned a different request")
                }
                request = transformed
                if Task.isCancelled { return cancelled(request) }
            }
            for policy in stages.policies {
                switch try await policy.check(request) {
                case .verified: if Task.isCancelled { return cancelled(request) }
                case .failed(let response): return response
                case .declined: return nil
                }
            }
            return try await stages.controller(request)
        } catch is RouteDeclined {
            return nil
        } catch {
            return ErrorResponder.response(for: error, to: request)
        }
    }

    /// The 499 of a request whose sending task was cancelled.
    func cancelled(_ request: Request) -> Response {
        Response.failure(request, .cancelled, "the sending task was cancelled")
    }
}
