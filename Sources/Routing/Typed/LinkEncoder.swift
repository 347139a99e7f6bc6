/// The `Encoder` behind typed reverse routing (``Router/path(for:_:)-(String,Encodable)``): a
/// value's properties as named texts, in property order, each with every value it holds (one for
/// a scalar, each element for an array, none for `nil`). The inverse of ``RequestDecoder``, with
/// ``ScalarText`` as the one home of the scalar rules.
struct LinkEncoder: Encoder {
    /// The collected fields; a class so that the containers the `Encodable` conformance asks for
    /// can write to it. Lives only for one call of ``fields(of:)``.
    final class Fields {
        var entries: [(name: String, values: [String])] = []
        /// Set when a conformance asked for a nested container, written to or not: `decode`
        /// refuses such a type whatever it holds, so the encoder refuses it too.
        var refusal: RoutingError?

        /// How many values `name` has so far.
        func count(of name: String) -> Int {
            entries.first { $0.name == name }?.values.count ?? 0
        }

        func refuse(_ name: String) {
            refusal = refusal ?? FieldWriter.unsupported(name)
        }

        func append(_ value: String, to name: String) {
            if let index = entries.firstIndex(where: { $0.name == name }) {
                entries[index].values.append(value)
            } else {
                entries.append((name, [value]))
            }
        }
    }

    let fields: Fields
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// The named texts of `value`, in property order.
    static func fields(of value: some Encodable) throws -> [(name: String, values: [String])] {
        let fields = Fields()
        do {
            try value.encode(to: LinkEncoder(fields: fields))
            if let refusal = fields.refusal { throw refusal }
        } catch let error as RoutingError {
            throw error
        } catch {
            throw RoutingError(.badRequest, "\(type(of: value)) does not encode as a link: \(error)")
        }
        return fields.entries
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(Properties<Key>(fields: fields))
    }

    // A link's values need names: a list or a lone value at the top has none.
    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        fields.refuse("the value")
        return FieldWriter.RefusingList(name: "the value")
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        fields.refuse("the value")
        return FieldWriter.RefusingList(name: "the value")
    }

    /// The value's properties, each written by a ``FieldWriter``.
    private struct Properties<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let fields: Fields
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws {}

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            try FieldWriter(name: key.stringValue, fields: fields).write(value)
        }

        /// `nil` writes nothing, but a nested type is refused all the same: `decode` refuses it
        /// when the link has no value for it.
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            guard let value else {
                if let type = T.self as? any Decodable.Type, NestedValueProbe.isNested(type) {
                    fields.refuse(key.stringValue)
                }
                return
            }
            try encode(value, forKey: key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            FieldWriter(name: key.stringValue, fields: fields).container(keyedBy: NestedKey.self)
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            FieldWriter(name: key.stringValue, fields: fields).unkeyedContainer()
        }

        mutating func superEncoder() -> any Encoder { FieldWriter(name: "super", fields: fields) }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            FieldWriter(name: key.stringValue, fields: fields)
        }
    }
}
