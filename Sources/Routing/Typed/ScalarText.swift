import Foundation

/// The one home of the scalar rules of typed requests: how a value is read from the text of a
/// path parameter or query item (``Request/decode(_:)``), and written back as text (typed
/// reverse routing), so that the two are inverses.
enum ScalarText {
    /// `Bool` reads `true`, `false`, `1` and `0`.
    static func bool(_ text: String) -> Bool? {
        switch text {
        case "true", "1": true
        case "false", "0": false
        default: nil
        }
    }

    /// `field`'s first value read as `T` when `T` is a scalar (`Bool` by ``bool(_:)``, any other
    /// `LosslessStringConvertible` type by its `init?(_:)`), throwing its 400; `nil` when `T` is
    /// not a scalar and decodes through its own conformance. The common types are compared
    /// first: a conformance check is a runtime lookup.
    @inline(__always)
    static func read<T>(_ type: T.Type, from field: FieldValues) throws -> T? {
        // `unsafeBitCast` where `T` is the very type compared: a cast `as? T` is a runtime call.
        if T.self == String.self { return unsafeBitCast(try field.scalar(String.self) { $0 }, to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try field.scalar(Int.self) { Int($0) }, to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try field.scalar(Bool.self, bool), to: T.self) }
        if T.self == Double.self {
            return unsafeBitCast(try field.scalar(Double.self) { Double($0) }, to: T.self)
        }
        return try readConvertible(T.self, from: field)
    }

    /// ``read(_:from:)`` for the other `LosslessStringConvertible` types, and `URL` (its own
    /// `Codable` is keyed, which a link cannot carry), read with `URL(string:)`.
    static func readConvertible<T>(_ type: T.Type, from field: FieldValues) throws -> T? {
        if T.self == URL.self {
            return unsafeBitCast(try field.scalar(URL.self) { URL(string: $0) }, to: T.self)
        }
        guard let convertible = T.self as? any LosslessStringConvertible.Type else { return nil }
        return try field.scalar(T.self) { convertible.init($0) as? T }
    }

    /// The text of `value` when it is a scalar written as its description (a `URL` as its
    /// `absoluteString`), else `nil`.
    static func text(of value: Any) -> String? {
        if let url = value as? URL { return url.absoluteString }
        return (value as? any LosslessStringConvertible)?.description
    }
}
