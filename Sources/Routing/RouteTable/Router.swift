/// An immutable, `Sendable` route table with its rewrites, router-wide stages and configuration.
///
/// ```swift
/// let router = try Router(
///     rewrites: [Rewrite("/msg/:id", to: "/messages/:id")],
///     middlewares: [AppLinks.parser],
///     policies: [SessionPolicies.signedIn],
///     routes: MessageRoutes.all + ProfileRoutes.all,
///     configuration: .init(schemes: ["mailapp"], hosts: ["mail.example.com"])
/// )
/// ```
public struct Router: Sendable {
    let storage: CompiledRouter

    /// Checks and compiles every route, rewrite and stage chain once.
    ///
    /// - Throws: ``RouteTableError`` naming the pattern, the position and the reason, for an invalid
    ///   pattern, an unknown constraint, a glob that is not last, two routes of the same shape,
    ///   two routes with the same name, or a rewrite template naming a parameter its pattern lacks;
    ///   and, of kind ``RouteTableError/Kind/configuration``, for a scheme or host entry that names
    ///   none or a negative `maxRedirects`.
    public init(
        rewrites: [Rewrite] = [], middlewares: [Middleware] = [], policies: [Policy] = [], routes: [Route],
        configuration: Configuration = Configuration()
    ) throws(RouteTableError) {
        storage = try CompiledRouter(
            rewrites: rewrites, middlewares: middlewares, policies: policies, routes: routes,
            configuration: configuration)
    }

    /// A router of the tables another one compiled (copying a router copies one reference).
    init(storage: CompiledRouter) {
        self.storage = storage
    }

    /// The configuration the router was created with.
    public var configuration: Configuration { storage.configuration }
    /// The routes, in registration order.
    public var routes: [Route] { storage.routes }
}
