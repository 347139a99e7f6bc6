/// The decoded query items of a URL, in order, duplicates kept.
///
/// ```swift
/// // mailapp://search?q=swift&tag=a&tag=b&flag
/// request.query["q"]          // "swift"
/// request.query.values("tag") // ["a", "b"]
/// request.query["flag"]       // "" (a key without `=`)
/// for (name, value) in request.query { … }
/// ```
public struct Query: Sendable, Sequence, Hashable {
    /// The items, in the order of the URL.
    public let items: [(name: String, value: String)]

    /// Creates a query from decoded items.
    public init(_ items: [(name: String, value: String)] = []) {
        self.items = items
    }

    /// The first value for `name`, or `nil`.
    public subscript(name: String) -> String? {
        items.first { $0.name == name }?.value
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

    /// Items are equal in order, names and values.
    public static func == (lhs: Query, rhs: Query) -> Bool {
        lhs.items.elementsEqual(rhs.items) { $0.name == $1.name && $0.value == $1.value }
    }

    /// Hashes names and values in order.
    public func hash(into hasher: inout Hasher) {
        for item in items {
            hasher.combine(item.name)
            hasher.combine(item.value)
        }
    }
}
