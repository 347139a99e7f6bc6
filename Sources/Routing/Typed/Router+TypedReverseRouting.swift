extension Router {
    /// The path of the route named `name`, filled from an `Encodable` value: the properties named
    /// after the route's parameters fill them, the others become query items in property order
    /// (`nil` left out, an array as one item per element). The inverse of ``Request/decode(_:)``.
    ///
    /// ```swift
    /// struct MessageLink: Codable { let id: Int; let highlight: String?; let tags: [String] }
    ///
    /// // Route("/messages/:id(int)", name: "message", …)
    /// try router.path(for: "message", MessageLink(id: 7, highlight: nil, tags: ["a", "b"]))
    /// // "/messages/7?tags=a&tags=b"
    /// ```
    ///
    /// A glob's property may be a `String` (segments joined by `/`) or an array of segments.
    ///
    /// - Throws: what the dictionary form throws (an unknown name, a value that breaks its
    ///   constraint, a path another route would take), and ``RoutingError`` with
    ///   ``Status/badRequest`` for a property whose type is nested (a struct, a dictionary, or an
    ///   array of those or of arrays; `nil` or empty included, as ``Request/decode(_:)`` refuses
    ///   it for an absent key), or several values for a parameter that takes one.
    public func path(for name: String, _ value: some Encodable) throws -> String {
        let (params, query) = try typedParts(of: value, for: name)
        return try path(for: name, params, query: query)
    }

    /// A full URL for the route named `name`, filled from an `Encodable` value as
    /// ``path(for:_:)-(_,Encodable)`` fills its path; the scheme and host as the dictionary form
    /// chooses them.
    ///
    /// ```swift
    /// try router.url(for: "message", MessageLink(id: 7, highlight: "budget", tags: []))
    /// // "mailapp://messages/7?highlight=budget"
    /// ```
    public func url(for name: String, _ value: some Encodable, scheme: String? = nil, host: String? = nil)
        throws -> String
    {
        let (params, query) = try typedParts(of: value, for: name)
        return try url(for: name, params, query: query, scheme: scheme, host: host)
    }

    /// `value`'s fields split into the route's parameters and the query items.
    private func typedParts(of value: some Encodable, for name: String) throws
        -> (params: [String: String], query: [(name: String, value: String)])
    {
        guard let index = storage.routesByName[name] else { throw unknownRoute(name) }
        let compiled = storage.compiledRoutes[index]
        let globs = Set(compiled.expansions.joined().compactMap(\.globName))
        // Host parameters are the route's too: `url(for:)` writes them into the host.
        let parameters = Set(compiled.expansions.joined().flatMap(\.parameterNames)).union(
            storage.scopes[index].hostParameters.joined().map(\.name))
        var params: [String: String] = [:]
        var query: [(name: String, value: String)] = []
        for field in try LinkEncoder.fields(of: value) {
            guard parameters.contains(field.name) else {
                query += field.values.map { (name: field.name, value: $0) }
                continue
            }
            if globs.contains(field.name) {
                // Joined by `/` and split again: an element holding `/` would become two segments.
                if field.values.count > 1, let element = field.values.first(where: { $0.contains("/") }) {
                    throw RoutingError(
                        .badRequest,
                        "segment '\(element)' of glob '\(field.name)' holds '/', which would split it in two")
                }
                params[field.name] = field.values.joined(separator: "/")
            } else if let only = field.values.first, field.values.count == 1 {
                params[field.name] = only
            } else {
                throw RoutingError(
                    .badRequest,
                    "parameter '\(field.name)' of route '\(name)' takes one value, not \(field.values.count)")
            }
        }
        return (params, query)
    }
}
