import Foundation
import Switchyard

/// Recognizes and removes tracking query items such as `utm_source`, `fbclid` and `gclid`.
///
/// A pattern is a query item name (`fbclid`), or a prefix followed by `*` (`utm_*`). Names are
/// compared after percent-decoding, ASCII case-insensitively, so `UTM_Source` and `utm%5Fsource`
/// count too.
///
/// ```swift
/// TrackingParameters.strip(url: "mailapp://messages/7?utm_source=mail&ref=3&fbclid=x")
/// // "mailapp://messages/7?ref=3"
/// let router = try Router(middlewares: [TrackingParameters.stripper(extra: ["mc_eid"])], routes: routes)
/// ```
///
/// ``Request/query`` cannot be replaced by a middleware, so the ``stripper(extra:)``
/// middleware records the cleaned query in ``Request/cleanQuery``; to clean the URL
/// itself, call ``strip(url:extra:)`` before `Connection.send`.
public struct TrackingParameters: Sendable, Hashable {
    /// The key of ``Request/data`` for the cleaned query.
    public static let cleanQueryKey = "switchyard.cleanQuery"
    /// The key of ``Request/data`` for the removed tracking items.
    public static let trackingQueryKey = "switchyard.trackingQuery"
    /// The patterns used unless you add more: `utm_*`, `fbclid`, `gclid`.
    public static let defaultPatterns = ["utm_*", "fbclid", "gclid"]
    /// The default set: ``defaultPatterns``.
    public static let standard = TrackingParameters(defaultPatterns)

    /// Exact names, lowercased.
    public let names: Set<String>
    /// Name prefixes, lowercased (`utm_` for the pattern `utm_*`).
    public let prefixes: Set<String>

    /// Creates a set from patterns: a name, or a prefix followed by `*`.
    ///
    /// ```swift
    /// let mine = TrackingParameters(TrackingParameters.defaultPatterns + ["mc_*", "igshid"])
    /// ```
    public init(_ patterns: [String]) {
        var names: Set<String> = []
        var prefixes: Set<String> = []
        for pattern in patterns.map(ASCIICaseFolding.lowercased) where !pattern.isEmpty {
            if pattern.hasSuffix("*") {
                prefixes.insert(String(pattern.dropLast()))
            } else {
                names.insert(pattern)
            }
        }
        self.names = names
        self.prefixes = prefixes
    }

    /// Whether a decoded query item name is a tracking parameter.
    public func matches(_ name: String) -> Bool {
        let folded = ASCIICaseFolding.lowercased(name)
        return names.contains(folded) || prefixes.contains { folded.hasPrefix($0) }
    }

    /// Splits a query into the items to keep and the tracking items, both in their original order.
    public func partition(_ query: Query) -> (kept: Query, tracking: Query) {
        var kept: [(name: String, value: String)] = []
        var tracking: [(name: String, value: String)] = []
        for item in query {
            if matches(item.name) { tracking.append(item) } else { kept.append(item) }
        }
        return (
            Query(kept, readsLast: query.readsLast),
            Query(tracking, readsLast: query.readsLast)
        )
    }

    /// The URL without tracking query items; everything else, fragment included, is kept byte for
    /// byte. A query left empty loses its `?`; a URL without tracking items comes back unchanged.
    public func strip(url: String) -> String {
        let parts = RawURLParts(url)
        guard let query = parts.query else { return url }
        let items = RawURLParts.items(of: query)
        let kept = items.filter { !matches(RawURLParts.name(of: $0)) }
        guard kept.count < items.count else { return url }
        var result = String(parts.head)
        if !kept.isEmpty && !(kept.count == 1 && kept[0].isEmpty) {
            result += "?" + kept.joined(separator: "&")
        }
        return result + (parts.fragment.map { "#" + $0 } ?? "")
    }

    /// Removes the default tracking items, plus `extra` patterns, from a URL; use it before
    /// `Connection.send`.
    ///
    /// ```swift
    /// await Connection.send(fromPublicURL: TrackingParameters.strip(url: incoming),
    ///                       sourceApplication: app, router: router)
    /// ```
    public static func strip(url: String, extra: [String] = []) -> String {
        (extra.isEmpty ? standard : TrackingParameters(defaultPatterns + extra)).strip(url: url)
    }

    /// A middleware that records the query without tracking items in
    /// ``Request/cleanQuery`` and the removed items in
    /// ``Request/trackingQuery``. ``defaultPatterns`` always apply; `extra` adds more.
    ///
    /// ```swift
    /// Route("/search", middlewares: [TrackingParameters.stripper()]) { request in
    ///     let query = request.cleanQuery ?? request.query
    ///     …
    /// }
    /// ```
    public static func stripper(extra: [String] = []) -> Middleware {
        let set = extra.isEmpty ? standard : TrackingParameters(defaultPatterns + extra)
        return Middleware("trackingParameters") { request in
            let (kept, tracking) = set.partition(request.query)
            return request.adding([cleanQueryKey: kept, trackingQueryKey: tracking])
        }
    }
}
