import Benchmark
import BenchmarkSupport
import RoutingKit

/// routing-kit's `TrieRouter`, with the split of the path into `[String]` that Vapor performs
/// for every request before routing it.
struct RoutingKitSubject: RouterUnderTest {
    static let name = "RoutingKit"
    let router: TrieRouter<Int>

    init?(_ workload: Workload) {
        let components = workload.routes.map { pattern in
            pattern.split(separator: "/").map { segment -> PathComponent in
                segment.hasPrefix("*") ? .catchall : PathComponent(stringLiteral: String(segment))
            }
        }
        // TrieRouter traps when two routes name the parameter at the same position differently.
        var parameterNames: [String: Substring] = [:]
        for pattern in workload.routes {
            var prefix = ""
            for segment in pattern.split(separator: "/") {
                if segment.hasPrefix(":") {
                    if let known = parameterNames[prefix], known != segment { return nil }
                    parameterNames[prefix] = segment
                    prefix += "/:"
                } else {
                    prefix += "/\(segment)"
                }
            }
        }
        router = TrieRouter(Int.self)
        for (index, path) in components.enumerated() {
            router.register(index, at: path)
        }
    }

    func routeIndex(_ path: String) -> Int? {
        var parameters = Parameters()
        return router.route(path: path.split(separator: "/").map(String.init), parameters: &parameters)
    }

    @inline(__always)
    func match(_ path: String) {
        var parameters = Parameters()
        blackHole(router.route(path: path.split(separator: "/").map(String.init), parameters: &parameters))
    }

    @inline(__always)
    func matchAndRead(_ path: String, parameter: String) {
        var parameters = Parameters()
        blackHole(router.route(path: path.split(separator: "/").map(String.init), parameters: &parameters))
        blackHole(parameters.get(parameter))
    }
}
