import Benchmark
import BenchmarkSupport
@_spi(Internal) import Hummingbird

/// Hummingbird's router trie (`RouterPathTrieBuilder` → `RouterTrie`), as its `Router` uses it.
struct HummingbirdSubject: RouterUnderTest {
    static let name = "Hummingbird"
    let trie: RouterTrie<Int>

    init?(_ workload: Workload) {
        let builder = RouterPathTrieBuilder<Int>()
        for (index, pattern) in workload.routes.enumerated() {
            // Hummingbird spells a glob `**`; `*name` would be a suffix wildcard.
            let path = pattern.split(separator: "/").map { $0.hasPrefix("*") ? "**" : $0 }.joined(
                separator: "/")
            builder.addEntry(RouterPath(path), value: index)
        }
        trie = builder.build()
    }

    func routeIndex(_ path: String) -> Int? {
        trie.resolve(path)?.value
    }

    @inline(__always)
    func match(_ path: String) {
        blackHole(trie.resolve(path))
    }

    @inline(__always)
    func matchAndRead(_ path: String, parameter: String) {
        blackHole(trie.resolve(path)?.parameters.get(parameter))
    }
}
