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
    /// One reference for the whole route, so that handing a `Route` around (every match returns
    /// one) costs a single reference count instead of one per field.
    private final class Storage: Sendable {
        let pattern: String
        let name: String?
        let isPublic: Bool
        let middlewares: [Middleware]
        let policies: [Policy]
        let constraints: [String: Constraint]
        let skipping: Set<String>
        let priority: Int
        let controller: Controller

        init(
            pattern: String, name: String?, isPublic: Bool, middlewares: [Middleware], policies: [Policy],
            constraints: [String: Constraint], skipping: Set<String>, priority: Int,
            controller: @escaping Controller
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
    }

    private let storage: Storage

    /// The pattern as written, for example `/messages/:message_id(int)`.
    public var pattern: String { storage.pattern }
    /// The name for reverse routing (``Router/path(for:_:)``), if any.
    public var name: String? { storage.name }
    /// Whether a URL from another app may reach this route.
    public var isPublic: Bool { storage.isPublic }
    /// This route's middlewares, after the router's; group middlewares come first.
    public var middlewares: [Middleware] { storage.middlewares }
    /// This route's policies, after the router's; group policies come first.
    public var policies: [Policy] { storage.policies }
    /// Constraints for `(name)` in the pattern, or for a parameter of that name.
    public var constraints: [String: Constraint] { storage.constraints }
    /// Names of router policies this route does not run.
    public var skipping: Set<String> { storage.skipping }
    /// Breaks ties between equally specific routes: higher wins, then registration order.
    public var priority: Int { storage.priority }
    /// Turns a verified request into a response.
    public var controller: Controller { storage.controller }

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
        storage = Storage(
            pattern: pattern, name: name, isPublic: isPublic, middlewares: middlewares, policies: policies,
            constraints: constraints, skipping: skipping, priority: priority, controller: controller)
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
        let namePrefix = literalSegments(of: prefix).joined(separator: ".")
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

    /// The literal segments of a group prefix, for names: parameters, globs and optional parts
    /// (`/docs(/:version)` gives `docs`) name nothing.
    private static func literalSegments(of prefix: String) -> [Substring] {
        var depth = 0
        var required = ""
        for character in prefix.unicodeScalars {
            switch character {
            case "(": depth += 1
            case ")": depth = max(depth - 1, 0)
            default: if depth == 0 { required.unicodeScalars.append(character) }
            }
        }
        return required.split(separator: "/").filter { !$0.hasPrefix(":") && !$0.hasPrefix("*") }
    }
}
