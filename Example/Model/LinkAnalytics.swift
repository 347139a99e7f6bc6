import Switchyard

/// Which message links people open, kept in memory: the example writes no files.
///
/// Filled by ``AnalyticsController``, the controller of a `continueNext` route that runs before the
/// message screens (see ``MessageRoutes``). Recording from a route rather than from a
/// ``Switchyard/RouteObserver`` keeps it to the links of one section, with their parameters
/// already parsed, and the screen route that answers after it needs no analytics code.
actor LinkAnalytics {
    /// One opened link.
    struct Entry: Sendable, Hashable {
        /// The path the router matched, after rewrites: `/msg/7` is recorded as `/messages/7`.
        let path: String
        let source: Source
    }

    private(set) var entries: [Entry] = []

    func record(_ path: String, from source: Source) {
        entries.append(Entry(path: path, source: source))
    }
}
