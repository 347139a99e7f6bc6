import Switchyard

/// Controllers that redirect to another path of the same router.
public enum Redirect {
    /// Redirects (``Status/seeOther``) to `template` with its `:name` and `*name`
    /// placeholders filled from the request's path parameters; ``Connection`` follows
    /// the redirect within the router, keeping the request's source.
    ///
    /// ```swift
    /// Route("/m/:id", isPublic: true, controller: Redirect.to("/messages/:id"))
    /// Route("/find/:term", controller: Redirect.to("/search?q=:term"))
    /// ```
    ///
    /// In the path, values are copied still percent-encoded (``Parameters/raw(_:)``),
    /// so `a%2Fb` stays one segment and nothing is decoded twice; after `?` they are decoded, then
    /// encoded as query values. With `keepsQuery`, the request's own query is appended, as
    /// received. A placeholder the route lacks throws a ``RoutingError`` with
    /// ``Status/internalError``.
    public static func to(_ template: String, keepsQuery: Bool = true) -> Controller {
        let parsed = RedirectTemplate(template)
        return { request in
            var location = try parsed.fill(from: request)
            if keepsQuery, let query = RawURLParts(request.url).query, !query.isEmpty {
                location += (location.contains("?") ? "&" : "?") + query
            }
            return Response.redirect(request, to: location)
        }
    }
}
