/// The verdict of a ``Policy``.
public enum PolicyResult: Sendable {
    /// The request may go on to the next policy, then the controller.
    case verified
    /// The request ends here with this response; later policies and the controller do not run.
    case failed(Response)
    /// The route does not take this request: it counts as not matched, and the next candidate
    /// runs (see ``RouteDeclined``). Use it for checks that decide which route a link is for
    /// (a feature flag, an account type), not for refusals, which ``failed(_:)`` answers.
    case declined
}
