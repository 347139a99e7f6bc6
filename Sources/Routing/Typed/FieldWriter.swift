/// Writes one property of a value for ``LinkEncoder``: a scalar as its text (``ScalarText``), a
/// `UUID` or a `RawRepresentable` enum through its single-value `Encodable` conformance, an array
/// as one value per element. Anything nested (a struct, an array of arrays) is refused: a link
/// has no structure to carry it.
struct FieldWriter: Encoder {
    let name: String
    let fields: LinkEncoder.Fields
    /// `false` for an array's element: its elements would have nowhere to go.
    var allowsList = true
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// Appends the text of `value`, or of each of its elements.
    func write<T: Encodable>(_ value: T) throws {
        if let text = ScalarText.text(of: value) {
            fields.append(text, to: name)
            return
        }
        guard allowsList, let list = T.self as? any TextList.Type else { return try value.encode(to: self) }
        // An array that writes nothing (empty, or only `nil` elements) asks for no nested
        // container: its element type is checked instead, as `decode` checks it for an absent key.
        let before = fields.count(of: name)
        try value.encode(to: self)
        if fields.count(of: name) == before && list.hasNestedElement { fields.refuse(name) }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        fields.refuse(name)
        return KeyedEncodingContainer(RefusingKeyed<Key>(name: name))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard allowsList else {
            fields.refuse(name)
            return RefusingList(name: name)
        }
        return Slot(writer: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Slot(writer: self) }

    static func unsupported(_ name: String) -> RoutingError {
        RoutingError(.badRequest, "'\(name)' holds a nested value " + NestedValueProbe.explanation)
    }

    /// Where an array's elements, or a single-value conformance's value, are written.
    private struct Slot: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        let writer: FieldWriter
        private(set) var count = 0
        var codingPath: [any CodingKey] { [] }

        init(writer: FieldWriter) {
            self.writer = writer
        }

        mutating func encodeNil() throws {}

        mutating func encode<T: Encodable>(_ value: T) throws {
            var element = writer
            element.allowsList = false
            try element.write(value)
            count += 1
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            writer.fields.refuse(writer.name)
            return KeyedEncodingContainer(RefusingKeyed<NestedKey>(name: writer.name))
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            writer.fields.refuse(writer.name)
            return RefusingList(name: writer.name)
        }

        mutating func superEncoder() -> any Encoder { writer }
    }

    /// A nested keyed container: every write throws.
    private struct RefusingKeyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let name: String
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { throw FieldWriter.unsupported(name) }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            throw FieldWriter.unsupported(name)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            KeyedEncodingContainer(RefusingKeyed<NestedKey>(name: name))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            RefusingList(name: name)
        }
        mutating func superEncoder() -> any Encoder {
            FieldWriter(name: name, fields: .init(), allowsList: false)
        }
        mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
    }

    /// A nested list, or a value with no name: every write throws.
    struct RefusingList: UnkeyedEncodingContainer, SingleValueEncodingContainer {
        let name: String
        var count: Int { 0 }
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { throw FieldWriter.unsupported(name) }
        mutating func encode<T: Encodable>(_ value: T) throws { throw FieldWriter.unsupported(name) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
            -> KeyedEncodingContainer<NestedKey>
        {
            KeyedEncodingContainer(RefusingKeyed<NestedKey>(name: name))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { RefusingList(name: name) }
        mutating func superEncoder() -> any Encoder {
            FieldWriter(name: name, fields: .init(), allowsList: false)
        }
    }
}
