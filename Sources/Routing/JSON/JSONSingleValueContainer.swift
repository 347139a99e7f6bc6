/// The single-value container of ``JSONTreeEncoder``: the encoder's node itself, written once.
struct JSONSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONTreeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { set(.literal("null")) }
    mutating func encode(_ value: Bool) throws { set(.literal(String(value))) }
    mutating func encode(_ value: String) throws { set(.string(value)) }
    mutating func encode(_ value: Double) throws { set(try .number(value, codingPath: codingPath)) }
    mutating func encode(_ value: Float) throws { set(try .number(value, codingPath: codingPath)) }
    mutating func encode(_ value: Int) throws { set(.integer(value)) }
    mutating func encode(_ value: Int8) throws { set(.integer(value)) }
    mutating func encode(_ value: Int16) throws { set(.integer(value)) }
    mutating func encode(_ value: Int32) throws { set(.integer(value)) }
    mutating func encode(_ value: Int64) throws { set(.integer(value)) }
    mutating func encode(_ value: UInt) throws { set(.integer(value)) }
    mutating func encode(_ value: UInt8) throws { set(.integer(value)) }
    mutating func encode(_ value: UInt16) throws { set(.integer(value)) }
    mutating func encode(_ value: UInt32) throws { set(.integer(value)) }
    mutating func encode(_ value: UInt64) throws { set(.integer(value)) }

    /// Writes `value` into this encoder's node: its containers become the node's.
    mutating func encode<T: Encodable>(_ value: T) throws {
        guard case .unset = encoder.node.content else { return misuse() }
        try JSONTreeEncoder.write(value, into: encoder.node, codingPath: codingPath, state: encoder.state)
    }

    private func set(_ content: JSONNode.Content) {
        if !encoder.node.set(content) { misuse() }
    }

    private func misuse() {
        encoder.state.misuse(
            at: codingPath, "encoded a value through a single-value container after encoding another")
    }
}
