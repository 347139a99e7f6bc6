import Switchyard

/// Controllers that answer every request with the same status and data.
public enum FixedResponse {
    /// A controller that always responds with `status` and `data`.
    ///
    /// ```swift
    /// Route("/about", isPublic: true, controller: FixedResponse.with(.ok, data: ["screen": "about"]))
    /// Route("/old-feature", controller: FixedResponse.with(Status(code: 410, reason: "Gone")))
    /// ```
    public static func with(_ status: Status = .ok, data: [String: any Sendable] = [:]) -> Controller {
        { request in Response(request: request, status: status, data: data) }
    }
}
