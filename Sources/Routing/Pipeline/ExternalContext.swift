/// The source of the external request whose pipeline is running in this task, if any.
///
/// Set by ``RequestPipeline`` around an external request's stages; child tasks and `Task {}`
/// inherit it. ``Connection/send(_:data:router:trusted:)`` reads it: a controller that re-sends
/// a URL while handling an outside link sends it as that outside link, so the URL (often read
/// from the link's own query) cannot reach a private route. `Task.detached` does not inherit
/// task-locals, which is why the documentation steers forwarding to redirects.
enum ExternalContext {
    @TaskLocal static var source: Source?
}
