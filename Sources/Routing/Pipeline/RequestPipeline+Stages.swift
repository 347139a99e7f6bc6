/// What runs once a hop has its request: the route's stages and controller, or the not-found
/// answer, and the answer of a cancelled sender.
extension RequestPipeline {
    /// The answer when no route is for the URL: the router's `notFound` controller, or a plain 404
    /// (for an in-app request, with a ``RoutingError`` saying why and what to look at).
    /// `declined`: the candidates that ran and declined, when every one did.
    func notFound(_ request: Request, declined: [Route] = []) async -> Response {
        guard let controller = storage.configuration.notFound else {
            // Only an in-app caller gets a message, so only for one is it built.
            if request.isExternal { return Response(request: request, status: .notFound) }
            return Response.failure(request, .notFound, notFoundMessage(for: request, declined: declined))
        }
        if Task.isCancelled { return cancelled(request) }
        do {
            return try await controller(request)
        } catch is RouteDeclined {
            // With no candidate left, a decline answers as a missing route.
            if request.isExternal { return Response(request: request, status: .notFound) }
            return Response.failure(
                request, .notFound,
                "the notFound controller declined \(request.url) (it threw RouteDeclined), and no route is left to try"
            )
        } catch {
            return ErrorResponder.response(for: error, to: request)
        }
    }

    /// Why no route answered the in-app `request`, and where to look: routes that all declined, a
    /// link the router does not serve, or no route at all, with the routes nearest the path
    /// (`CompiledRouter.nearestRoutes`). Only for an in-app 404 without a `notFound` controller;
    /// read from the request's URL as resolved and the candidates given.
    @inline(never)
    private func notFoundMessage(for request: Request, declined: [Route]) -> String {
        let url = request.url
        if !declined.isEmpty {
            let routes = declined.map(\.label)
            return "every route for \(url) declined (a stage threw RouteDeclined or a policy answered "
                + ".declined): \(routes.joined(separator: ", ")); router.candidates(\"\(url)\") "
                + "lists them in the order they ran"
        }
        if let parsed = request.resolved?.parsed, !parsed.isServed {
            switch parsed.link {
            case .web(let host):
                return "no route is for \(url): the router does not serve the host "
                    + "'\(parsed.string.substring(utf8: host))'; add it to Configuration.hosts to route "
                    + "its links, or set a notFound controller to open them in a web view"
            case .custom(let scheme):
                return "no route is for \(url): the router does not serve the scheme "
                    + "'\(parsed.string.substring(utf8: scheme))'; add it to Configuration.schemes"
            case .hosted(let host):
                let scheme = parsed.schemeName ?? ""
                return "no route is for \(url): the router does not serve links of '\(scheme)' to the host "
                    + "'\(parsed.string.substring(utf8: host))'; Configuration.hosts must serve the host, "
                    + "and Configuration.schemes the scheme"
            case .path: break
            }
        }
        // Only now, with the answer known to be an in-app 404, are the routes compared with the path.
        let nearest = storage.nearestRoutes(to: request.path, of: request.resolved).map(\.label)
        let suggestion = nearest.isEmpty ? "" : "; nearest: " + nearest.joined(separator: ", ")
        return "no route matches \(url)\(suggestion); router.explain(\"\(url)\") shows, segment by "
            + "segment, where matching stopped"
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
                guard transformed.keepsTarget(of: request, initial: initial) else {
                    throw RoutingError(
                        .internalError,
                        "middleware '\(middleware.name)' returned a request for another URL or source; a "
                            + "middleware only adds data: return request.adding([…]), and redirect from a "
                            + "controller to go elsewhere")
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
        } catch {
            // `catch is RouteDeclined` asks the runtime for a dynamic cast on every throw. A
            // decline is a struct, so its dynamic type is exactly `RouteDeclined`, and comparing
            // the type is the same test for a fraction of the cost of a cast.
            if ObjectIdentifier(type(of: error)) == ObjectIdentifier(RouteDeclined.self) { return nil }
            return ErrorResponder.response(for: error, to: request)
        }
    }

    /// The 499 of a request whose sending task was cancelled.
    func cancelled(_ request: Request) -> Response {
        Response.failure(
            request, .cancelled,
            "the task that sent the request was cancelled: no stage runs after a cancellation")
    }
}
