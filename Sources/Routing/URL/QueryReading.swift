/// How a router reads a query into a ``Query``: its ``Router/Configuration/plusAsSpace`` and
/// ``Router/Configuration/repeatedQueryItems``, together wherever a query is decoded.
struct QueryReading: Sendable {
    /// `+` is a space, as HTML forms write it.
    var plusAsSpace: Bool
    /// The last value of a repeated item is the item's value (``Query/readsLast``).
    var readsLast: Bool

    init(plusAsSpace: Bool, readsLast: Bool = false) {
        self.plusAsSpace = plusAsSpace
        self.readsLast = readsLast
    }
}
