import Foundation

/// Whether a property's type holds a nested value (a struct, a dictionary, an array of those or of
/// arrays), told from the type alone: decoding it is tried on a stand-in decoder that holds no
/// value and stops at the first container it is asked for.
///
/// ``Request/decode(_:)`` refuses such a property when the link has no value for it (an optional
/// one would be `nil`, an array empty), and typed reverse routing when the value is `nil` or
/// empty, so both refuse the same types whatever a link or a value holds. It follows the path
/// ``FieldValues`` takes for a value: the common scalars, arrays element by element, then
/// `LosslessStringConvertible` and `URL`, then the type's own conformance.
enum NestedValueProbe {
    /// Whether reading `T` from a link asks for a container a link cannot carry. `isElement`: `T`
    /// is an array's element, which cannot be a list itself.
    static func isNested<T: Decodable>(_ type: T.Type, isElement: Bool = false) -> Bool {
        if let common = ScalarText.common(T.self) { return common == .strings && isElement }
        if !isElement, let list = T.self as? any TextList.Type { return list.hasNestedElement }
        if T.self == URL.self || T.self is any LosslessStringConvertible.Type { return false }
        do {
            _ = try T(from: Probe(isElement: isElement))
            return false
        } catch is Found {
            return true
        } catch {
            // A scalar was asked for (`Reached`), or the conformance threw an error of its own.
            return false
        }
    }

    /// What the refusals add, decoding and encoding alike: which values are nested, and the fix.
    static let explanation =
        "(a struct, a dictionary, or an array of those or of arrays), which a link cannot carry: make "
        + "its fields properties of the link, holding scalars or arrays of scalars; nested values are "
        + "unsupported"

    /// A container was asked for that a link cannot carry.
    private struct Found: Error {}

    /// A scalar was asked for: the type is flat.
    private struct Reached: Error {}

    private struct Probe: Decoder {
        let isElement: Bool
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
            throw Found()
        }

        func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
            if isElement { throw Found() }
            return Element()
        }

        func singleValueContainer() throws -> any SingleValueDecodingContainer {
            Single(isElement: isElement)
        }
    }

    /// One value, read as ``FieldValues`` would read it.
    private struct Single: SingleValueDecodingContainer {
        let isElement: Bool
        var codingPath: [any CodingKey] { [] }

        func decodeNil() -> Bool { false }
        func decode<T: Decodable>(_ type: T.Type) throws -> T {
            throw isNested(T.self, isElement: isElement) ? Found() as any Error : Reached()
        }
    }

    /// A list of one element, so that its element's type is read.
    private struct Element: UnkeyedDecodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int? { 1 }
        var isAtEnd: Bool { false }
        var currentIndex: Int { 0 }

        mutating func decodeNil() throws -> Bool { false }
        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
            throw isNested(T.self, isElement: true) ? Found() as any Error : Reached()
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
            -> KeyedDecodingContainer<NestedKey>
        { throw Found() }
        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw Found() }
        mutating func superDecoder() throws -> any Decoder { throw Found() }
    }
}
