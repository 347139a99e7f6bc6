import Foundation

/// Writes an `Encodable` value as JSON with the same bytes on every OS: what Switchyard writes
/// (the apple-app-site-association file, held links, history lines, App Links extras) goes
/// through it instead of Foundation's `JSONEncoder`, whose key order, numbers and escapes differ
/// between OS versions.
///
/// ```swift
/// let line = try JSONWriter().encode(entry)                 // {"a":1,"b":"x/y"}
/// let file = try JSONWriter(style: .pretty).encode(value)   // Foundation's prettyPrinted layout
/// ```
///
/// The rules, all of them decided here and none by Foundation:
///
/// - **Keys** are sorted by their UTF-8 bytes (`"B"` before `"a"`, `"Z"` before `"a"` before
///   `"ä"` before `"é"`). A key written twice in one object keeps the last spelling and value
///   (keys Swift compares equal, such as `"é"` precomposed and decomposed, are the same key).
/// - **Strings** are UTF-8, non-ASCII included, never `\u` escapes; `/` is not escaped. Only
///   what JSON requires is escaped: `"` as `\"`, `\` as `\\`, U+0008, U+0009, U+000A, U+000C and
///   U+000D as `\b`, `\t`, `\n`, `\f` and `\r`, the other characters up to U+001F as `\u00XX`
///   with lowercase hex (`\u001f`). So a compact document never spans two lines.
/// - **Integers** of every width are written in decimal (`-9223372036854775808`).
/// - **`Double` and `Float`** are written as Swift's shortest round-trip `description` (from the
///   standard library, not Foundation), without a trailing `.0`: `0.1`, `1.1`, `100`, `-0`,
///   `1e+21`, `5e-324`, `1.2345678901234568e+17`. A NaN or an infinity throws
///   `EncodingError.invalidValue`.
/// - **`Bool`** is `true` or `false`; **`nil`** is `null`. `encodeIfPresent` leaves a `nil` out,
///   `encode` of a `nil` optional writes `null`.
/// - **`Date`, `Data`, `URL` and `Decimal`** are refused with `EncodingError.invalidValue`:
///   `JSONEncoder` writes them in a form of its own (seconds since 2001, base64, a string, a
///   number) that their `Encodable` conformances do not, so a value meant to be JSON says which
///   form it wants (`History` writes ISO 8601 text, held links seconds since 1970).
/// - A value that encodes nothing is an empty object `{}`, except at the top, where it throws.
///   Asking one encoder for two kinds of container, or encoding twice through a single-value
///   container, throws `EncodingError.invalidValue` instead of trapping.
///
/// The ``Style/pretty`` layout is the one Foundation's `prettyPrinted` writes on Linux and on
/// Apple OSes since 2023: two spaces of indent, `"key" : value`, an empty array or object as its
/// brackets around an empty line. Neither style ends with a newline.
package struct JSONWriter: Sendable {
    /// Where whitespace goes.
    package enum Style: Sendable {
        /// One line, no spaces: `{"a":[1,2],"b":{}}`.
        case compact
        /// One value per line, two spaces of indent per level, `"key" : value`.
        case pretty
    }

    /// The layout of the output.
    package var style: Style

    /// A writer of the given style.
    package init(style: Style = .compact) {
        self.style = style
    }

    /// The JSON bytes of `value`.
    ///
    /// - Throws: `EncodingError.invalidValue` for a NaN or infinite number, a `Date`, `Data`,
    ///   `URL` or `Decimal`, a misused encoder, or a top-level value that encodes nothing; any
    ///   error `value`'s `encode(to:)` throws.
    package func encode<T: Encodable>(_ value: T) throws -> Data {
        let root = JSONNode()
        let state = JSONEncodingState()
        try JSONTreeEncoder.write(value, into: root, codingPath: [], state: state)
        if let misuse = state.misuse { throw misuse }
        if case .unset = root.content {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
        }
        var printer = JSONPrinter(pretty: style == .pretty)
        printer.write(root, indent: 0)
        return Data(printer.bytes)
    }
}
