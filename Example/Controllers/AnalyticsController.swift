import Switchyard

/// The controller of the analytics route: records the opened link and answers 204, with
/// nothing to show.
///
/// Its route has `continueNext: true`, so a success answer does not end the request: the next
/// candidate, the message screen, runs after it and gives the answer ``Switchyard/Connection``'s
/// `send` returns. ``Switchyard/Connection/sendAll(_:data:router:trusted:)`` returns both.
/// It must not fail: any answer other than a 2xx would end the chain and be the response, and
/// the user would get an analytics error instead of their message.
struct AnalyticsController: Sendable {
    let analytics: LinkAnalytics

    var record: Controller {
        { [analytics] request in
            await analytics.record(request.path, from: request.source)
            return Response(request: request, status: .noContent)
        }
    }
}

extension Status {
    /// 204: handled, nothing to show. A success, so a `continueNext` route lets the next one run.
    static let noContent = Status(code: 204, reason: "No Content")
}
