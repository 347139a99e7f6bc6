import Switchyard

/// A router whose route `/accounts/:account_id/folders/:folder_id/messages/:message_id` runs
/// `stages` stages: half identity middlewares, half policies that verify; what is measured is the
/// framework's cost per stage, not the stages' work.
public enum SendRouter {
    /// The URL the benchmarks send: a 3-parameter route, one value percent-escaped.
    public static let url = "/accounts/acct-3/folders/Archive%202024/messages/77121"
    /// The route it reaches.
    public static let pattern = "/accounts/:account_id/folders/:folder_id/messages/:message_id"

    /// The router, with `stages` stages on the measured route.
    public static func make(stages: Int) throws -> Router {
        let middlewares = (0..<stages / 2).map { index in Middleware("middleware\(index)") { $0 } }
        let policies = (0..<(stages - stages / 2)).map { index in Policy("policy\(index)") { _ in .verified }
        }
        return try Router(routes: [
            Route("/accounts/:account_id") { Response(request: $0) },
            Route("/accounts/:account_id/folders/:folder_id") { Response(request: $0) },
            Route(pattern, middlewares: middlewares, policies: policies) { Response(request: $0) },
        ])
    }
}

/// Generated route tables: for k = 0, 1, …, the four routes `/s<k>/list`, `/s<k>/:id`,
/// `/s<k>/:id/edit` and `/s<k>/:id/items/:item_id`, cut at the requested count.
public enum GeneratedRoutes {
    /// A static and a two-parameter request that every generated table of 10 routes or more
    /// routes the same way.
    public static let probes: [(kind: String, probe: (path: String, pattern: String))] = [
        ("Static", ("/s1/list", "/s1/list")),
        ("Param", ("/s1/4711/items/42", "/s1/:id/items/:item_id")),
    ]

    /// The first `count` generated routes.
    public static func make(_ count: Int) -> [Route] {
        (0..<count).map { index in
            let prefix = "/s\(index / 4)"
            let pattern =
                switch index % 4 {
                case 0: "\(prefix)/list"
                case 1: "\(prefix)/:id"
                case 2: "\(prefix)/:id/edit"
                default: "\(prefix)/:id/items/:item_id"
                }
            return Route(pattern) { Response(request: $0) }
        }
    }
}
