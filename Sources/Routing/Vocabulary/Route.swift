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
        /// For an entry of `hosts` narrowed by a group from one with parameters
        /// (`en.wikipedia.org` from `:lang.wikipedia.org`), that entry: its labels name the
        /// parameters the narrower entry gives values.
        let hostParameterSources: [String: String]
        /// Set by ``Route/group(_:isPublic:parent:schemes:hosts:constraints:middlewares:policies:_:)`` when the
        /// group's scope and the route's share nothing; ``Router`` reports it, since a group
        /// does not throw.
        let scopeConflict: String?
        let middlewares: [Middleware]
        let policies: [Policy]
        let constraints: [String: Constraint]
        /// The constraints of the groups around the route, which its own override.
        let groupConstraints: [String: Constraint]
        let skipping: Set<String>
        let priority: Int
        let continueNext: Bool
        let controller: Controller

        init(
            pattern: String, name: String?, isPublic: Bool, parent: String?, schemes: Set<String>,
            hosts: Set<String>, query: [String: Constraint], hostParameterSources: [String: String],
            scopeConflict: String?, middlewares: [Middleware], policies: [Policy],
            constraints: [String: Constraint], groupConstraints: [String: Constraint], skipping: Set<String>,
            priority: Int, continueNext: Bool, controller: @escaping Controller
        ) {
            self.pattern = pattern
            self.name = name
            self.isPublic = isPublic
            self.parent = parent
            self.schemes = schemes
            self.hosts = hosts
            self.query = query
            self.hostParameterSources = hostParameterSources
            self.scopeConflict = scopeConflict
            self.middlewares = middlewares
            self.policies = policies
            self.constraints = constraints
            self.groupConstraints = groupConstraints
            self.skipping = skipping
            self.priority = priority
            self.continueNext = continueNext
            self.controller = controller
        }
    }

    private let storage: Storage

    /// The same for every copy of this route and different for every other route: what tables
    /// built at `Router.init` find a route by without hashing its name (navigation stacks).
    var identity: ObjectIdentifier { ObjectIdentifier(storage) }

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
    /// The hosts (`example.com`, `*.example.com`, `*`, `:lang.wikipedia.org`) whose `http(s)`
    /// links, and links of the custom schemes that carry a host, reach this route.
    public var hosts: Set<String> { storage.hosts }
    var hostParameterSources: [String: String] { storage.hostParameterSources }
    /// Query items the link must carry (their value, first or last as the router reads repeated
    /// items) and the constraint each must meet; ``Constraint/absent`` asks that one be missing.
    public var query: [String: Constraint] { storage.query }
    var scopeConflict: String? { storage.scopeConflict }
    /// This route's middlewares, after the router's; group middlewares come first.
    public var middlewares: [Middleware] { storage.middlewares }
    /// This route's policies, after the router's; group policies come first.
    public var policies: [Policy] { storage.policies }
    /// Constraints for `(name)` in the pattern or a host entry, or for a parameter of that name:
    /// the route's own, and those of its groups that it does not override.
    public var constraints: [String: Constraint] {
        storage.groupConstraints.isEmpty
            ? storage.constraints : storage.groupConstraints.merging(storage.constraints) { _, own in own }
    }
    /// The route's own constraints: each must be used by one of its parameters.
    var ownConstraints: [String: Constraint] { storage.constraints }
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
    /// reach it: exact, `*.domain`, `*`, or with parameters, each a whole label
    /// (`:lang.wikipedia.org`, whose value joins ``Request/params``, constrained as a path
    /// parameter is). With both empty the route is unscoped and every link the router serves
    /// reaches it; a bare path reaches a scoped route only when sent in-app, and carries no host
    /// parameters. `query` names query items the link must carry (their value, as
    /// ``Router/Configuration/repeatedQueryItems`` picks it) and the constraint each value must
    /// meet; ``Constraint/any`` only asks for the item, ``Constraint/absent`` that it be missing.
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
            query: query, hostParameterSources: [:], scopeConflict: nil, middlewares: middlewares,
            policies: policies, constraints: constraints, groupConstraints: [:], skipping: skipping,
            priority: priority, continueNext: continueNext, controller: controller)
    }

    /// `route` as a group places it: what ``group(_:isPublic:parent:schemes:hosts:constraints:middlewares:policies:_:)``
    /// computed, the rest of `route` kept.
    init(
        _ route: Route, pattern: String, name: String?, isPublic: Bool, parent: String?, schemes: Set<String>,
        hosts: Set<String>, hostParameterSources: [String: String], scopeConflict: String?,
        middlewares: [Middleware], policies: [Policy], groupConstraints: [String: Constraint]
    ) {
        storage = Storage(
            pattern: pattern, name: name, isPublic: isPublic, parent: parent, schemes: schemes, hosts: hosts,
            query: route.query, hostParameterSources: hostParameterSources,
            scopeConflict: scopeConflict ?? route.scopeConflict, middlewares: middlewares, policies: policies,
            constraints: route.ownConstraints, groupConstraints: groupConstraints, skipping: route.skipping,
            priority: route.priority, continueNext: route.continueNext, controller: route.controller)
    }

    /// The constraints of the groups around the route.
    var groupConstraints: [String: Constraint] { storage.groupConstraints }
}
