/// The unkeyed container of ``JSONTreeEncoder``: the elements of a JSON array, in order.
struct JSONUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: JSONTreeEncoder
    let array: JSONNode
    var codingPath: [any CodingKey] { encoder.codingPath }
    /// Every element of the array, those other containers on it appended included.
    var count: Int { array.elements.count }

    mutating func encodeNil() throws { array.append(JSONNode(.literal("null"))) }
    mutating func encode(_ value: Bool) throws { array.append(JSONNode(.literal(String(value)))) }
    mutating func encode(_ value: String) throws { array.append(JSONNode(.string(value))) }
    mutating func encode(_ value: Double) throws {
        array.append(JSONNode(try .number(value, codingPath: nextPath)))
    }
    mutating func encode(_ value: Float) throws {
        array.append(JSONNode(try .number(value, codingPath: nextPath)))
    }
    mutating func encode(_ value: Int) throws { array.append(JSONNode(.integer(value))) }
    mutating func encode(_ value: Int8) throws { array.append(JSONNode(.integer(value))) }
    mutating func encode(_ value: Int16) throws { array.append(JSONNode(.integer(value))) }
    mutating func encode(_ value: Int32) throws { array.append(JSONNode(.integer(value))) }
    mutating func encode(_ value: Int64) throws { array.append(JSONNode(.integer(value))) }
    mutating func encode(_ value: UInt) throws { array.append(JSONNode(.integer(value))) }
    mutating func encode(_ value: UInt8) throws { array.append(JSONNode(.integer(value))) }
    mutating func encode(_ value: UInt16) throws { array.append(JSONNode(.integer(value))) }
    mutating func encode(_ value: UInt32) throws { array.append(JSONNode(.integer(value))) }
    mutating func encode(_ value: UInt64) throws { array.append(JSONNode(.integer(value))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = nextPath
        let node = JSONNode()
        array.append(node)
        try JSONTreeEncoder.write(value, into: node, codingPath: path, state: encoder.state)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let (node, child) = appendChild()
        _ = node.becomeObject()
        return KeyedEncodingContainer(JSONKeyedContainer<NestedKey>(encoder: child, object: node))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (node, child) = appendChild()
        _ = node.becomeArray()
        return JSONUnkeyedContainer(encoder: child, array: node)
    }

    mutating func superEncoder() -> any Encoder {
        appendChild().encoder
    }

    /// The coding path of the next element.
    private var nextPath: [any CodingKey] { codingPath + [JSONPathKey(intValue: count)] }

    /// Appends an unset element, with an encoder for it.
    private func appendChild() -> (node: JSONNode, encoder: JSONTreeEncoder) {
        let key = JSONPathKey(intValue: count)
        let node = JSONNode()
        array.append(node)
        return (node, encoder.child(node, key: key))
    }
}
