import Testing

@testable import Switchyard

/// Sizes the hot path depends on, which an added field can silently change.
struct LayoutTests {
    @Test(
        "LinkFilter fits in 128 bytes (regression: at 129 bytes every scoped link paid a memcpy call to set up its walk)"
    )
    func linkFilterSize() {
        #expect(MemoryLayout<LinkFilter>.size <= 128)
    }

    @Test("A host pattern's specificity is stored, equal to what its kind and labels give")
    func storedSpecificity() throws {
        let exact = try HostPattern.parse("en.wikipedia.org").get()
        let parameters = try HostPattern.parse(":lang.m.wikipedia.org").get()
        let fewerLiterals = try HostPattern.parse(":site.:lang.wikipedia.org").get()
        let wildcard = try HostPattern.parse("*.wikipedia.org").get()
        let any = try HostPattern.parse("*").get()
        #expect(exact.specificity == HostPattern.exactSpecificity)
        #expect(exact.specificity > parameters.specificity)
        #expect(parameters.specificity > fewerLiterals.specificity)
        #expect(fewerLiterals.specificity > wildcard.specificity)
        #expect(wildcard.specificity == 2 + ".wikipedia.org".utf8.count)
        #expect(any.specificity == 1)
    }
}
