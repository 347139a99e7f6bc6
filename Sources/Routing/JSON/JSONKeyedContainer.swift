/// The keyed container of ``JSONTreeEncoder``: members of a JSON object. A key written twice keeps
/// the last value; `encodeIfPresent` (the standard library's) leaves out a `nil`.
struct JSONKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONTreeEncoder
    let object: JSONNode
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil(forKey key: Key) throws { set(JSONNode(.literal("null")), key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        set(JSONNode(.literal(String(value))), key)
    }
    mutating func encode(_ value: String, forKey key: Key) throws { set(JSONNode(.string(value)), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { set(try number(value, key), key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { set(try number(value, key), key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { set(JSONNode(.integer(value)), key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { set(JSONNode(.integer(value)), key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { set(JSONNode(.integer(value)), key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { set(JSONNode(.integer(value)), key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { set(JSONNode(.integer(value)), key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { set(JSONNode(.integer(value)), key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { set(JSONNode(.integer(value)), key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { set(JSONNode(.integer(value)), key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { set(JSONNode(.integer(value)), key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { set(JSONNode(.integer(value)), key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let node = JSONNode()
        set(node, key)
        try JSONTreeEncoder.write(value, into: node, codingPath: codingPath + [key], state: encoder.state)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let node = member(key) { $0.becomeObject() }
        return KeyedEncodingContainer(
            JSONKeyedContainer<NestedKey>(encoder: encoder.child(node, key: key), object: node))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let node = member(key) { $0.becomeArray() }
        return JSONUnkeyedContainer(encoder: encoder.child(node, key: key), array: node)
    }

    mutating func superEncoder() -> any Encoder {
        let node = JSONNode()
        object.setMember(JSONPathKey.super.stringValue, node)
        return encoder.child(node, key: JSONPathKey.super)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let node = JSONNode()
        set(node, key)
        return encoder.child(node, key: key)
    }

    private func set(_ node: JSONNode, _ key: Key) {
        object.setMember(key.stringValue, node)
    }

    private func number<F: BinaryFloatingPoint & CustomStringConvertible>(_ value: F, _ key: Key) throws
        -> JSONNode
    {
        JSONNode(try .number(value, codingPath: codingPath + [key]))
    }

    /// The member under `key` made an object or array by `become`: the one already there when it
    /// can be (a nested container asked for twice fills one member), else a new one.
    private func member(_ key: Key, _ become: (JSONNode) -> Bool) -> JSONNode {
        if let existing = object.member(key.stringValue), become(existing) { return existing }
        let node = JSONNode()
        _ = become(node)
        set(node, key)
        return node
    }
}
