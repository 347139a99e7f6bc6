@testable import Switchyard

/// A controller that answers 200 with the route's pattern, so tests can see which route ran.
let echo: Controller = { request in
    Response(request: request, data: ["pattern": request.route?.pattern ?? "-"])
}

/// A route that answers with its pattern.
func route(
    _ pattern: String, name: String? = nil, isPublic: Bool = true, priority: Int = 0,
    constraints: [String: Constraint] = [:]
) -> Route {
    Route(
        pattern, name: name, isPublic: isPublic, constraints: constraints, priority: priority,
        controller: echo)
}

/// Builds a router from patterns; every route is public and answers with its pattern.
func router(_ patterns: [String], configuration: Router.Configuration = .init()) throws -> Router {
    try Router(routes: patterns.map { route($0) }, configuration: configuration)
}
