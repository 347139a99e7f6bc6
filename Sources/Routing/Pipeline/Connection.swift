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
    public static func send(_ url: String, data: [String: any Sendable] = [:], router: Router) async
        -> Response
    {
        await RequestPipeline(storage: router.storage, data: data, source: .app).run(url)
    }

    /// Sends a URL from inside the app and calls `responseHandler` with the response, from a new
    /// task: for callers that are not `async`.
    public static func send(
        _ url: String, data: [String: any Sendable] = [:], router: Router,
        responseHandler: @escaping @Sendable (Response) -> Void
    ) {
        Task { responseHandler(await send(url, data: data, router: router)) }
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
        await RequestPipeline(
            storage: router.storage, data: [:], source: .external(sourceApplication: sourceApplication)
        )
        .run(url)
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
