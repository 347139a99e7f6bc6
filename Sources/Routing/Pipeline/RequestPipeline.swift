/// Runs one URL through a router: parse, rewrite and match (``CompiledRouter/resolve(_:source:tracer:)``),
/// then the route's stages, the next candidates when a route declines or continues, errors turned
/// into responses, redirects followed and observers told.
///
/// Each hop's URL is parsed and rewritten once: the candidates after a decline walk from the
/// request's ``Request/resolved`` URL, and a redirect's location is parsed once, when it is read.
struct RequestPipeline {
    let storage: CompiledRouter
    let data: [String: any Sendable]
    let source: Source

    /// The final response, after following in-router redirects; observers have seen it.
    func run(_ url: String) async -> Response {
        // Tested first: a router without the option passes its URL on untouched.
        if storage.readsProtocolRelative { return await runReadingProtocolRelative(url) }
        return await inContext { await observed(url) }
    }

    @inline(never)
    private func runReadingProtocolRelative(_ url: String) async -> Response {
        let url = storage.absolute(url, source: source)
        return await inContext { await observed(url) }
    }

    /// Every answer of the chain the URL starts (``Connection/sendAll(_:data:router:trusted:)``):
    /// the last is what ``run(_:)`` returns.
    func runAll(_ url: String) async -> [Response] {
        let url = storage.readsProtocolRelative ? storage.absolute(url, source: source) : url
        return await inContext { await observedAll(url) }
    }

    /// Runs `body` with an external or content request's source in the task, so that re-sending
    /// from one of its stages keeps it (see `ExternalContext`).
    @inline(__always)
    private func inContext<Result>(_ body: () async -> Result) async -> Result {
        if case .app = source { return await body() }
        let running = ExternalContext.Running(source: source, storage: storage)
        return await ExternalContext.$running.withValue(running) { await body() }
    }

    @inline(__always)
    private func observed(_ url: String) async -> Response {
        // Only observers need the duration: without them, no clock is read.
        guard !storage.configuration.observers.isEmpty else { return await respondFollowingRedirects(url) }
        return await timed(url)
    }

    /// ``observed(_:)`` with observers. Not inlined: a `ContinuousClock.Instant` is of a size
    /// known only at run time, so an async function holding one allocates it from the task on
    /// entry, and a send without observers would pay that too.
    @inline(never)
    private func timed(_ url: String) async -> Response {
        let start = ContinuousClock.now
        let response = await respondFollowingRedirects(url)
        await tellObservers(response, since: start)
        return response
    }

    private func observedAll(_ url: String) async -> [Response] {
        let start = ContinuousClock.now
        var answers: [Response] = []
        await respondAll(url, parsed: nil, data: data, into: &answers)
        var last = answers[answers.count - 1]
        if last.status.code == Status.seeOther.code, last.status == .seeOther {
            last = await followRedirects(from: url, last, answers: &answers, keepsAll: true)
        }
        await tellObservers(last, since: start)
        return answers
    }

    private func tellObservers(_ response: Response, since start: ContinuousClock.Instant) async {
        guard !storage.configuration.observers.isEmpty else { return }
        let duration = ContinuousClock.now - start
        for observer in storage.configuration.observers {
            await observer.didRespond(response, duration: duration)
        }
    }

    @inline(__always)
    private func respondFollowingRedirects(_ url: String) async -> Response {
        let response = await respondOnce(url, parsed: nil, data: data)
        // The code first: comparing a `Status` compares its reason too.
        guard response.status.code == Status.seeOther.code, response.status == .seeOther else {
            return response
        }
        var unused: [Response] = []
        return await followRedirects(from: url, response, answers: &unused, keepsAll: false)
    }

