import Benchmark
import BenchmarkSupport
import Switchyard

/// Switchyard's `Router.match`: the path is all it needs.
struct SwitchyardSubject: RouterUnderTest {
    static let name = "Switchyard"
    let router: Router
    let indexOfPattern: [String: Int]

    init?(_ workload: Workload) {
        do {
            router = try Router(routes: workload.routes.map { Route($0) { Response(request: $0) } })
        } catch {
            preconditionFailure("\(workload.name): Switchyard refuses the route table: \(error)")
        }
        indexOfPattern = Dictionary(uniqueKeysWithValues: workload.routes.enumerated().map { ($1, $0) })
    }

    func routeIndex(_ path: String) -> Int? {
        router.match(path).flatMap { indexOfPattern[$0.route.pattern] }
    }

    @inline(__always)
    func match(_ path: String) {
        blackHole(router.match(path))
    }

    @inline(__always)
    func matchAndRead(_ path: String, parameter: String) {
        blackHole(router.match(path)?.params[parameter])
    }
}
