/// How a router reads a query into a ``Query``: its ``Router/Configuration/plusAsSpace`` and
/// ``Router/Configuration/repeatedQueryItems``, together wherever a query is decoded.
struct QueryReading: Sendable {
    /// `+` is a space, as HTML forms write it.
    var plusAsSpace: Bool
    /// Which value of a repeated item is the item's value.
    var repeatedItems: Router.Configuration.RepeatedQueryItems

    init(plusAsSpace: Bool, repeatedItems: Router.Configuration.RepeatedQueryItems = .first) {
        self.plusAsSpace = plusAsSpace
        self.repeatedItems = repeatedItems
    }

    init(_ configuration: Router.Configuration) {
        plusAsSpace = configuration.plusAsSpace
        repeatedItems = configuration.repeatedQueryItems
    }
}
