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
/// builds its requests' queries to read the last value instead (`?diff=x&diff=20` gives `"20"`).
public struct Query: Sendable, Sequence, Hashable {
    /// The items, in the order of the URL.
    public let items: [(name: String, value: String)]
    /// Which value of a repeated item ``subscript(_:)`` gives.
    public let repeatedItems: Router.Configuration.RepeatedQueryItems

    /// Creates a query from decoded items; `repeatedItems` says which value of a repeated item
    /// ``subscript(_:)`` gives.
    public init(
        _ items: [(name: String, value: String)] = [],
        repeatedItems: Router.Configuration.RepeatedQueryItems = .first
    ) {
        self.items = items
        self.repeatedItems = repeatedItems
    }

    /// The value of `name` (the first, or the last when ``repeatedItems`` says so), or `nil`
    /// when the query has no such item.
    public subscript(name: String) -> String? {
        switch repeatedItems {
        case .first: items.first { $0.name == name }?.value
        case .last: items.last { $0.name == name }?.value
        }
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
        lhs.repeatedItems == rhs.repeatedItems
            && lhs.items.elementsEqual(rhs.items) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes names and values in order, and which value of a repeated item is read.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(repeatedItems)
        for item in items {
            hasher.combine(item.name)
            hasher.combine(item.value)
        }
    }
}
