@testable import Switchyard

// Entry points only tests need: the router reaches the parser and the walk through its compiled
// `ServedLinks` and its own tracers, so these live here, not in the module.

extension URLParser {
    /// Parses and validates a full URL or a bare path (`/path?query#fragment`) for a router with
    /// `configuration`, as that router would.
    static func parse(_ url: String, configuration: Router.Configuration) -> Result<ParsedURL, RoutingError> {
        // As the router reports it: the parser's own rejection, turned into the caller's error.
        parse(url, served: ServedLinks(configuration)).mapError(RoutingError.init)
    }

    /// ``parse(_:configuration:)`` without the plain-path shortcut: every check, in order.
    static func parseInFull(_ string: String, configuration: Router.Configuration)
        -> Result<ParsedURL, RoutingError>
    {
        parseInFull(string, served: ServedLinks(configuration)).mapError(RoutingError.init)
    }
}

/// Counts the candidates a walk considers: the linear-work tests prove matching linear by it.
struct CountingTracer: MatchTracer {
    private(set) var steps = 0
    mutating func step() { steps += 1 }
    var wantsNotes: Bool { false }
    mutating func note(depth: Int, _ message: String) {}
}
