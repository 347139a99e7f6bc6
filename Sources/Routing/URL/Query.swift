/// The decoded query items of a URL, in order, duplicates kept.
///
/// ```swift
/// // mailapp://search?q=swift&tag=a&tag=b&flag
/// request.query["q"]          // "swift"
/// request.query.values("tag") // ["a", "b"]
/// request.query["flag"]       // "" (a key without `=`)
/// for (name, value) in request.query { … }
/// ```
///
/// A router whose ``Router/Configuration/repeatedQueryItems`` is ``Router/Configuration/RepeatedQueryItems/last``
/// builds its requests' queries to read the last value instead (`?diff=x&diff=20` gives `"20"`):
/// their ``readsLast`` is `true`.
public struct Query: Sendable, Sequence, Hashable {
    /// The items, in the order of the URL.
    public let items: [(name: String, value: String)]
    /// Whether ``subscript(_:)`` gives the last value of a repeated item rather than the first.
    public let readsLast: Bool

    /// Creates a query from decoded items; with `readsLast`, ``subscript(_:)`` gives the last
    /// value of a repeated item. A middleware that builds a query from a request's keeps its
    /// reading: `Query(kept, readsLast: request.query.readsLast)`.
    public init(_ items: [(name: String, value: String)] = [], readsLast: Bool = false) {
        self.items = items
        self.readsLast = readsLast
    }

    /// The value of `name` (the first, or the last when ``readsLast``), or `nil` when the
    /// query has no such item.
    public subscript(name: String) -> String? {
        readsLast ? items.last { $0.name == name }?.value : items.first { $0.name == name }?.value
    }

    /// Every value for `name`, in order.
    public func values(_ name: String) -> [String] {
        // One pass and one allocation: `filter` then `map` would build two arrays, and appending
        // to an empty one grows it again at the second value. The items left from the first
        // match bound the count.
        var values: [String] = []
        for index in items.indices where items[index].name == name {
            if values.isEmpty { values.reserveCapacity(items.count &- index) }
            values.append(items[index].value)
        }
        return values
    }

    /// `true` when the URL had no query items.
    public var isEmpty: Bool { items.isEmpty }

    /// Iterates over `(name, value)` pairs in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        items.makeIterator()
    }

    /// Items are equal in order, names and values, and the two read the same value of a
    /// repeated item.
    public static func == (lhs: Query, rhs: Query) -> Bool {
        lhs.readsLast == rhs.readsLast
            && lhs.items.elementsEqual(rhs.items) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes names and values in order, and which value of a repeated item is read.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(readsLast)
        for item in items {
            hasher.combine(item.name)
            hasher.combine(item.value)
        }
    }
}
