/// The one home of the scalar rules of typed requests: how a value is read from the text of a
/// path parameter or query item (``Request/decode(_:)``), and written back as text (typed
/// reverse routing), so that the two are inverses.
enum ScalarText {
    /// `value` read as `T`, or `nil` when it does not convert. `Bool` reads `true`, `false`, `1`
    /// and `0`; any other `LosslessStringConvertible` type reads what its `init?(_:)` reads.
    static func read<T>(_ value: String, as type: T.Type) -> T? {
        if T.self == Bool.self {
            switch value {
            case "true", "1": return true as? T
            case "false", "0": return false as? T
            default: return nil
            }
        }
        guard let convertible = T.self as? any LosslessStringConvertible.Type else { return nil }
        return convertible.init(value) as? T
    }

    /// Whether ``read(_:as:)`` reads `T` directly (rather than through its `Decodable` conformance).
    static func reads<T>(_ type: T.Type) -> Bool {
        T.self is any LosslessStringConvertible.Type
    }

    /// The text of `value` when it is a scalar written as its description, else `nil`.
    static func text(of value: Any) -> String? {
        (value as? any LosslessStringConvertible)?.description
    }
}
