import Switchyard

/// Controllers that hand a request on to a named route of the same router.
public enum Forward {
    /// Redirects to the route named `name`, building its path with
    /// ``Router/path(for:_:)-(String,[String:String])`` from the request's path parameters.
    /// ``Connection`` follows the redirect within the router, keeping the request's
    /// source, so the target route's access rule, middlewares and policies all run: forwarding never
    /// lets an external request into a private route.
    ///
    /// ```swift
    /// let link = RouterLink()
    /// let router = try Router(routes: [
    ///     Route("/messages/:message_id(int)", name: "message", isPublic: true) { … },
    ///     Route("/m/:id", isPublic: true,
    ///           controller: Forward.to("message", in: link, renaming: ["id": "message_id"])),
    /// ])
    /// link.connect(router)
    /// ```
    ///
    /// - Parameters:
    ///   - name: The target route's name.
    ///   - link: The router the controller belongs to, connected after the router is created.
    ///   - renaming: Request parameter names mapped to the target's names (`["id": "message_id"]`).
    ///   - params: Fixed values for target parameters; they win over the request's.
    ///   - keepsQuery: Appends the request's query, as received.
    /// - Returns: A controller that answers ``Status/seeOther`` with the target route's path.
    ///
    /// Only parameters the target's pattern names are passed on. A value that breaks the target's
    /// constraints throws ``Status/badRequest`` (from `path(for:)`); an unconnected
    /// link or an unknown name throws ``Status/internalError``.
    public static func to(
        _ name: String, in link: RouterLink, renaming: [String: String] = [:], params: [String: String] = [:],
        keepsQuery: Bool = true
    ) -> Controller {
        { request in
            guard let router = link.router else {
                throw RoutingError(.internalError, "Forward.to(\"\(name)\"): the RouterLink is not connected")
            }
            guard let wanted = router.parameterNames(ofRouteNamed: name) else {
                throw RoutingError(.internalError, "Forward.to(\"\(name)\"): no route has that name")
            }
            var values: [String: String] = [:]
            for (parameter, value) in request.params {
                let key = renaming[parameter] ?? parameter
                if wanted.contains(key) { values[key] = value }
            }
            values.merge(params) { _, fixed in fixed }
            var location = try router.path(for: name, values)
            if keepsQuery, let query = RawURLParts(request.url).query, !query.isEmpty {
                location += "?" + query
            }
            return Response.redirect(request, to: location)
        }
    }
}