    /// Follows in-router redirects; the `visited` set is built only once a redirect happened.
    /// `keepsAll`: each hop's answers replace, in `answers`, the 303 that led to it.
    private func followRedirects(
        from url: String, _ first: Response, answers: inout [Response], keepsAll: Bool
    ) async -> Response {
        let maxRedirects = storage.configuration.maxRedirects
        var response = first
        var current = url
        var hopData = data
        var visited: Set<String> = [url]
        var hops = 0
        while response.status == .seeOther, let location = response.location {
            // The origin of the hop's URL as its request holds it, parsed; unless the controller
            // answered with a request of another URL.
            let next =
                response.request.url == current
                ? RedirectLocation.absolute(location, after: response.request)
                : RedirectLocation.absolute(location, after: current, served: storage.served)
            var failure: Response?
            let (kind, parsed) = RedirectLocation.read(next, served: storage.served)
            switch kind {
            case .follow:
                if maxRedirects == 0 { return response }
                hops += 1
                if hops > maxRedirects || !visited.insert(next).inserted {
                    // Only an in-app caller gets a message, so only for one is it built.
                    let reason =
                        response.request.isExternal
                        ? ""
                        : hops > maxRedirects
                            ? "more than \(maxRedirects) redirects (Configuration.maxRedirects), the last to "
                                + "\(next); raise maxRedirects if the chain is meant to be that long"
                            : "redirect loop: \(current) redirects to \(next), already visited in this chain; "
                                + "break the cycle, or set maxRedirects: 0 to receive the 303"
                    failure = Response.failure(response.request, .loopDetected, reason)
                }
            case .handBack: return response
            case .refuse:
                failure = Response.failure(
                    response.request, .badRequest,
                    "refused redirect to '\(location)': javascript, data, file, about, blob and vbscript "
                        + "locations are never followed or handed back; redirect to a path or an http(s) URL")
            }
            if let failure {
                if keepsAll { answers[answers.count - 1] = failure }
                return failure
            }
            hopData.merge(response.data) { _, redirected in redirected }
            if keepsAll {
                answers.removeLast()
                await respondAll(next, parsed: parsed, data: hopData, into: &answers)
                response = answers[answers.count - 1]
            } else {
                response = await respondOnce(next, parsed: parsed, data: hopData)
            }
            current = next
        }
        return response
    }

    /// The answer of one hop: its first candidate's, unless that one declines or continues.
    /// `parsed`: the parser's answer for `url` when a redirect already read it.
    // Inlined, as is `runStages`: every async call allocates a frame from the task. The request
    // is handed on by `consume`, so that after a decline the next candidate can reuse it.
    @inline(__always)
    private func respondOnce(
        _ url: String, parsed: Result<ParsedURL, URLRejection>?, data: [String: any Sendable]
    ) async -> Response {
        let first = await firstAnswer(url, parsed: parsed, data: data)
        switch consume first {
        case .final(let response): return response
        case .continuing(let request, let answer, let terminal):
            var unused: [Response] = []
            return await runRemainingCandidates(
                after: consume request, answer, terminal: terminal, into: &unused, keepsAll: false)
        }
    }

    /// Every answer of one hop, appended to `answers`.
    private func respondAll(
        _ url: String, parsed: Result<ParsedURL, URLRejection>?, data: [String: any Sendable],
        into answers: inout [Response]
    ) async {
        let first = await firstAnswer(url, parsed: parsed, data: data)
        switch consume first {
        case .final(let response): answers.append(response)
        case .continuing(let request, let answer, let terminal):
            _ = await runRemainingCandidates(
                after: consume request, answer, terminal: terminal, into: &answers, keepsAll: true)
        }
    }

    /// What the first candidate of a hop left to do.
    private enum FirstAnswer {
        /// The hop's answer: nothing else runs.
        case final(Response)
        /// The chain goes on after the route of `request` (reached at `terminal` of the trie),
        /// which declined (`nil`) or answered with success and has `continueNext`.
        case continuing(Request, Response?, terminal: Int)
    }

    @inline(__always)
    private func firstAnswer(
        _ url: String, parsed: Result<ParsedURL, URLRejection>?, data: [String: any Sendable]
    ) async -> FirstAnswer {
        // A cancelled sender gets 499 whatever the URL, also between redirect hops, so the
        // answer to a cancelled task does not depend on which route (or none) the URL reaches.
        if Task.isCancelled {
            return .final(cancelled(makeRequest(url, resolved: nil, data: data)))
        }
        let routed = route(url, parsed: parsed, data: data)
        switch consume routed {
        case .answered(let response): return .final(response)
        case .unmatched(let request): return .final(await notFound(request))
        case .matched(let request, let stages, let terminal):
            guard let response = await runStages(of: stages, request) else {
                return .continuing(request, nil, terminal: terminal)
            }
            guard stages.continueNext, response.status.isSuccess else { return .final(response) }
            return .continuing(request, response, terminal: terminal)
        }
    }

