import Foundation

extension Connection {
    /// Sends a link from inside the app and returns the navigation stack it opens, root first,
    /// the link's own answer last: the answers of the routes a user expects beneath it (its
    /// route's `parent:`, then that route's parent, and so on).
    ///
    /// The link is sent first, as ``send(_:data:router:trusted:)`` sends it, and its answer decides
    /// the rest. When it is a 2xx from a route with a parent, each ancestor's URL is built by
    /// reverse routing from that route's parameters, with the scheme, host and port of the URL the
    /// route answered (after redirects) and no query or fragment, and sent with the same source
    /// and `data`. An ancestor counts only when its own route answers it with a 2xx: one that is
    /// private from outside, fails a policy, declines, or whose URL another route takes is left
    /// out, and the stack goes on above it. A link answered otherwise is a stack of one.
    ///
    /// ```swift
    /// let stack = await Connection.sendStack("mailapp://folders/7/messages/42", router: router)
    /// navigationPath = stack.compactMap(\.screen)   // folder 7, then message 42
    /// ```
    ///
    /// A stack of depth d is d requests, one per level. A route without a parent costs nothing
    /// more than ``send(_:data:router:trusted:)``.
    public static func sendStack(
        _ url: String, data: [String: any Sendable] = [:], router: Router, trusted: Bool = false
    ) async -> [Response] {
        let answer = await send(url, data: data, router: router, trusted: trusted)
        return await stack(beneath: answer, data: data, router: router)
    }

    /// The navigation stack of a link another app or a web page opened, root first: the link's
    /// answer, and the answers of its route's ancestors, each sent from outside too, so a private
    /// ancestor is left out. See ``sendStack(_:data:router:trusted:)``.
    public static func sendStack(fromPublicURL url: String, sourceApplication: String?, router: Router) async
        -> [Response]
    {
        let answer = await send(fromPublicURL: url, sourceApplication: sourceApplication, router: router)
        return await stack(beneath: answer, data: [:], router: router)
    }

    /// The navigation stack of a `URL` another app or a web page opened; see
    /// ``sendStack(fromPublicURL:sourceApplication:router:)-(String,_,_)``.
    public static func sendStack(fromPublicURL url: URL, sourceApplication: String?, router: Router) async
        -> [Response]
    {
        await sendStack(
            fromPublicURL: url.absoluteString, sourceApplication: sourceApplication, router: router)
    }

    /// The navigation stack of a link tapped in content the app shows but did not write, root
    /// first: the link's answer, and its route's ancestors, each sent as content too, so a private
    /// ancestor is left out. See ``send(contentLink:data:router:)`` and
    /// ``sendStack(_:data:router:trusted:)``.
    public static func sendStack(contentLink: String, data: [String: any Sendable] = [:], router: Router)
        async -> [Response]
    {
        let answer = await send(contentLink: contentLink, data: data, router: router)
        return await stack(beneath: answer, data: data, router: router)
    }

    /// `answer` with the answers of its route's ancestors beneath it.
    private static func stack(beneath answer: Response, data: [String: any Sendable], router: Router) async
        -> [Response]
    {
        guard answer.status.isSuccess, let route = answer.request.route, route.parent != nil else {
            return [answer]
        }
        let request = answer.request
        let ancestors = router.ancestors(of: route, params: request.params, after: request.parsed)
        // An in-app link's ancestors are in-app, even when a trusted send made the link so inside
        // an external request's pipeline: read once, as no ancestor's send changes it here.
        let leavesExternalContext = request.source == .app && ExternalContext.source != nil
        var stack: [Response] = []
        stack.reserveCapacity(ancestors.count + 1)
        // Each URL is written just before it is sent: no list of them is kept.
        for position in 0..<ancestors.count {
            guard let url = ancestors.url(at: position) else { continue }
            let pipeline = RequestPipeline(storage: router.storage, data: data, source: request.source)
            let response =
                leavesExternalContext
                ? await ExternalContext.$running.withValue(nil) { await pipeline.run(url) }
                : await pipeline.run(url)
            // Names are unique: the ancestor's own route answered, not another that takes its URL.
            if response.status.isSuccess, response.request.route?.name == ancestors.name(at: position) {
                stack.append(response)
            }
        }
        stack.append(answer)
        return stack
    }
}
