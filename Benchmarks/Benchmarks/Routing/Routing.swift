import Benchmark
import BenchmarkSupport
import Foundation

// Router.match side by side with routing-kit's TrieRouter, Hummingbird's trie, a whole-path
// Dictionary lookup (static routes only), a loop that reads every byte of the path (the floor) and
// an empty loop (the harness). Same workloads, same inputs, one run.
//
// Names are "<workload>:<router>", without spaces or slashes: the thresholds files are named after
// them. One benchmark op = every probe of the workload once; every benchmark runs 1,000 ops per
// measured iteration (`scalingFactor: .kilo`), so its results read "per op".

/// Set `SWITCHYARD_BENCH_QUICK=1` for a short run (the malloc threshold check: counts are exact).
let isQuick = ProcessInfo.processInfo.environment["SWITCHYARD_BENCH_QUICK"] != nil

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal],
        timeUnits: .nanoseconds,
        warmupIterations: isQuick ? 1 : 5,
        scalingFactor: .kilo,
        maxDuration: isQuick ? .milliseconds(50) : .seconds(1),
        maxIterations: isQuick ? 5 : 10_000
    )

    Benchmark("Empty") { benchmark in
        for index in benchmark.scaledIterations {
            blackHole(index)
        }
    }

    for workload in Workloads.all() + Workloads.singles() {
        register(SwitchyardSubject.self, workload)
        register(RoutingKitSubject.self, workload)
        register(HummingbirdSubject.self, workload)
        register(DictionarySubject.self, workload)
        registerFloor(workload)
    }
}

/// Registers `<workload>:<router>` unless the router cannot hold the workload's routes (or, for a
/// workload marked `mayBeUnsupported`, routes some of its probes elsewhere).
func register<Subject: RouterUnderTest>(_: Subject.Type, _ workload: Workload) {
    if workload.mayBeUnsupported {
        guard let subject = Subject(workload), subject.mismatches(workload).isEmpty else { return }
    } else if Subject(workload) == nil {
        return
    }
    let paths = workload.probes.map(\.path)
    let parameter = workload.readsParameter

    Benchmark("\(workload.name):\(Subject.name)") { (benchmark: Benchmark, subject: Subject) in
        if let parameter {
            for _ in benchmark.scaledIterations {
                for path in paths {
                    subject.matchAndRead(path, parameter: parameter)
                }
            }
        } else {
            for _ in benchmark.scaledIterations {
                for path in paths {
                    subject.match(path)
                }
            }
        }
    } setup: {
        // Checked once per benchmark, outside the measured loop: every probe reaches its route.
        guard let subject = Subject(workload) else {
            preconditionFailure("\(workload.name): \(Subject.name) cannot be built")
        }
        let mismatches = subject.mismatches(workload)
        precondition(
            mismatches.isEmpty,
            "\(workload.name):\(Subject.name) routes wrongly:\n" + mismatches.joined(separator: "\n"))
        return subject
    }
}

/// `<workload>:Floor`: a loop that reads every byte of every path (from the string's contiguous
/// UTF-8 storage, as a matcher that walks bytes does), the least any router must do.
func registerFloor(_ workload: Workload) {
    let paths = workload.probes.map(\.path)
    Benchmark("\(workload.name):Floor") { benchmark in
        for _ in benchmark.scaledIterations {
            for path in paths {
                blackHole(
                    path.utf8.withContiguousStorageIfAvailable { bytes in
                        var sum: UInt8 = 0
                        for byte in bytes {
                            sum &+= byte
                        }
                        return sum
                    })
            }
        }
    }
}
