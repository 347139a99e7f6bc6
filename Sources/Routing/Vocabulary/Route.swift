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
        let parent: String?
        let schemes: Set<String>
        let hosts: Set<String>
        let query: [String: Constraint]
        /// Set by ``Route/group(_:isPublic:parent:schemes:hosts:middlewares:policies:_:)`` when the
        /// group's scope and the route's share nothing; ``Router`` reports it, since a group
        /// does not throw.
        let scopeConflict: String?
        let middlewares: [Middleware]
        let policies: [Policy]
        let constraints: [String: Constraint]
        let skipping: Set<String>
        let priority: Int
        let continueNext: Bool
        let controller: Controller

        init(
            pattern: String, name: String?, isPublic: Bool, parent: String?, schemes: Set<String>,
            hosts: Set<String>, query: [String: Constraint], scopeConflict: String?,
            middlewares: [Middleware],
            policies: [Policy],
            constraints: [String: Constraint], skipping: Set<String>, priority: Int, continueNext: Bool,
            controller: @escaping Controller
        ) {
            self.pattern = pattern
            self.name = name
            self.isPublic = isPublic
            self.parent = parent
            self.schemes = schemes
            self.hosts = hosts
            self.query = query
            self.scopeConflict = scopeConflict
            self.middlewares = middlewares
            self.policies = policies
            self.constraints = constraints
            self.skipping = skipping
            self.priority = priority
            self.continueNext = continueNext
            self.controller = controller
        }
    }

    private let storage: Storage

    /// The pattern as written, for example `/messages/:message_id(int)`.
    public var pattern: String { storage.pattern }
    /// The name for reverse routing (``Router/path(for:_:)-(String,[String:String])``), if any.
    public var name: String? { storage.name }
    /// `/messages/:id(int) (message)`: how traces, messages and the command line name a route.
    package var label: String { pattern + (name.map { " (\($0))" } ?? "") }
    /// Whether a URL from another app may reach this route.
    public var isPublic: Bool { storage.isPublic }
    /// The name of the route a user expects beneath this one in a navigation stack (the folder
    /// beneath a message), or `nil`; see ``Connection/sendStack(_:data:router:trusted:)``.
    public var parent: String? { storage.parent }
    /// The custom schemes whose links reach this route; empty with empty ``hosts`` means every
    /// link the router serves does.
    public var schemes: Set<String> { storage.schemes }
    /// The hosts (`example.com`, `*.example.com`, `*`) whose `http(s)` links reach this route.
    public var hosts: Set<String> { storage.hosts }
    /// Query items the link must carry (first value) and the constraint each must meet.
    public var query: [String: Constraint] { storage.query }
    var scopeConflict: String? { storage.scopeConflict }
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
    /// Whether the next candidate runs too when this route answers with a success status (see
    /// ``Router/candidates(_:source:)`` and ``Connection/sendAll(_:data:router:trusted:)``).
    public var continueNext: Bool { storage.continueNext }
    /// Turns a verified request into a response.
    public var controller: Controller { storage.controller }

    /// Creates a route. The controller comes last, so a trailing closure works:
    ///
    /// ```swift
    /// Route("/inbox", isPublic: true) { request in Response(request: request) }
    /// Route("/me", isPublic: true, hosts: ["wordpress.com"]) { request in Response(request: request) }
    /// Route("/deep-link", isPublic: true, schemes: ["firefox"], query: ["url": .any]) { request in
    ///     Response(request: request)
    /// }
    /// ```
    ///
    /// `schemes` lists the custom schemes whose links reach the route (`http` and `https` are not
    /// schemes here: web links are scoped by `hosts`). `hosts` lists the hosts whose web links
    /// reach it: exact, `*.domain` or `*`. With both empty the route is unscoped and every link the
    /// router serves reaches it; a bare path reaches a scoped route only when sent in-app. `query`
    /// names query items the link must carry (their first value) and the constraint each value
    /// must meet; ``Constraint/any`` only asks for the item.
    ///
    /// `parent` names the route a user expects beneath this one when a link opens it, for
    /// ``Connection/sendStack(_:data:router:trusted:)``: the folder beneath a message. The parent's
    /// path parameters must all be parameters of this route, by name:
    ///
    /// ```swift
    /// Route("/folders/:folder", name: "folder", isPublic: true, controller: Screens.folder)
    /// Route("/folders/:folder/messages/:id(int)", name: "message", isPublic: true, parent: "folder",
    ///       controller: Screens.message)
    /// ```
    ///
    /// With `continueNext`, a success answer does not end the request: the next candidate
    /// (the route the URL would reach were this one missing) runs too, and
    /// ``Connection/sendAll(_:data:router:trusted:)`` returns every answer. Routes of the same
    /// shape and scope may then share a pattern:
    ///
    /// ```swift
    /// Route("/posts/:id", isPublic: true, priority: 1, continueNext: true) { request in
    ///     await analytics.record(request.path)
    ///     return Response(request: request)
    /// }
    /// Route("/posts/:id", isPublic: true, controller: PostController.show)
    /// ```
    public init(
        _ pattern: String, name: String? = nil, isPublic: Bool = false, parent: String? = nil,
        schemes: Set<String> = [], hosts: Set<String> = [], query: [String: Constraint] = [:],
        middlewares: [Middleware] = [], policies: [Policy] = [], constraints: [String: Constraint] = [:],
        skipping: Set<String> = [], priority: Int = 0, continueNext: Bool = false,
        controller: @escaping Controller
    ) {
        storage = Storage(
            pattern: pattern, name: name, isPublic: isPublic, parent: parent, schemes: schemes, hosts: hosts,
            query: query,
            scopeConflict: nil, middlewares: middlewares, policies: policies, constraints: constraints,
            skipping: skipping, priority: priority, continueNext: continueNext, controller: controller)
    }

    private init(
        _ route: Route, pattern: String, name: String?, isPublic: Bool, parent: String?, schemes: Set<String>,
        hosts: Set<String>, scopeConflict: String?, middlewares: [Middleware], policies: [Policy]
    ) {
        storage = Storage(
            pattern: pattern, name: name, isPublic: isPublic, parent: parent, schemes: schemes, hosts: hosts,
            query: route.query,
            scopeConflict: scopeConflict ?? route.scopeConflict, middlewares: middlewares, policies: policies,
            constraints: route.constraints, skipping: route.skipping, priority: route.priority,
            continueNext: route.continueNext, controller: route.controller)
    }

    /// Puts routes under a common prefix, with shared access, scope, middlewares and policies.
    ///
    /// Patterns get the prefix, names get the prefix's literal segments joined by dots
    /// (`"/admin"` and `"users"` give `"admin.users"`), the group's middlewares and policies run
    /// before each route's own, and a non-nil `isPublic` replaces the routes' own. Groups nest.
    ///
    /// A non-empty `schemes` or `hosts` applies to the routes whose own set is empty; where both
    /// are given, the route keeps what both cover, written with the narrower entries
    /// (`["*.example.com"]` and `["en.blog.example.com"]` give `["en.blog.example.com"]`). When
    /// they share nothing, ``Router`` refuses the route. An empty prefix scopes routes without
    /// prefixing their patterns or names. A non-nil `parent` is the parent of every route of the
    /// group that names none of its own; it names a route as written, since groups do not prefix
    /// the names `parent` refers to.
    ///
    /// ```swift
    /// Route.group("/settings", isPublic: false, policies: [signedIn], [
    ///     Route("/", name: "index") { … },                 // /settings, "settings.index"
    ///     Route("/notifications", name: "notifications") { … },
    /// ])
    /// Route.group("", hosts: ["blog.example.com", "*.blog.example.com"], BlogRoutes.all)
    /// ```
    public static func group(
        _ prefix: String, isPublic: Bool? = nil, parent: String? = nil, schemes: Set<String> = [],
        hosts: Set<String> = [], middlewares: [Middleware] = [], policies: [Policy] = [], _ routes: [Route]
    ) -> [Route] {
        let namePrefix = literalSegments(of: prefix).joined(separator: ".")
        let trimmedPrefix = prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix
        return routes.map { route in
            let pattern = route.pattern == "/" ? trimmedPrefix : trimmedPrefix + route.pattern
            let name = route.name.map { namePrefix.isEmpty ? $0 : "\(namePrefix).\($0)" }
            var conflict: String?
            let combinedSchemes = combine(schemes, route.schemes, kind: "schemes", conflict: &conflict) {
                own, group in
                own.filter { scheme in group.contains { ASCIICaseFolding.equals(scheme.utf8, $0) } }
            }
            let combinedHosts = combine(hosts, route.hosts, kind: "hosts", conflict: &conflict) {
                HostPattern.intersection($0, $1)
            }
            return Route(
                route, pattern: pattern.isEmpty ? "/" : pattern, name: name,
                isPublic: isPublic ?? route.isPublic, parent: route.parent ?? parent,
                schemes: combinedSchemes, hosts: combinedHosts, scopeConflict: conflict,
                middlewares: middlewares + route.middlewares, policies: policies + route.policies)
        }
    }

    /// A group's set applied to a route's: the route's own when the group's is empty, the
    /// group's when the route's is, else `intersect`; an empty intersection is noted in `conflict`.
    private static func combine(
        _ group: Set<String>, _ own: Set<String>, kind: String, conflict: inout String?,
        intersect: (Set<String>, Set<String>) -> Set<String>
    ) -> Set<String> {
        if group.isEmpty { return own }
        if own.isEmpty { return group }
        let common = intersect(own, group)
        if common.isEmpty {
            conflict =
                "its \(kind) \(own.sorted()) and its group's \(kind) \(group.sorted()) have nothing in common, so no link could reach it"
        }
        return common
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
