import Foundation

/// The `Encoder` behind ``JSONWriter``: writes one value into one ``JSONNode``, through a keyed,
/// unkeyed or single-value container. Nested values get an encoder of their own on a child node.
final class JSONTreeEncoder: Encoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    let state: JSONEncodingState
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(node: JSONNode, codingPath: [any CodingKey], state: JSONEncodingState) {
        self.node = node
        self.codingPath = codingPath
        self.state = state
    }

    /// Writes `value` into `node` (unset, or an object or array its encoding extends).
    ///
    /// - Throws: `EncodingError.invalidValue` for a `Date`, `Data`, `URL` or `Decimal` (see
    ///   ``JSONWriter``), or what `value`'s `encode(to:)` throws.
    static func write<T: Encodable>(
        _ value: T, into node: JSONNode, codingPath: [any CodingKey], state: JSONEncodingState
    ) throws {
        if let kind = refusedKind(of: value) {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: codingPath,
                    debugDescription:
                        "JSONWriter does not encode \(kind): JSONEncoder gives it a form its Encodable "
                        + "conformance does not have; encode the text or number you mean instead."))
        }
        try value.encode(to: JSONTreeEncoder(node: node, codingPath: codingPath, state: state))
    }

    /// The name of a Foundation type whose JSON form `JSONEncoder` decides, or `nil`.
    private static func refusedKind(of value: some Encodable) -> String? {
        switch value {
        case is Date: "Date"
        case is Data: "Data"
        case is URL: "URL"
        case is Decimal: "Decimal"
        default: nil
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(JSONKeyedContainer(encoder: self, object: object(at: codingPath)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        JSONUnkeyedContainer(encoder: self, array: array(at: codingPath))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONSingleValueContainer(encoder: self)
    }

    /// The node as an object to add members to: a fresh one when it is unset, the same one when
    /// it is an object already (a value may ask twice, as a subclass and its superclass do).
    /// Anything else is a misuse: the writer throws, and the container writes into a node no one
    /// prints.
    func object(at path: [any CodingKey]) -> JSONNode {
        if node.becomeObject() { return node }
        state.misuse(at: path, "asked for a keyed container after encoding something else")
        return JSONNode(.object)
    }

    /// The node as an array to append to; see ``object(at:)``.
    func array(at path: [any CodingKey]) -> JSONNode {
        if node.becomeArray() { return node }
        state.misuse(at: path, "asked for an unkeyed container after encoding something else")
        return JSONNode(.array)
    }

    /// An encoder for a child node, one coding key deeper.
    func child(_ node: JSONNode, key: any CodingKey) -> JSONTreeEncoder {
        JSONTreeEncoder(node: node, codingPath: codingPath + [key], state: state)
    }
}

/// What one ``JSONWriter/encode(_:)`` call shares among its encoders: the first misuse, which
/// `Encoder`'s non-throwing methods cannot report where it happens.
final class JSONEncodingState {
    private(set) var misuse: EncodingError?

    /// Records a misuse (the first one wins), thrown once encoding returns.
    func misuse(at path: [any CodingKey], _ description: String) {
        guard misuse == nil else { return }
        misuse = EncodingError.invalidValue(
            description,
            EncodingError.Context(codingPath: path, debugDescription: "The value \(description)."))
    }
}

/// A coding key the writer makes: an array index, or `super` for `superEncoder()`.
struct JSONPathKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
    }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }

    /// The key `superEncoder()` of a keyed container writes under.
    static let `super` = JSONPathKey(stringValue: "super")
}