    /// Runs the candidates after the route of `request` (reached at `terminal`, and which
    /// answered `answer`, or declined), until one answers without continuing, and returns the
    /// last answer; with `keepsAll`, appends every answer to `answers`. No answer at all is not
    /// found.
    ///
    /// The resolver hands over the candidates after it, in order
    /// (`CompiledRouter.candidates(after:terminal:source:)`), from one walk of the URL as the
    /// request holds it (none when the first route's group is sole), however many decline:
    /// nothing is parsed or rewritten again, and the loop only asks for each next match. Asked
    /// for only after the first route declined or continued: a send the first route answers never
    /// enumerates (enumerating in the first walk measured 1.29× the instructions of `Send:0`; see
    /// BENCHMARKS.md). Each starts from the request as the router built it: what a declined
    /// route's middlewares added is not seen. That request is pointed at each next route in place
    /// (``Request/reroute(to:params:)``) unless a stage kept it.
    @inline(never)
    private func runRemainingCandidates(
        after request: consuming Request, _ answer: Response?, terminal: Int,
        into answers: inout [Response], keepsAll: Bool
    ) async -> Response {
        var last = answer
        if keepsAll, let answer { answers.append(answer) }
        var candidates = storage.candidates(after: request, terminal: terminal, source: source)
        while let match = candidates.next() {
            request.reroute(to: match.route, params: match.params)
            if Task.isCancelled {
                let response = cancelled(request)
                if keepsAll { answers.append(response) }
                return response
            }
            let stages = storage.stages[match.routeIndex]
            guard let response = await runStages(of: stages, request) else { continue }
            if keepsAll { answers.append(response) }
            last = response
            guard stages.continueNext, response.status.isSuccess else { return response }
        }
        if let last { return last }
        request.reroute(to: nil, params: Parameters())
        let response = await notFound(request, declined: candidates.routes)
        if keepsAll { answers.append(response) }
        return response
    }

    /// What the synchronous half of a hop decided: small, so the async frame stays small.
    private enum Routed {
        case answered(Response)
        case unmatched(Request)
        case matched(Request, CompiledRoute.Stages, terminal: Int)
    }

    /// Resolves `url` (from `parsed`, when a redirect already parsed it) and builds its request.
    /// Synchronous and not inlined: the resolver's large values live on this stack frame, not in
    /// the task's async frame, where every one of them would be copied in and out.
    @inline(never)
    private func route(_ url: String, parsed: Result<ParsedURL, URLRejection>?, data: [String: any Sendable])
        -> Routed
    {
        var tracer = SilentTracer()
        let resolution: Resolution
        switch parsed {
        case nil: resolution = storage.resolve(url, source: source, tracer: &tracer)
        case .success(let link)?:
            resolution = storage.resolve(
                storage.prepare(link, tracer: &tracer), source: source, tracer: &tracer)
        case .failure(let rejection)?: resolution = .rejected(RoutingError(rejection))
        }
        switch consume resolution {
        case .rejected(let rejection):
            let request = makeRequest(url, resolved: nil, data: data)
            return .answered(
                Response.failure(request, rejection.status, rejection.message))
        case .unmatched(let resolved):
            return .unmatched(makeRequest(url, resolved: resolved, data: data))
        case .matched(let match, let resolved):
            // An external request walked the public routes only: a private route never matches it.
            return .matched(
                makeRequest(url, route: match.route, params: match.params, resolved: resolved, data: data),
                storage.stages[match.routeIndex], terminal: match.terminal)
        }
    }

    /// The request for `url`: matched when `route` is not `nil`, parsed when `resolved` is not.
    /// The request keeps `resolved`, its query decoded, for whatever follows in the hop.
    // The route and its parameters apart, not a `RouteMatch?`: wrapping the match in an optional
    // copies it, and unwrapping copies its fields again.
    private func makeRequest(
        _ url: String, route: Route? = nil, params: Parameters = Parameters(), resolved: ResolvedURL?,
        data: [String: any Sendable]
    ) -> Request {
        guard let resolved else {
            return Request(
                url: url, path: "", fragment: nil, route: nil, params: Parameters(), query: Query(),
                data: data, source: source, parsed: nil, isRewritten: false)
        }
        let parsed = resolved.parsed
        return Request(
            url: url, path: resolved.path, fragment: parsed.decodedFragment, route: route, params: params,
            query: resolved.query
                ?? URLParser.query(of: parsed, reading: storage.queryReading),
            data: data, source: source, parsed: parsed, isRewritten: resolved.rewrittenPath != nil)
    }
}
