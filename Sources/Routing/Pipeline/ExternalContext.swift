/// The external request whose pipeline is running in this task, if any: its source and the
/// router it runs on.
///
/// Set by ``RequestPipeline`` around an external request's stages; child tasks and `Task {}`
/// inherit it. ``Connection/send(_:data:router:trusted:)`` reads the source: a controller that
/// re-sends a URL while handling an outside link sends it as that outside link, so the URL (often
/// read from the link's own query) cannot reach a private route. `Task.detached` does not inherit
/// task-locals, which is why the documentation steers forwarding to redirects. Policies read the
/// router (``Router/runningExternalRequest``) to dry-run a URL the way the outside link would
/// reach it.
enum ExternalContext {
    /// One value, so that one task-local binding carries both.
    struct Running: Sendable {
        let source: Source
        let storage: CompiledRouter
    }

    @TaskLocal static var running: Running?

    /// The source of the running external request.
    static var source: Source? { running?.source }
}

extension Router {
    /// The router whose pipeline is running an external request in this task, if any: the router
    /// a policy of that request runs on. `nil` in-app and outside any pipeline.
    package static var runningExternalRequest: Router? {
        ExternalContext.running.map { Router(storage: $0.storage) }
    }
}
