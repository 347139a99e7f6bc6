/// Everything a ``Router`` compiled at init. A final class of `let`s, so it is `Sendable`
/// without ceremony and a `Router` copies as one reference.
final class RouterStorage: Sendable {
    let configuration: Router.Configuration
    let routes: [Route]
    let rewrites: [Rewrite]
    let middlewares: [Middleware]
    let policies: [Policy]

    init(
        rewrites: [Rewrite], middlewares: [Middleware], policies: [Policy], routes: [Route],
        configuration: Router.Configuration
    ) throws {
        self.configuration = configuration
        self.routes = routes
        self.rewrites = rewrites
        self.middlewares = middlewares
        self.policies = policies
    }
}
