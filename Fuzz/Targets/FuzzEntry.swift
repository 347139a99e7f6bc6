#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one libFuzzer binary holds every target, so `scripts/fuzz` compiles the core once instead
/// of once per target; it links each target's name to the binary, and the name it runs under
/// (or `SWITCHYARD_FUZZ_TARGET`) picks the target.
enum FuzzEntry {
    typealias Target = @Sendable (UnsafePointer<UInt8>?, Int) -> CInt

    static let targets: [String: Target] = [
        "url-parser": fuzzURLParser, "matcher": fuzzMatcher, "reverse-routing": fuzzReverseRouting,
        "private-routes": fuzzPrivateRoutes, "invisible-routes": fuzzInvisibleRoutes, "decode": fuzzDecode,
        "aasa": fuzzAppSiteAssociation, "segment-patterns": fuzzSegmentPatterns,
    ]

    static let selected: Target = {
        let name =
            getenv("SWITCHYARD_FUZZ_TARGET").map { String(cString: $0) }
            ?? String(CommandLine.arguments.first?.split(separator: "/").last ?? "")
        guard let target = targets[name] else {
            let known = targets.keys.sorted().joined(separator: ", ")
            var message = "unknown fuzz target '\(name)': run as one of \(known)\n"
            _ = message.withUTF8 { write(2, $0.baseAddress, $0.count) }
            exit(2)
        }
        return target
    }()
}

/// libFuzzer calls this once before fuzzing: an unknown target stops the run here, not at the
/// first input.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(
    _ argc: UnsafeMutablePointer<CInt>?,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?
) -> CInt {
    _ = FuzzEntry.selected
    return 0
}

/// libFuzzer's entry point: one input per call; a finding ends the process.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    FuzzEntry.selected(data, size)
}
