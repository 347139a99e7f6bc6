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

    /// `field`'s first value read as `T` when `T` is `String`, `Int`, `Bool` (by ``bool(_:)``) or
    /// `Double`, throwing its 400; `nil` for any other type. Compared by identity: a conformance
    /// check (``readConvertible(_:from:)``) is a runtime lookup.
    @inline(__always)
    static func read<T>(_ type: T.Type, from field: FieldValues) throws -> T? {
        // `unsafeBitCast` where `T` is the very type compared: a cast `as? T` is a runtime call.
        if T.self == String.self { return unsafeBitCast(try field.scalar(String.self) { $0 }, to: T.self) }
        if T.self == Int.self { return unsafeBitCast(try field.scalar(Int.self) { Int($0) }, to: T.self) }
        if T.self == Bool.self { return unsafeBitCast(try field.scalar(Bool.self, bool), to: T.self) }
        if T.self == Double.self {
            return unsafeBitCast(try field.scalar(Double.self) { Double($0) }, to: T.self)
        }
        return nil
    }

    /// `field`'s first value read as `T` when `T` is any other `LosslessStringConvertible` type
    /// (by its `init?(_:)`) or `URL` (by `URL(string:)`: its own `Codable` is keyed, which a link
    /// cannot carry); `nil` when `T` decodes through its own conformance.
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
