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

    /// The types ``Request/decode(_:)`` reads without a runtime lookup: the four common scalars,
    /// and `[String]`, the common list.
    enum Common {
        case string, int, bool, double, strings
    }

    /// Which common type `T` is, compared by identity; `nil` for any other type. A conformance
    /// check (``readConvertible(_:from:)``) is a runtime lookup, and so is an optional `T` in the
    /// decoder's generic code: hence a plain enum here, and no `T?` on this path.
    @inline(__always)
    static func common<T>(_ type: T.Type) -> Common? {
        if T.self == String.self { return .string }
        if T.self == Int.self { return .int }
        if T.self == Bool.self { return .bool }
        if T.self == Double.self { return .double }
        if T.self == [String].self { return .strings }
        return nil
    }

    /// `field` read as `T`, which is the common type `kind` (from ``common(_:)``), throwing its
    /// 400: a scalar reads the first value, `[String]` every value.
    @inline(__always)
    static func read<T>(_ kind: Common, as type: T.Type, from field: FieldValues) throws -> T {
        // `unsafeBitCast` to the very type `kind` names: a cast `as! T` is a runtime call.
        switch kind {
        case .string: unsafeBitCast(try field.scalar(String.self) { $0 }, to: T.self)
        case .int: unsafeBitCast(try field.scalar(Int.self) { Int($0) }, to: T.self)
        case .bool: unsafeBitCast(try field.scalar(Bool.self, bool), to: T.self)
        case .double: unsafeBitCast(try field.scalar(Double.self) { Double($0) }, to: T.self)
        case .strings: unsafeBitCast(try field.texts(), to: T.self)
        }
    }

    /// `field`'s first value read as `T` when `T` is any other `LosslessStringConvertible` type
    /// (by its `init?(_:)`) or `URL` (its own `Codable` is keyed, which a link cannot carry):
    /// a URL Switchyard's parser accepts, whatever the OS (`URL(string:)` refuses on iOS 16
    /// what iOS 17 and Linux encode); `nil` when `T` decodes through its own conformance.
    static func readConvertible<T>(_ type: T.Type, from field: FieldValues) throws -> T? {
        if T.self == URL.self {
            return unsafeBitCast(
                try field.scalar(URL.self) { URLParser.foundationURL($0, served: .anyLink) }, to: T.self)
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
