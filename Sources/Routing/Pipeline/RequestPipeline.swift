/// Runs one URL through a router: parse, rewrite and match (``RouterStorage/resolve(_:source:tracer:)``),
/// then the route's stages, errors turned into responses, redirects followed and observers told.
struct RequestPipeline {
    let storage: RouterStorage
    let data: [String: any Sendable]
    let source: Source

    /// The final response, after following in-router redirects; observers have seen it.
    func run(_ url: String) async -> Response {
        // Reading the clock costs a little on every send; only observers need the duration.
        guard !storage.configuration.observers.isEmpty else {
            let response = await respondOnce(url)
            // The code first: comparing a `Status` compares its reason too.
            guard response.status.code == Status.seeOther.code, response.status == .seeOther else {
                return response
            }
            return await followRedirects(from: url, response)
        }
        let start = ContinuousClock.now
        let response = await respondFollowingRedirects(url)
        let duration = ContinuousClock.now - start
        for observer in storage.configuration.observers {
            await observer.didRespond(response, duration: duration)
        }
        return response
    }

    private func respondFollowingRedirects(_ url: String) async -> Response {
        let response = await respondOnce(url)
        // The code first: comparing a `Status` compares its reason too.
        guard response.status.code == Status.seeOther.code, response.status == .seeOther else {
            return response
        }
        return await followRedirects(from: url, response)
    }

    /// Follows in-router redirects; the `visited` set is built only once a redirect happened.
    private func followRedirects(from url: String, _ first: Response) async -> Response {
        let maxRedirects = storage.configuration.maxRedirects
        var response = first
        var visited: Set<String> = [url]
        var hops = 0
        while response.status == .seeOther, let location = response.location {
            switch RedirectLocation.classify(location, served: storage.served) {
            case .follow: break
            case .handBack: return response
            case .refuse:
                return ErrorResponder.response(
                    status: .badRequest,
                    message: "refused redirect to '\(location)': a scheme that never names an app",
                    to: response.request)
            }
            hops += 1
            guard hops <= maxRedirects, visited.insert(location).inserted else {
                let reason =
                    hops > maxRedirects
                    ? "more than \(maxRedirects) redirects" : "redirect loop at \(location)"
                return ErrorResponder.response(status: .loopDetected, message: reason, to: response.request)
            }
            response = await respondOnce(location)
        }
        return response
    }

    // Inlined, as is `runStages`: every async call allocates a frame from the task.
    @inline(__always)
    private func respondOnce(_ url: String) async -> Response {
        // A cancelled sender gets 499 whatever the URL, also between redirect hops, so the
        // answer to a cancelled task does not depend on which route (or none) the URL reaches.
        if Task.isCancelled { return cancelled(makeRequest(url, match: nil, resolved: nil)) }
        switch route(url) {
        case .answered(let response): return response
        case .unmatched(let request): return await notFound(request)
        case .matched(let request, let stages): return await runStages(of: stages, request)
        }
    }

    /// What the synchronous half of a hop decided: small, so the async frame stays small.
    private enum Routed {
        case answered(Response)
        case unmatched(Request)
        case matched(Request, CompiledRoute.Stages)
    }

    /// Resolves `url` and builds its request. Synchronous and not inlined: the resolver's large
    /// values live on this stack frame, not in the task's async frame, where every one of them
    /// would be copied in and out.
    @inline(never)
    private func route(_ url: String) -> Routed {
        var tracer = SilentTracer()
        switch storage.resolve(url, source: source, tracer: &tracer) {
        case .rejected(let rejection):
            let request = makeRequest(url, match: nil, resolved: nil)
            return .answered(
                ErrorResponder.response(status: rejection.status, message: rejection.reason, to: request))
        case .unmatched(let resolved):
            return .unmatched(makeRequest(url, match: nil, resolved: resolved))
        case .matched(let match, let resolved):
            // An external request walked the public routes only: a private route never matches it.
            return .matched(
                makeRequest(url, match: match, resolved: resolved), storage.stages[match.routeIndex])
        }
    }

    private func makeRequest(_ url: String, match: RouteMatch?, resolved: ResolvedURL?) -> Request {
        guard let resolved else {
            return Request(
                url: url, path: "", fragment: nil, route: nil, params: Parameters(), query: Query(),
                data: data,
                source: source)
        }
        let parsed = resolved.parsed
        return Request(
            url: url, path: resolved.path, fragment: parsed.decodedFragment, route: match?.route,
            params: match?.params ?? Parameters(),
            query: resolved.query
                ?? URLParser.query(of: parsed, plusAsSpace: storage.configuration.plusAsSpace),
            data: data,
            source: source)
    }

    private func notFound(_ request: Request) async -> Response {
        guard let controller = storage.configuration.notFound else {
            return Response(request: request, status: .notFound)
        }
        if Task.isCancelled { return cancelled(request) }
        do {
            return try await controller(request)
        } catch {
            return ErrorResponder.response(for: error, to: request)
        }
    }

    @inline(__always)
    private func runStages(of stages: CompiledRoute.Stages, _ initial: Request) async -> Response {
        var request = initial
        do {
            for middleware in stages.middlewares {
                if Task.isCancelled { return cancelled(request) }
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
            }
            for policy in stages.policies {
                if Task.isCancelled { return cancelled(request) }
                if case .failed(let response) = try await policy.check(request) { return response }
            }
            if Task.isCancelled { return cancelled(request) }
            return try await stages.controller(request)
        } catch {
            return ErrorResponder.response(for: error, to: request)
        }
    }

    private func cancelled(_ request: Request) -> Response {
        ErrorResponder.response(status: .cancelled, message: "the sending task was cancelled", to: request)
    }
}
