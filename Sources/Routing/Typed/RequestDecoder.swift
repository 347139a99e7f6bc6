/// The `Decoder` behind ``Request/decode(_:)``: a flat, keyed view of a request's path parameters
/// (first) and query items. Each property reads one key; a scalar reads the key's first value, an
/// array every value. Nested keyed or unkeyed values are refused: a link has no structure to
/// decode them from.
struct RequestDecoder: Decoder {
    let request: Request
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(Fields<Key>(request: request))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw RoutingError(.badRequest, "a request decodes into a struct of named values, not a list")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw RoutingError(.badRequest, "a request decodes into a struct of named values, not one value")
    }

    /// The properties. `String`, `Int`, `Bool` and `Double`, optional or not, are read without
    /// going through the generic path, which the synthesized conformances call for everything else.
    private struct Fields<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let request: Request
        var codingPath: [any CodingKey] { [] }
        var allKeys: [Key] {
            (request.params.names + request.query.items.map(\.name)).compactMap(Key.init(stringValue:))
        }

        func contains(_ key: Key) -> Bool {
            request.params[key.stringValue] != nil || request.query[key.stringValue] != nil
        }

        func decodeNil(forKey key: Key) throws -> Bool { !contains(key) }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            // A missing key is an empty field: an array decodes to `[]`, anything else is missing.
            try FieldValues.decode(T.self, key: key.stringValue, in: request)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            let field = FieldValues(key: key.stringValue, in: request)
            if field.first != nil { return try field.decode(T.self) }
            // Absent, a nested type is refused all the same, as it is when present and as
            // `path(for:)` refuses it when `nil`.
            if NestedValueProbe.isNested(T.self) { throw FieldValues.unsupported(key.stringValue) }
            return nil
        }

        func decode(_ type: String.Type, forKey key: Key) throws -> String {
            try scalar(key) { $0 }
        }

        func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
            try scalar(key) { Int($0) }
        }

        func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
            try scalar(key, ScalarText.bool)
        }

        func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
            try scalar(key) { Double($0) }
        }

        func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
            request.parameterOrQueryItem(key.stringValue)
        }

        func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
            try scalarIfPresent(key) { Int($0) }
        }

        func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
            try scalarIfPresent(key, ScalarText.bool)
        }

        func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
            try scalarIfPresent(key) { Double($0) }
        }

        /// The key's first value read with `read`. A value that reads needs no ``FieldValues``;
        /// for one that does not, `FieldValues` reads it again and words the 400.
        @inline(__always)
        private func scalar<T>(_ key: Key, _ read: (String) -> T?) throws -> T {
            let name = key.stringValue
            if let text = request.parameterOrQueryItem(name), let value = read(text) { return value }
            return try FieldValues(key: name, in: request).scalar(T.self, read)
        }

        /// ``scalar(_:_:)`` for an optional property: `nil` when the key is absent.
        @inline(__always)
        private func scalarIfPresent<T>(_ key: Key, _ read: (String) -> T?) throws -> T? {
            let name = key.stringValue
            guard let text = request.parameterOrQueryItem(name) else { return nil }
            if let value = read(text) { return value }
            return try FieldValues(key: name, in: request).scalar(T.self, read)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
            -> KeyedDecodingContainer<NestedKey>
        {
            throw FieldValues.unsupported(key.stringValue)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            throw FieldValues.unsupported(key.stringValue)
        }

        func superDecoder() throws -> any Decoder { throw FieldValues.unsupported("super") }
        func superDecoder(forKey key: Key) throws -> any Decoder {
            throw FieldValues.unsupported(key.stringValue)
        }
    }
}
