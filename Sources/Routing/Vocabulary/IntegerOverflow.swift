/// A value whose text is a whole number that the integer type it is read as cannot hold: `300` as
/// `Int8`, or `9999999999` as `Int` where `Int` is 32 bits (watchOS on arm64_32).
///
/// Matching is the same on every OS (the `int` constraint means "fits `Int64`"), so a link can
/// match and still carry a number the app's type cannot hold. Reading it is this error, never a
/// trap and never a wrapped value: a path parameter's is a 404, as a link to a record that cannot
/// exist; a query item's is a 400, as any other unreadable query item.
enum IntegerOverflow {
    /// The error for reading `text` as `type`, when `type` is a fixed-width integer and `text` a
    /// whole number it cannot hold.
    ///
    /// - Parameters:
    ///   - text: The value's text, decoded.
    ///   - type: The type it is read as.
    ///   - name: The parameter or query item, named in the message.
    ///   - isPathParameter: Whether `name` is a path parameter (404) or a query item (400).
    ///   - showsValue: Whether the message may hold the value: in-app requests only.
    /// - Returns: The error, or `nil` when `text` is not a whole number out of `type`'s range.
    static func error<T>(
        reading text: String, as type: T.Type, name: String, isPathParameter: Bool, showsValue: Bool = true
    ) -> RoutingError? {
        guard let integer = T.self as? any FixedWidthInteger.Type, isWholeNumber(text) else { return nil }
        let value = showsValue ? " is \(text), which" : ""
        let range = "\(integer.min) to \(integer.max)"
        let kind = isPathParameter ? "parameter" : "query item"
        return RoutingError(
            isPathParameter ? .notFound : .badRequest,
            "\(kind) '\(name)'\(value) does not fit in \(T.self) (\(range))")
    }

    /// Whether `text` is written as Swift's integer initializers read one: an optional sign, then
    /// at least one ASCII digit. Such a text that does not read as the type is out of its range.
    private static func isWholeNumber(_ text: String) -> Bool {
        var digits = text.utf8[...]
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            digits = digits.dropFirst()
        }
        return !digits.isEmpty && digits.allSatisfy { $0 &- UInt8(ascii: "0") < 10 }
    }
}
