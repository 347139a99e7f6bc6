/// One entry of the route table: a pattern, who may reach it, its stages and its controller.
///
/// ```swift
/// Route("/messages/:message_id(int)", name: "message", isPublic: true,
///       policies: [MessagePolicies.signedIn], controller: MessageController.show)
/// ```
///
/// `Route` never throws: ``Router`` checks every route at once when it is created and reports
/// mistakes as ``RouteTableError``. Routes are private unless `isPublic` is `true`: a URL opened by
/// another app reaches public routes only.
public struct Route: Sendable {
    /// The pattern as written, for example `/messages/:message_id(int)`.
    public let pattern: String
    /// The name for reverse routing (``Router/path(for:_:)``), if any.
    public let name: String?
    /// Whether a URL from another app may reach this route.
    public let isPublic: Bool
    /// This route's middlewares, after the router's; group middlewares come first.
    public let middlewares: [Middleware]
    /// This route's policies, after the router's; group policies come first.
    public let policies: [Policy]
    /// Constraints for `(name)` in the pattern, or for a parameter of that name.
    public let constraints: [String: Constraint]
    /// Names of router policies this route does not run.
    public let skipping: Set<String>
    /// Breaks ties between equally specific routes: higher wins, then registration order.
    public let priority: Int
    /// Turns a verified request into a response.
    public let controller: Controller

    /// Creates a route. The controller comes last, so a trailing closure works:
    ///
    /// ```swift
    /// Route("/inbox", isPublic: true) { request in Response(request: request) }
    /// ```
    public init(
        _ pattern: String, name: String? = nil, isPublic: Bool = false, middlewares: [Middleware] = [],
        policies: [Policy] = [], constraints: [String: Constraint] = [:], skipping: Set<String> = [],
        priority: Int = 0, controller: @escaping Controller
    ) {
        self.pattern = pattern
        self.name = name
        self.isPublic = isPublic
        self.middlewares = middlewares
        self.policies = policies
        self.constraints = constraints
        self.skipping = skipping
        self.priority = priority
        self.controller = controller
    }

    /// Puts routes under a common prefix, with shared access, middlewares and policies.
    ///
    /// Patterns get the prefix, names get the prefix's literal segments joined by dots
    /// (`"/admin"` and `"users"` give `"admin.users"`), the group's middlewares and policies run
    /// before each route's own, and a non-nil `isPublic` replaces the routes' own. Groups nest.
    ///
    /// ```swift
    /// Route.group("/settings", isPublic: false, policies: [signedIn], [
    ///     Route("/", name: "index") { … },                 // /settings, "settings.index"
    ///     Route("/notifications", name: "notifications") { … },
    /// ])
    /// ```
    public static func group(
        _ prefix: String, isPublic: Bool? = nil, middlewares: [Middleware] = [], policies: [Policy] = [],
        _ routes: [Route]
    ) -> [Route] {
        let namePrefix = prefix.split(separator: "/")
            .filter { !$0.hasPrefix(":") && !$0.hasPrefix("*") && !$0.hasPrefix("(") }
            .joined(separator: ".")
        let trimmedPrefix = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        return routes.map { route in
            let pattern = route.pattern == "/" ? trimmedPrefix : trimmedPrefix + route.pattern
            let name = route.name.map { namePrefix.isEmpty ? $0 : "\(namePrefix).\($0)" }
            return Route(
                pattern.isEmpty ? "/" : pattern, name: name, isPublic: isPublic ?? route.isPublic,
                middlewares: middlewares + route.middlewares, policies: policies + route.policies,
                constraints: route.constraints, skipping: route.skipping, priority: route.priority,
                controller: route.controller)
        }
    }
}
