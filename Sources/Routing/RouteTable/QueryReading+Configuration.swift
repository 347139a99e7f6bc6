extension QueryReading {
    /// How `configuration` reads a query.
    init(_ configuration: Router.Configuration) {
        self.init(
            plusAsSpace: configuration.plusAsSpace, readsLast: configuration.repeatedQueryItems == .last)
    }
}
