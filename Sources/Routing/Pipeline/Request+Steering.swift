// What the pipeline does to a request between its stages: the rules are the pipeline's (a
// middleware keeps the URL and source; the next candidate runs with the same request), so they
// live here and read the request's storage in place.
extension Request {
    /// Points this request at another route of the same URL: what the next candidate runs with
    /// after a decline. In place when no one else holds the request (the common case: the
    /// declined stages kept nothing), so a chain of declines allocates no request after the first.
    mutating func reroute(to route: Route?, params: Parameters) {
        guard isKnownUniquelyReferenced(&storage) else {
            self = replacing(route: route, params: params, data: storage.data)
            return
        }
        storage.route = route
        storage.params = params
    }

    /// Whether this request, which a middleware returned when handed `handed`, is for the URL and
    /// source the stages started with (`initial`). A middleware that hands its request back (the
    /// common case) changed nothing: the same storage.
    func keepsTarget(of handed: Request, initial: Request) -> Bool {
        storage === handed.storage
            || (storage.source == initial.storage.source && storage.url == initial.storage.url)
    }
}
