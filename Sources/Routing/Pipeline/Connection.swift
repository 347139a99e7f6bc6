import Foundation

/// Sends URLs through a ``Router``. Every outcome is a ``Response``: `send` never throws and
/// never crashes, whatever the input.
///
/// ```swift
/// // From inside the app: every route is reachable.
/// let response = await Connection.send("/messages/7", data: ["presenter": presenter], router: router)
///
/// // From another app or a web page: public routes only.
/// let opened = await Connection.send(fromPublicURL: url, sourceApplication: options.sourceApplication,
///                                    router: router)
/// ```
public enum Connection {
    /// Sends a URL from inside the app (``Source/app``). Every route is reachable, and `data`
    /// lands in ``Request/data`` with its types kept.
    ///
    /// Called while the pipeline of an **external** request runs (from one of its stages, a
    /// callback or a child task), it sends as that external request: a controller that forwards
    /// a URL it read from an outside link cannot reach a private route with it. Pass
    /// `trusted: true` only for a URL the app itself chose, never one read from the request.
    /// Prefer ``Response/redirect(_:to:data:)`` for forwarding: it needs no such care.
    ///
    /// - Parameters:
    ///   - url: A path (`/messages/7`) or a URL of the router's schemes and hosts.
    ///   - data: Values for the request, for example a presenter.
    ///   - router: The router to send through.
    ///   - trusted: `true` sends in-app even from inside an external request's pipeline.
    /// - Returns: The final response: the answer of the last candidate that ran, after redirects.
    public static func send(
        _ url: String, data: [String: any Sendable] = [:], router: Router, trusted: Bool = false
    ) async -> Response {
        await inApp(data: data, router: router, trusted: trusted) { await $0.run(url) }
    }

    /// Sends a URL from inside the app and calls `responseHandler` with the response, from a new
    /// task. Inside an external request's pipeline it sends as that request, as
    /// ``send(_:data:router:trusted:)`` does.
    public static func send(
        _ url: String, data: [String: any Sendable] = [:], router: Router, trusted: Bool = false,
        responseHandler: @escaping @Sendable (Response) -> Void
    ) {
        // `Task {}` inherits the task-locals, so the external source travels into it.
        Task { responseHandler(await send(url, data: data, router: router, trusted: trusted)) }
    }

    /// Sends a URL from inside the app and returns every answer of its chain: the answer of each
    /// candidate that ran, in order, where routes with `continueNext` let the next one run.
    /// Declines are not answers; with no candidate at all, the one answer is the not-found one. A
    /// redirect is followed, and the answers of the request it leads to replace it. The last
    /// answer is what ``send(_:data:router:trusted:)`` returns.
    ///
    /// ```swift
    /// // Khala's notify-many: every module's route for the link answers.
    /// let answers = await Connection.sendAll("/events/sync", router: router)
    /// ```
    public static func sendAll(
        _ url: String, data: [String: any Sendable] = [:], router: Router, trusted: Bool = false
    ) async -> [Response] {
        await inApp(data: data, router: router, trusted: trusted) { await $0.runAll(url) }
    }

    /// Every answer of the chain of a URL another app or a web page opened; see
    /// ``sendAll(_:data:router:trusted:)``. Private routes are never among the candidates.
    public static func sendAll(fromPublicURL url: String, sourceApplication: String?, router: Router) async
        -> [Response]
    {
        await outsideAll(
            url, data: [:], source: .external(sourceApplication: sourceApplication), router: router)
    }

    /// Every answer of a link written outside the app (`source` is external or content); see
    /// ``outside(_:data:source:router:)``.
    static func outsideAll(_ url: String, data: [String: any Sendable], source: Source, router: Router) async
        -> [Response]
    {
        await RequestPipeline(storage: router.storage, data: data, source: source).runAll(url)
    }

    /// Every answer of the chain of a `URL` another app or a web page opened; see
    /// ``sendAll(fromPublicURL:sourceApplication:router:)-(String,_,_)``.
    public static func sendAll(fromPublicURL url: URL, sourceApplication: String?, router: Router) async
        -> [Response]
    {
        await sendAll(fromPublicURL: url.absoluteString, sourceApplication: sourceApplication, router: router)
    }

    /// Runs `body` with the pipeline of an in-app send. Its source is the external request's when
    /// one's pipeline is running in this task and the caller did not vouch for the URL; a trusted
    /// send is in-app all the way down, so what its own stages send is in-app too.
    @inline(__always)
    private static func inApp<Result>(
        data: [String: any Sendable], router: Router, trusted: Bool,
        _ body: (RequestPipeline) async -> Result
    ) async -> Result {
        guard trusted else {
            let source = ExternalContext.source ?? .app
            return await body(RequestPipeline(storage: router.storage, data: data, source: source))
        }
        let pipeline = RequestPipeline(storage: router.storage, data: data, source: .app)
        guard ExternalContext.source != nil else { return await body(pipeline) }
        return await ExternalContext.$running.withValue(nil) { await body(pipeline) }
    }

    /// Sends a URL that another app or a web page opened (``Source/external(sourceApplication:)``).
    /// Private routes answer exactly as missing routes do.
    ///
    /// - Parameters:
    ///   - url: The URL as the OS delivered it, any bytes at all.
    ///   - sourceApplication: The bundle identifier the OS reported, or `nil` (the normal case for
    ///     other teams' apps); either way the request is external.
    ///   - router: The router to send through.
    /// - Returns: The final response; for a private route, exactly the response a missing route gets.
    public static func send(fromPublicURL url: String, sourceApplication: String?, router: Router) async
        -> Response
    {
        await outside(url, data: [:], source: .external(sourceApplication: sourceApplication), router: router)
    }

    /// Sends a link written outside the app (`source` is external or content): public routes only.
    /// Where one send of such a link starts, whoever asks: another app's link, a content link, a
    /// resumed one (``outsideAll(_:data:source:router:)`` is its `sendAll`).
    static func outside(_ url: String, data: [String: any Sendable], source: Source, router: Router) async
        -> Response
    {
        await RequestPipeline(storage: router.storage, data: data, source: source).run(url)
    }

    /// Sends a `URL` that another app or a web page opened; see ``send(fromPublicURL:sourceApplication:router:)-(String,_,_)``.
    public static func send(fromPublicURL url: URL, sourceApplication: String?, router: Router) async
        -> Response
    {
        await send(fromPublicURL: url.absoluteString, sourceApplication: sourceApplication, router: router)
    }

    /// Sends an external URL and calls `responseHandler` with the response, from a new task.
    public static func send(
        fromPublicURL url: String, sourceApplication: String?, router: Router,
        responseHandler: @escaping @Sendable (Response) -> Void
    ) {
        Task {
            responseHandler(
                await send(fromPublicURL: url, sourceApplication: sourceApplication, router: router))
        }
    }
}
