import Benchmark
import BenchmarkSupport

/// A `Dictionary` lookup of the whole path: the practical limit for static routes, and nothing more
/// (no parameters, no normalization).
struct DictionarySubject: RouterUnderTest {
    static let name = "Dictionary"
    let indexOfPath: [String: Int]

    init?(_ workload: Workload) {
        guard workload.isStaticOnly, workload.readsParameter == nil else { return nil }
        var indexOfPath: [String: Int] = [:]
        for (index, pattern) in workload.routes.enumerated()
        where !pattern.contains(":") && !pattern.contains("*") {
            indexOfPath[pattern] = index
        }
        self.indexOfPath = indexOfPath
    }

    func routeIndex(_ path: String) -> Int? {
        indexOfPath[path]
    }

    @inline(__always)
    func match(_ path: String) {
        blackHole(indexOfPath[path])
    }

    func matchAndRead(_ path: String, parameter: String) {
        preconditionFailure("a dictionary has no parameters")
    }
}
