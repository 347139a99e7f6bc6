/// The verdict of a ``Policy``.
public enum PolicyResult: Sendable {
    /// The request may go on to the next policy, then the controller.
    case verified
    /// The request ends here with this response; later policies and the controller do not run.
    case failed(Response)
}
