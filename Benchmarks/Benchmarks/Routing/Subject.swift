import BenchmarkSupport

/// A router under test, built from a workload's routes.
///
/// Each conformance lives in its own file with only its own router's module imported: Switchyard,
/// routing-kit and Hummingbird all declare `Router` and `Parameters`.
protocol RouterUnderTest {
    /// The benchmark name suffix.
    static var name: String { get }
    /// Builds the router from `workload.routes`; `nil` when this router cannot express them.
    init?(_ workload: Workload)
    /// The index of the route `path` reaches, for the check that runs before measuring.
    func routeIndex(_ path: String) -> Int?
    /// Routes `path` the way a user of this router pays for it; the result goes to `blackHole`.
    func match(_ path: String)
    /// Routes `path` and reads one parameter value as a `String`.
    func matchAndRead(_ path: String, parameter: String)
}

extension RouterUnderTest {
    /// The probes this router routes somewhere else than expected, as readable lines.
    func mismatches(_ workload: Workload) -> [String] {
        workload.probes.compactMap { probe in
            let got = routeIndex(probe.path)
            guard got != probe.expected else { return nil }
            let expected = probe.expected.map { workload.routes[$0] } ?? "no match"
            return "\(probe.path): expected \(expected), got \(got.map { workload.routes[$0] } ?? "no match")"
        }
    }
}
