import Switchyard

/// One line that says what a response means for the user, for the tour and `Example route`.
enum ResultSummary {
    /// The screen the app shows, the web view it opens, the link it hands to the system, nothing (a side route such as analytics),
    /// or what went wrong; says where a redirect led.
    static func of(_ response: Response, sentURL: String) -> String {
        var summary =
            response.screen?.description ?? response.browserURL.map { "open in the web view: \($0)" }
            ?? response.systemURL.map { "hand to the system: \($0)" } ?? failure(response)
        if response.request.url != sentURL {
            summary += " via \(response.request.url)"
        }
        return summary
    }

    private static func failure(_ response: Response) -> String {
        // In-app requests carry the error's message; external ones only the status (Architecture,
        // "Requests, responses, policies and middleware").
        let detail = response.error.map { ": \($0.message)" } ?? ""
        switch response.status {
        case .noContent: return "nothing to show" + detail
        case .seeOther: return "open outside the app: \(response.location ?? "?")"
        case .badRequest: return "bad request" + detail
        case .forbidden: return "forbidden by a policy" + detail
        case .notFound: return "not found" + detail
        case .uriTooLong: return "URL too long" + detail
        case .loopDetected: return "redirect loop" + detail
        case .cancelled: return "cancelled"
        default: return response.status.reason + detail
        }
    }
}
