import Switchyard

/// Policies about who sent a request.
public enum SourcePolicies {
    /// Lets external requests through only from the listed source applications; in-app requests
    /// always pass. An external request without a `sourceApplication` fails: the OS did not say
    /// who sent it; so does a link from content (``Source/content``), which no application sent.
    /// Failures are ``Status/forbidden``.
    ///
    /// ```swift
    /// Route("/share", isPublic: true,
    ///       policies: [SourcePolicies.allowList(["com.example.companion"])],
    ///       controller: ShareController.show)
    /// ```
    ///
    /// Bundle identifiers are compared exactly. The OS reports them only for apps of the same team
    /// on recent iOS versions, so an allow list suits companion apps rather than other teams' apps.
    public static func allowList(_ applications: Set<String>) -> Policy {
        Policy("sourceAllowList") { request in
            guard request.isExternal else { return .verified }
            let application = request.sourceApplication
            guard let application, applications.contains(application) else {
                return .failed(
                    .failure(
                        request, .forbidden, "source application \(application ?? "(unknown)") is not allowed"
                    ))
            }
            return .verified
        }
    }
}
